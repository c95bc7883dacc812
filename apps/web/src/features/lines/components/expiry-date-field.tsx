import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import dayjs from 'dayjs';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDayjsLocale } from '../../../i18n/mui/use-mui-locales';
import { useValidationMessage } from '../../../i18n/use-error-message';
import type { EditLineFormValues } from '../lib/line-form';

// The picker covers 1900 to 2099 and shows DD-MM-YYYY (docs/spec-rules.md, "Dates").
const MIN_DATE = dayjs('1900-01-01');
const MAX_DATE = dayjs('2099-12-31');
const DISPLAY_FORMAT = 'DD-MM-YYYY';

/** Admins set any expiry date; the form keeps it as YYYY-MM-DD, the API's format. */
export function ExpiryDateField({ control }: { control: Control<EditLineFormValues> }) {
  const { t } = useTranslation();
  const dayjsLocale = useDayjsLocale();
  const validationMessage = useValidationMessage();
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={dayjsLocale}>
      <Controller
        control={control}
        name="expiry_date"
        render={({ field, fieldState }) => (
          <DatePicker
            label={t('lines.fields.expiry')}
            value={field.value ? dayjs(field.value) : null}
            onChange={(value) => field.onChange(value && value.isValid() ? value.format('YYYY-MM-DD') : '')}
            format={DISPLAY_FORMAT}
            minDate={MIN_DATE}
            maxDate={MAX_DATE}
            slotProps={{
              textField: {
                fullWidth: true,
                onBlur: field.onBlur,
                error: Boolean(fieldState.error),
                helperText: validationMessage(fieldState.error?.message) ?? t('lines.fields.expiryAdminHelp'),
                inputRef: field.ref,
                slotProps: { inputLabel: { shrink: true } },
                // @ts-expect-error data attributes are passed through to the field's root
                'data-testid': 'field-expiry_date',
              },
            }}
          />
        )}
      />
    </LocalizationProvider>
  );
}
