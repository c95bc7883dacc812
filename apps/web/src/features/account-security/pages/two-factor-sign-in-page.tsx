import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { AuthLayout } from '../../../layouts/auth/auth-layout';
import { paths } from '../../../lib/paths';
import { GuestGuard } from '../../auth/components/guest-guard';
import { useVerifyTwoFactor } from '../hooks/use-account-security';
import { AuthForm } from '../../../layouts/auth/auth-form';
import { AuthFormError } from '../../../layouts/auth/auth-form-error';

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
        <AuthForm
          title={t('accountSecurity.step.title')}
          text={t('accountSecurity.step.text')}
          onSubmit={(event) => {
            event.preventDefault();
            if (code.trim()) verify.mutate(code.trim());
          }}
          error={verify.isError && <AuthFormError>{errorMessage(verify.error)}</AuthFormError>}
          testId="two-factor-form"
        >
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
        </AuthForm>
      </AuthLayout>
    </GuestGuard>
  );
}
