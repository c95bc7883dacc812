import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

type CurrentPasswordFieldProps = {
  value: string;
  onChange: (value: string) => void;
  testId: string;
};

/** The account's password, asked again before two-factor sign-in is switched on or off. */
export function CurrentPasswordField({ value, onChange, testId }: CurrentPasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      type="password"
      label={t('accountSecurity.setup.password')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="current-password"
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  );
}
