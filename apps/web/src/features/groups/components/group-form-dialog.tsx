import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { permissions, type Group, type Permission } from '@linedesk/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useSaveGroup } from '../hooks/use-groups';

const groupFormSchema = z.object({
  name: z.string().trim().min(1, { error: 'REQUIRED' }).max(100, { error: 'TOO_LONG' }),
  description: z.string().trim().max(500, { error: 'TOO_LONG' }),
  permissions: z.array(z.enum(permissions)),
});
type GroupFormValues = z.input<typeof groupFormSchema>;

type GroupFormDialogProps = {
  open: boolean;
  /** null = create a new group. */
  group: Group | null;
  onClose: () => void;
  onSaved: (group: Group) => void;
};

function toValues(group: Group | null): GroupFormValues {
  return {
    name: group?.name ?? '',
    description: group?.description ?? '',
    permissions: group?.permissions ?? [],
  };
}

export function GroupFormDialog({ open, group, onClose, onSaved }: GroupFormDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const save = useSaveGroup();
  const { control, handleSubmit } = useForm<GroupFormValues>({
    resolver: zodResolver(groupFormSchema),
    values: toValues(group),
  });

  const onSubmit = handleSubmit((values) => {
    const body = {
      name: values.name.trim(),
      description: values.description.trim() || null,
      // Keep the canonical order so the list reads the same everywhere.
      permissions: permissions.filter((permission) => values.permissions.includes(permission)),
    };
    save.mutate({ id: group?.id ?? null, body }, { onSuccess: onSaved });
  });

  return (
    <FormDialog
      open={open}
      title={group ? t('groups.editTitle') : t('groups.createTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={group ? t('common.saveChanges') : t('groups.create')}
      pending={save.isPending}
      errorText={save.isError ? errorMessage(save.error) : null}
      onExited={() => save.reset()}
      formTestId="group-form"
      submitTestId="group-form-submit"
      errorTestId="group-form-error"
    >
      <FormTextField control={control} name="name" label={t('groups.name')} autoFocus />
      <FormTextField
        control={control}
        name="description"
        label={t('groups.description')}
        multiline
        minRows={2}
      />
      <Controller
        control={control}
        name="permissions"
        render={({ field }) => {
          const toggle = (permission: Permission, checked: boolean) =>
            field.onChange(
              checked ? [...field.value, permission] : field.value.filter((value) => value !== permission),
            );
          return (
            <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
              <FormLabel component="legend" sx={{ typography: 'subtitle2', mb: 1 }}>
                {t('groups.permissions')}
              </FormLabel>
              <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                {permissions.map((permission) => (
                  <FormControlLabel
                    key={permission}
                    label={t(`permissions.${permission}`)}
                    control={
                      <Checkbox
                        checked={field.value.includes(permission)}
                        onChange={(event) => toggle(permission, event.target.checked)}
                        slotProps={{ input: { 'data-testid': `permission-${permission}` } as object }}
                      />
                    }
                  />
                ))}
              </FormGroup>
            </Box>
          );
        }}
      />
    </FormDialog>
  );
}
