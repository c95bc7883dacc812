import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import dayjs from 'dayjs';
import type { Ref } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useDayjsLocale } from '../../i18n/mui/use-mui-locales';
import { useValidationMessage } from '../../i18n/use-error-message';

// Dates are typed as DD-MM-YYYY in every language, between 1900 and 2099 (docs/spec-rules.md,
// "Dates"); the picker's month and day names follow the panel's language. A browser's own date input
// would follow the browser's language instead (mm/dd/yyyy on an English Windows beside German texts).
export const DATE_INPUT_FORMAT = 'DD-MM-YYYY';
const MIN_DATE = dayjs('1900-01-01');
const MAX_DATE = dayjs('2099-12-31');

export type DateFieldProps = {
  label: string;
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  /** YYYY-MM-DD, or '' while the date is empty or incomplete. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  helperText?: string;
  error?: boolean;
  fullWidth?: boolean;
  testId?: string;
};

/** One date, typed or picked, kept as YYYY-MM-DD (the API's format). */
export function DateField(props: DateFieldProps) {
  const { label, value, onChange, onBlur, inputRef, helperText, error, fullWidth, testId } = props;
  const locale = useDayjsLocale();
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={locale}>
      <DatePicker
        label={label}
        value={value ? dayjs(value) : null}
        onChange={(picked) => onChange(picked && picked.isValid() ? picked.format('YYYY-MM-DD') : '')}
        format={DATE_INPUT_FORMAT}
        minDate={MIN_DATE}
        maxDate={MAX_DATE}
        slotProps={{
          textField: {
            fullWidth,
            onBlur,
            error,
            helperText,
            inputRef,
            slotProps: { inputLabel: { shrink: true } },
            // @ts-expect-error data attributes are passed through to the field's root
            'data-testid': testId,
          },
        }}
      />
    </LocalizationProvider>
  );
}

type FormDateFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  helperText?: string;
};

/** A DateField bound to a react-hook-form field (a YYYY-MM-DD string), with its validation message. */
export function FormDateField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
}: FormDateFieldProps<T>) {
  const validationMessage = useValidationMessage();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <DateField
          label={label}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={validationMessage(fieldState.error?.message) ?? helperText}
          fullWidth
          testId={`field-${name}`}
        />
      )}
    />
  );
}
