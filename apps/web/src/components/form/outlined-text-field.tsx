import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';

type OutlinedTextFieldProps = Omit<OutlinedInputProps, 'label' | 'notched' | 'fullWidth'> & {
  label: string;
  helperText?: ReactNode;
  /** Put on the `<input>` itself (tests find fields by it). */
  testId?: string;
};

/**
 * What `<TextField>` renders for an outlined text input with its label always raised (the same
 * FormControl, label, input and helper text, linked by ids), without TextField's own module, which
 * also brings Select and its menu. The sign-in page uses it to keep its first download small.
 */
export function OutlinedTextField(props: OutlinedTextFieldProps) {
  const {
    label,
    helperText,
    error,
    required,
    disabled,
    testId,
    id: idOverride,
    inputProps,
    size,
    ...input
  } = props;
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      className="MuiTextField-root"
      fullWidth
      error={error}
      required={required}
      disabled={disabled}
      size={size}
    >
      <InputLabel htmlFor={id} id={`${id}-label`} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        notched
        fullWidth
        aria-describedby={helperTextId}
        inputProps={{ ...inputProps, 'data-testid': testId }}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
