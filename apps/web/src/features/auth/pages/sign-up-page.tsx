import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../../layouts/auth/auth-layout';
import { GuestGuard } from '../components/guest-guard';
import { SignUpForm } from '../components/sign-up-form';

export function SignUpPage() {
  const { t } = useTranslation();
  return (
    <GuestGuard>
      <title>{`${t('auth.signUp.title')} | Linedesk`}</title>
      <AuthLayout>
        <SignUpForm />
      </AuthLayout>
    </GuestGuard>
  );
}
