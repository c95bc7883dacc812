import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordSchema } from '@linedesk/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { AuthLayout } from '../../../layouts/auth/auth-layout';
import { paths } from '../../../lib/paths';
import { useResetPassword } from '../hooks/use-account-security';
import { AuthForm } from '../../../layouts/auth/auth-form';
import { AuthFormError } from '../../../layouts/auth/auth-form-error';

const resetSchema = z
  .object({ new_password: passwordSchema, confirm_password: z.string() })
  .refine((values) => values.new_password === values.confirm_password, {
    path: ['confirm_password'],
    error: 'PASSWORDS_DO_NOT_MATCH',
  });
type ResetValues = z.input<typeof resetSchema>;

/** Opened from the reset mail: `/reset-password?token=...`. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const reset = useResetPassword();
  const { control, handleSubmit } = useForm<ResetValues>({
    resolver: zodResolver(resetSchema),
    defaultValues: { new_password: '', confirm_password: '' },
  });
  const onSubmit = handleSubmit((values) => reset.mutate({ token, new_password: values.new_password }));

  return (
    <>
      <title>{`${t('accountSecurity.reset.title')} | Linedesk`}</title>
      <AuthLayout>
        {reset.isSuccess ? (
          <Stack sx={{ gap: 2 }} data-testid="reset-password-done">
            <Typography variant="h5" component="h1">
              {t('accountSecurity.reset.title')}
            </Typography>
            <Alert severity="success">{t('accountSecurity.reset.done')}</Alert>
            <Button component={RouterLink} to={paths.signIn} variant="contained" data-testid="reset-sign-in">
              {t('auth.signIn.submit')}
            </Button>
          </Stack>
        ) : (
          <AuthForm
            title={t('accountSecurity.reset.title')}
            text={t('accountSecurity.reset.text')}
            onSubmit={onSubmit}
            error={
              (reset.isError || !token) && (
                <AuthFormError>
                  {reset.isError ? errorMessage(reset.error) : t('errors.INVALID_RESET_TOKEN')}
                </AuthFormError>
              )
            }
            testId="reset-password-form"
          >
            <FormTextField
              control={control}
              name="new_password"
              password
              label={t('accountSecurity.reset.newPassword')}
              helperText={t('auth.signUp.passwordHint')}
              autoComplete="new-password"
              autoFocus
            />
            <FormTextField
              control={control}
              name="confirm_password"
              password
              label={t('accountSecurity.reset.confirmPassword')}
              autoComplete="new-password"
            />
            <Button
              type="submit"
              size="large"
              variant="contained"
              fullWidth
              disabled={!token}
              loading={reset.isPending}
              data-testid="reset-password-submit"
            >
              {t('accountSecurity.reset.submit')}
            </Button>
            <Link
              component={RouterLink}
              to={paths.forgotPassword}
              variant="subtitle2"
              sx={{ alignSelf: 'center' }}
            >
              {t('accountSecurity.reset.requestNew')}
            </Link>
          </AuthForm>
        )}
      </AuthLayout>
    </>
  );
}
