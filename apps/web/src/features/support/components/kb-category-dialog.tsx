import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
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
    <FormDialog
      open={open}
      title={t('kb.categoryDialog.title')}
      onClose={close}
      onSubmit={onSubmit}
      submitLabel={t('kb.categoryDialog.save')}
      pending={create.isPending}
      errorText={create.isError ? errorMessage(create.error) : null}
      formTestId="kb-category-form"
      submitTestId="kb-category-submit"
    >
      <FormTextField control={control} name="name" label={t('kb.categoryDialog.name')} required autoFocus />
      <FormTextField
        control={control}
        name="description"
        label={t('kb.categoryDialog.description')}
        multiline
        minRows={2}
      />
    </FormDialog>
  );
}
