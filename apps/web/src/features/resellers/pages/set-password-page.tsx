import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../../layouts/auth/auth-layout';
import { SetPasswordForm } from '../components/set-password-form';

/** /set-password?token=…: where the invite mail of a newly created account leads. */
export function SetPasswordPage() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('resellers.invite.title')} | Linedesk`}</title>
      <AuthLayout>
        <SetPasswordForm />
      </AuthLayout>
    </>
  );
}
