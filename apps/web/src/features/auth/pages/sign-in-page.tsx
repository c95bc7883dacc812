import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../../layouts/auth/auth-layout';
import { ForgotPasswordLink } from '../../account-security/components/forgot-password-link';
import { GuestGuard } from '../components/guest-guard';
import { SignInForm } from '../components/sign-in-form';

export function SignInPage() {
  const { t } = useTranslation();
  return (
    <GuestGuard>
      <title>{`${t('auth.signIn.title')} | Linedesk`}</title>
      <AuthLayout>
        <SignInForm />
        <ForgotPasswordLink />
      </AuthLayout>
    </GuestGuard>
  );
}
