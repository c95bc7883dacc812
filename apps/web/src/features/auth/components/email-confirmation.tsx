import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { paths } from '../../../lib/paths';
import { useVerifyEmail } from '../hooks/use-auth-mutations';

export function EmailConfirmation() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // Tokens are single-use: the effect must not fire twice (StrictMode, re-renders).
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token, { onSuccess: () => navigate(paths.root, { replace: true }) });
  }, [token, mutate, navigate]);

  const failure = !token
    ? new ApiError(400, 'INVALID_TOKEN', 'Missing token')
    : verify.isError
      ? verify.error
      : null;

  if (failure) {
    return (
      <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 2 }} data-testid="callback-error">
        <ErrorOutlinedIcon color="error" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h1">
          {t('auth.callback.failedTitle')}
        </Typography>
        <Alert severity="error" sx={{ width: 1, textAlign: 'left' }}>
          {errorMessage(failure)}
        </Alert>
        <Button
          component={RouterLink}
          to={paths.signIn}
          variant="contained"
          data-testid="callback-sign-in-link"
        >
          {t('auth.backToSignIn')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 3, py: 2 }} data-testid="callback-pending">
      <CircularProgress />
      <Typography variant="h6" component="h1">
        {t('auth.callback.confirming')}
      </Typography>
    </Stack>
  );
}
