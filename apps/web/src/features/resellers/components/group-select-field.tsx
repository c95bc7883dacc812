import MenuItem from '@mui/material/MenuItem';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/form-text-field';
import { useGroups } from '../../groups/hooks/use-groups';
import { useGroupName } from '../../groups/hooks/use-group-name';

type GroupSelectFieldProps<T extends FieldValues> = { control: Control<T>; name: FieldPath<T> };

/** The groups to pick from (admins only: the groups list is theirs). */
export function GroupSelectField<T extends FieldValues>({ control, name }: GroupSelectFieldProps<T>) {
  const { t } = useTranslation();
  const groupName = useGroupName();
  const groups = useGroups();
  // Until the list is in, an empty select would warn about a value it has no option for.
  if (!groups.data) return <FormTextField control={control} name={name} label={t('fields.group')} disabled />;
  return (
    <FormTextField
      control={control}
      name={name}
      label={t('fields.group')}
      select
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'field-group-select' } as object } }}
    >
      {groups.data.map((group) => (
        <MenuItem key={group.id} value={group.id} data-testid={`group-option-${group.id}`}>
          {groupName(group)}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
