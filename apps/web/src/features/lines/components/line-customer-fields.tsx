import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/form-text-field';
import { useLanguageOptions } from '../../../i18n/use-app-language';

type CustomerField = 'name' | 'email' | 'language' | 'company' | 'notes';

type LineCustomerFieldsProps<T extends FieldValues> = {
  control: Control<T>;
  /** Shown across the full width between the company and the notes. */
  children?: ReactNode;
};

/**
 * Who a line is for (name, email, the language of the mails they get, company, notes), in a
 * two-column grid of the add and the edit form; the notes take the full width.
 */
export function LineCustomerFields<T extends FieldValues & Record<CustomerField, unknown>>({
  control,
  children,
}: LineCustomerFieldsProps<T>) {
  const { t } = useTranslation();
  const languageOptions = useLanguageOptions();
  // Every line form has these fields; the constraint on T says so, the cast tells FieldPath.
  const field = (name: CustomerField) => name as FieldPath<T>;
  return (
    <>
      <FormTextField control={control} name={field('name')} label={t('lines.fields.name')} />
      <FormTextField control={control} name={field('email')} label={t('lines.fields.email')} type="email" />
      <FormTextField
        control={control}
        name={field('language')}
        label={t('lines.fields.language')}
        helperText={t('lines.fields.languageHelp')}
        select
        // The empty value is a choice of its own ("same as mine"), shown rather than a blank field.
        slotProps={{ select: { displayEmpty: true } }}
      >
        <MenuItem value="">{t('lines.fields.languageOwner')}</MenuItem>
        {languageOptions.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={control} name={field('company')} label={t('lines.fields.company')} />
      {children && <Box sx={{ gridColumn: { sm: '1 / -1' } }}>{children}</Box>}
      <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
        <FormTextField
          control={control}
          name={field('notes')}
          label={t('lines.fields.notes')}
          multiline
          minRows={3}
        />
      </Box>
    </>
  );
}
