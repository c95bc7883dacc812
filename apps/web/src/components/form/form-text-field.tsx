import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useValidationMessage } from '../../i18n/use-error-message';

type FormTextFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'error'
> & {
  name: FieldPath<T>;
  control: Control<T>;
  /** Adds a show/hide toggle and switches the input type. */
  password?: boolean;
};

/** A TextField bound to react-hook-form; zod messages (error codes) are shown translated. */
export function FormTextField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  const { name, control, password = false, helperText, slotProps, ...rest } = props;
  const { t } = useTranslation();
  const validationMessage = useValidationMessage();
  const [visible, setVisible] = useState(false);

  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          fullWidth
          type={password && !visible ? 'password' : rest.type}
          error={Boolean(fieldState.error)}
          helperText={validationMessage(fieldState.error?.message) ?? helperText}
          slotProps={{
            ...slotProps,
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': `field-${name}` },
            ...(password && {
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      edge="end"
                      onClick={() => setVisible((value) => !value)}
                      aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
                    >
                      {visible ? <VisibilityIcon /> : <VisibilityOffIcon />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }),
          }}
        />
      )}
    />
  );
}
