import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/form-text-field';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useCreateKbCategory } from '../hooks/use-knowledge-base';
import { kbCategoryFormSchema, type KbCategoryFormValues } from '../lib/support-forms';

const empty: KbCategoryFormValues = { name: '', description: '' };

export function KbCategoryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const create = useCreateKbCategory();
  const { control, handleSubmit, reset } = useForm<KbCategoryFormValues>({
    resolver: zodResolver(kbCategoryFormSchema),
    defaultValues: empty,
  });

  const close = () => {
    create.reset();
    reset(empty);
    onClose();
  };

  const onSubmit = handleSubmit((values) =>
    create.mutate(
      { name: values.name, description: values.description || null },
      {
        onSuccess: () => {
          snackbar(t('kb.categoryDialog.created'));
          close();
        },
      },
    ),
  );

  return (
    <Dialog open={open} onClose={create.isPending ? undefined : close} fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit} data-testid="kb-category-form">
        <DialogTitle>{t('kb.categoryDialog.title')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 3, pt: 1 }}>
            {create.isError && <Alert severity="error">{errorMessage(create.error)}</Alert>}
            <FormTextField
              control={control}
              name="name"
              label={t('kb.categoryDialog.name')}
              required
              autoFocus
            />
            <FormTextField
              control={control}
              name="description"
              label={t('kb.categoryDialog.description')}
              multiline
              minRows={2}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="inherit" onClick={close} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={create.isPending}
            data-testid="kb-category-submit"
          >
            {t('kb.categoryDialog.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
