import { zodResolver } from '@hookform/resolvers/zod';
import type { ContactDetails } from '@linedesk/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
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
    <FormDialog
      open={open}
      title={t('contact.editTitle')}
      onClose={close}
      onSubmit={onSubmit}
      submitLabel={t('contact.save')}
      pending={save.isPending}
      errorText={save.isError ? errorMessage(save.error) : null}
      formTestId="contact-details-form"
      submitTestId="contact-details-submit"
    >
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
    </FormDialog>
  );
}
