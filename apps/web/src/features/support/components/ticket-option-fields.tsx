import MenuItem from '@mui/material/MenuItem';
import { ticketCategories, ticketPriorities } from '@linedesk/shared';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/form-text-field';

type OptionFieldProps<T extends FieldValues> = { control: Control<T>; name: FieldPath<T> };

export function TicketPriorityField<T extends FieldValues>({ control, name }: OptionFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <FormTextField
      control={control}
      name={name}
      label={t('tickets.fields.priority')}
      select
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': `${name}-select` } as object } }}
    >
      {ticketPriorities.map((priority) => (
        <MenuItem key={priority} value={priority} data-testid={`priority-option-${priority}`}>
          {t(`tickets.priority.${priority}`)}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

export function TicketCategoryField<T extends FieldValues>({ control, name }: OptionFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <FormTextField
      control={control}
      name={name}
      label={t('tickets.fields.category')}
      select
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': `${name}-select` } as object } }}
    >
      {ticketCategories.map((category) => (
        <MenuItem key={category} value={category} data-testid={`category-option-${category}`}>
          {t(`tickets.category.${category}`)}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
