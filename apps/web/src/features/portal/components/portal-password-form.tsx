import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { usePortalChangePassword } from '../hooks/use-portal';

/** A new password for the line: the server writes it to the card-sharing server like any edit. */
export function PortalPasswordForm() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const change = usePortalChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          snackbar(t('portal.password.changed'));
        },
        onError: (error) => snackbar(errorMessage(error), 'error'),
      },
    );
  };
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} sx={{ gap: 2 }} data-testid="portal-password-form">
      <Typography variant="h6" component="h2">
        {t('portal.password.title')}
      </Typography>
      <TextField
        type="password"
        label={t('portal.password.current')}
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        autoComplete="current-password"
      />
      <TextField
        type="password"
        label={t('portal.password.new')}
        value={next}
        onChange={(event) => setNext(event.target.value)}
        autoComplete="new-password"
        helperText={t('portal.password.help')}
      />
      <Button type="submit" variant="outlined" disabled={!current || !next} loading={change.isPending}>
        {t('portal.password.submit')}
      </Button>
    </Stack>
  );
}
