import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordBodySchema, type ForgotPasswordBody } from '@linedesk/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../../components/form/form-text-field';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { AuthLayout } from '../../../layouts/auth/auth-layout';
import { paths } from '../../../lib/paths';
import { GuestGuard } from '../../auth/components/guest-guard';
import { useForgotPassword } from '../hooks/use-account-security';
import { AuthForm } from '../../../layouts/auth/auth-form';
import { AuthFormError } from '../../../layouts/auth/auth-form-error';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const forgot = useForgotPassword();
  const { control, handleSubmit, getValues } = useForm<ForgotPasswordBody>({
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit((values) => forgot.mutate({ email: values.email.trim() }));

  return (
    <GuestGuard>
      <title>{`${t('accountSecurity.forgot.title')} | Linedesk`}</title>
      <AuthLayout>
        {forgot.isSuccess ? (
          <Stack sx={{ gap: 2 }} data-testid="forgot-password-sent">
            <Typography variant="h5" component="h1">
              {t('accountSecurity.forgot.sentTitle')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {t('accountSecurity.forgot.sent', { email: getValues('email').trim() })}
            </Typography>
            <Link component={RouterLink} to={paths.signIn} variant="subtitle2">
              {t('auth.backToSignIn')}
            </Link>
          </Stack>
        ) : (
          <AuthForm
            title={t('accountSecurity.forgot.title')}
            text={t('accountSecurity.forgot.text')}
            onSubmit={onSubmit}
            error={forgot.isError && <AuthFormError>{errorMessage(forgot.error)}</AuthFormError>}
            testId="forgot-password-form"
          >
            <FormTextField
              control={control}
              name="email"
              type="email"
              label={t('fields.email')}
              autoComplete="email"
              autoFocus
            />
            <Button
              type="submit"
              size="large"
              variant="contained"
              fullWidth
              loading={forgot.isPending}
              data-testid="forgot-password-submit"
            >
              {t('accountSecurity.forgot.submit')}
            </Button>
            <Link component={RouterLink} to={paths.signIn} variant="subtitle2" sx={{ alignSelf: 'center' }}>
              {t('auth.backToSignIn')}
            </Link>
          </AuthForm>
        )}
      </AuthLayout>
    </GuestGuard>
  );
}
