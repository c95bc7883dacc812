import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../../layouts/auth/auth-layout';
import { EmailConfirmation } from '../components/email-confirmation';

export function CallbackPage() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('auth.callback.title')} | Linedesk`}</title>
      <AuthLayout>
        <EmailConfirmation />
      </AuthLayout>
    </>
  );
}
