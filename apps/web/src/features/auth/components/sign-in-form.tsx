import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { FormTextField } from '../../../components/form/form-text-field';
import { lazyResolver } from '../../../components/form/lazy-resolver';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../routes/paths';
import { isTwoFactorChallenge } from '../../account-security/lib/two-factor-challenge';
import { useSignIn } from '../hooks/use-auth-mutations';
import type { SignInFormValues } from './auth-schemas';
import { ResendConfirmation } from './resend-confirmation';
import { returnToPath } from './return-to';

export function SignInForm() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const { control, handleSubmit } = useForm<SignInFormValues>({
    resolver: lazyResolver(() => import('./sign-in-resolver').then((module) => module.signInResolver)),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    signIn.mutate(
      { email: values.email.trim(), password: values.password },
      {
        // With two-factor sign-in on, the code is asked on its own page, which keeps the return path.
        onSuccess: (result) =>
          isTwoFactorChallenge(result)
            ? navigate(paths.signInTwoFactor, { state: location.state })
            : navigate(returnToPath(location.state), { replace: true }),
      },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid="sign-in-form">
      <Stack sx={{ gap: 1, mb: 4 }}>
        <Typography variant="h5" component="h1">
          {t('auth.signIn.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('auth.signIn.noAccount')}{' '}
          <Link component={RouterLink} to={paths.signUp} variant="subtitle2">
            {t('auth.signIn.getStarted')}
          </Link>
        </Typography>
      </Stack>

      {signIn.isError && (
        <Alert severity="error" sx={{ mb: 3 }} data-testid="form-error">
          {errorMessage(signIn.error)}
          {isApiError(signIn.error) && signIn.error.code === 'EMAIL_NOT_VERIFIED' && signIn.variables && (
            <ResendConfirmation key={signIn.variables.email} email={signIn.variables.email} />
          )}
        </Alert>
      )}

      <Stack sx={{ gap: 3 }}>
        <FormTextField
          control={control}
          name="email"
          type="email"
          label={t('fields.email')}
          autoComplete="email"
          autoFocus
        />
        <FormTextField
          control={control}
          name="password"
          password
          label={t('fields.password')}
          autoComplete="current-password"
        />
        <Button
          type="submit"
          size="large"
          variant="contained"
          color="inherit"
          fullWidth
          loading={signIn.isPending}
          data-testid="sign-in-submit"
          sx={{ bgcolor: 'grey.800', color: 'common.white', '&:hover': { bgcolor: 'grey.700' } }}
        >
          {t('auth.signIn.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
