import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { ContactDetails } from '@linedesk/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/form-text-field';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useSaveContactDetails } from '../hooks/use-contact';
import { contactDetailsFormSchema, type ContactDetailsFormValues } from '../lib/support-forms';

type ContactDetailsDialogProps = { open: boolean; details: ContactDetails | undefined; onClose: () => void };

const empty: ContactDetailsFormValues = { email: '', telegram: '', whatsapp: '', hours: '', note: '' };

export function ContactDetailsDialog({ open, details, onClose }: ContactDetailsDialogProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const save = useSaveContactDetails();
  const { control, handleSubmit, reset } = useForm<ContactDetailsFormValues>({
    resolver: zodResolver(contactDetailsFormSchema),
    defaultValues: details ?? empty,
  });

  useEffect(() => {
    if (open) reset(details ?? empty);
    // Only on opening: a live refresh must not overwrite what the admin is typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const close = () => {
    save.reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        snackbar(t('contact.saved'));
        close();
      },
    }),
  );

  return (
    <Dialog open={open} onClose={save.isPending ? undefined : close} fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit} data-testid="contact-details-form">
        <DialogTitle>{t('contact.editTitle')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 3, pt: 1 }}>
            {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
            <FormTextField control={control} name="email" label={t('contact.email')} type="email" autoFocus />
            <FormTextField
              control={control}
              name="telegram"
              label={t('contact.telegram')}
              helperText={t('contact.telegramHelp')}
            />
            <FormTextField
              control={control}
              name="whatsapp"
              label={t('contact.whatsapp')}
              helperText={t('contact.whatsappHelp')}
            />
            <FormTextField
              control={control}
              name="hours"
              label={t('contact.hours')}
              helperText={t('contact.hoursHelp')}
            />
            <FormTextField control={control} name="note" label={t('contact.note')} multiline minRows={2} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="inherit" onClick={close} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={save.isPending}
            data-testid="contact-details-submit"
          >
            {t('contact.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
