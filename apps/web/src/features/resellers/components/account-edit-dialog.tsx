import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import type { AccountPatch, ManagedAccount } from '@linedesk/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useUpdateAccount } from '../hooks/use-accounts';
import { GroupSelectField } from './group-select-field';

const schema = z.object({
  full_name: z.string().trim().max(200, { error: 'TOO_LONG' }),
  notes: z.string().max(5000, { error: 'TOO_LONG' }),
  group_id: z.number().int(),
});
type Values = z.infer<typeof schema>;

export type AccountEditMode = 'edit' | 'group';

type AccountEditDialogProps = {
  open: boolean;
  /** 'edit': name and notes; 'group': move to another group (admins). */
  mode: AccountEditMode;
  account: ManagedAccount | null;
  onClose: () => void;
  onSaved: (account: ManagedAccount) => void;
};

export function AccountEditDialog({ open, mode, account, onClose, onSaved }: AccountEditDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const update = useUpdateAccount();
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(schema),
    values: {
      full_name: account?.full_name ?? '',
      notes: account?.notes ?? '',
      group_id: account?.group_id ?? 3,
    },
    // A live refresh of the list must not wipe what is being typed.
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit((values) => {
    if (!account) return;
    const body: AccountPatch =
      mode === 'group'
        ? { group_id: values.group_id }
        : { full_name: values.full_name, notes: values.notes.trim() ? values.notes : null };
    update.mutate({ id: account.id, body }, { onSuccess: onSaved });
  });

  return (
    <FormDialog
      open={open}
      title={mode === 'group' ? t('resellers.edit.groupTitle') : t('resellers.edit.title')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t('common.saveChanges')}
      pending={update.isPending}
      errorText={update.isError ? errorMessage(update.error) : null}
      onExited={() => update.reset()}
      formTestId="account-edit-form"
      submitTestId="account-edit-submit"
      errorTestId="account-edit-error"
    >
      <Typography variant="subtitle2">{account?.email}</Typography>
      {mode === 'group' ? (
        <>
          <GroupSelectField control={control} name="group_id" />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('resellers.edit.groupHelp')}
          </Typography>
        </>
      ) : (
        <>
          <FormTextField control={control} name="full_name" label={t('fields.fullName')} />
          <FormTextField
            control={control}
            name="notes"
            label={t('resellers.fields.notes')}
            multiline
            minRows={4}
          />
        </>
      )}
    </FormDialog>
  );
}
