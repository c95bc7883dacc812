import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { zodResolver } from '@hookform/resolvers/zod';
import { portalSignInBodySchema, type PortalSignInBody } from '@linedesk/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { FormTextField } from '../../../components/form/form-text-field';
import { LoadingScreen } from '../../../components/loading-screen';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { AuthForm } from '../../../layouts/auth/auth-form';
import { AuthFormError } from '../../../layouts/auth/auth-form-error';
import { AuthLayout } from '../../../layouts/auth/auth-layout';
import { paths } from '../../../lib/paths';
import { usePortalMe, usePortalSignIn } from '../hooks/use-portal';

/** A customer signs in with the username and password of their line. */
export function PortalSignInPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const me = usePortalMe();
  const signIn = usePortalSignIn();
  const { control, handleSubmit } = useForm<PortalSignInBody>({
    resolver: zodResolver(portalSignInBodySchema),
    defaultValues: { username: '', password: '' },
  });
  const onSubmit = handleSubmit((values) =>
    signIn.mutate(values, { onSuccess: () => void navigate(paths.portal, { replace: true }) }),
  );

  if (me.isPending) return <LoadingScreen />;
  if (me.data) return <Navigate to={paths.portal} replace />;
  return (
    <AuthLayout>
      <title>{`${t('portal.signIn.title')} | Linedesk`}</title>
      <AuthForm
        title={t('portal.signIn.title')}
        text={t('portal.signIn.text')}
        onSubmit={onSubmit}
        error={signIn.isError && <AuthFormError>{errorMessage(signIn.error)}</AuthFormError>}
        testId="portal-sign-in-form"
      >
        <FormTextField
          control={control}
          name="username"
          label={t('portal.fields.username')}
          autoComplete="username"
          autoFocus
        />
        <FormTextField
          control={control}
          name="password"
          password
          label={t('portal.fields.password')}
          autoComplete="current-password"
        />
        <Button
          type="submit"
          size="large"
          variant="contained"
          fullWidth
          loading={signIn.isPending}
          data-testid="portal-sign-in-submit"
        >
          {t('portal.signIn.submit')}
        </Button>
        <Link
          component={RouterLink}
          to={paths.portalActivate}
          variant="subtitle2"
          sx={{ alignSelf: 'center' }}
          data-testid="portal-activate-link"
        >
          {t('portal.signIn.haveCode')}
        </Link>
      </AuthForm>
    </AuthLayout>
  );
}
