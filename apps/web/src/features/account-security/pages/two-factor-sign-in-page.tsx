import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { AuthLayout } from '../../../layouts/auth/auth-layout';
import { paths } from '../../../lib/paths';
import { GuestGuard } from '../../auth/components/guest-guard';
import { useVerifyTwoFactor } from '../hooks/use-account-security';

/**
 * The second sign-in step, after a right password: a code from the authenticator app or a backup
 * code. Signing in fills the account into the cache, and the guest guard moves on to where the
 * visitor was going.
 */
export function TwoFactorSignInPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const location = useLocation();
  const verify = useVerifyTwoFactor();
  const [code, setCode] = useState('');
  const expired = isApiError(verify.error) && verify.error.code === 'TWO_FACTOR_CHALLENGE_EXPIRED';

  return (
    <GuestGuard>
      <title>{`${t('accountSecurity.step.title')} | Linedesk`}</title>
      <AuthLayout>
        <Box
          component="form"
          noValidate
          data-testid="two-factor-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (code.trim()) verify.mutate(code.trim());
          }}
        >
          <Stack sx={{ gap: 1, mb: 4 }}>
            <Typography variant="h5" component="h1">
              {t('accountSecurity.step.title')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('accountSecurity.step.text')}
            </Typography>
          </Stack>
          {verify.isError && (
            <Alert severity="error" sx={{ mb: 3 }} data-testid="form-error">
              {errorMessage(verify.error)}
            </Alert>
          )}
          <Stack sx={{ gap: 3 }}>
            <TextField
              label={t('accountSecurity.step.code')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'field-code', maxLength: 32, spellCheck: false } }}
            />
            <Button
              type="submit"
              size="large"
              variant="contained"
              fullWidth
              loading={verify.isPending}
              disabled={expired}
              data-testid="two-factor-submit"
            >
              {t('accountSecurity.step.submit')}
            </Button>
            <Link
              component={RouterLink}
              to={paths.signIn}
              state={location.state}
              variant="subtitle2"
              sx={{ alignSelf: 'center' }}
            >
              {t('accountSecurity.step.startOver')}
            </Link>
          </Stack>
        </Box>
      </AuthLayout>
    </GuestGuard>
  );
}
