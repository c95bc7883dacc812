import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AuthLayout } from '../../../layouts/auth/auth-layout';
import { ForgotPasswordLink } from '../../account-security/components/forgot-password-link';
import { currentMe } from '../api/early-me';
import { returnToPath } from '../components/return-to';
import { SignInForm } from '../components/sign-in-form';
import { cacheMe } from '../lib/cache-me';

/**
 * Sign-in makes no sense with a live session: such a visitor is sent on once `/api/me` answers. The
 * form shows at once rather than after that answer (almost every visitor here has no session).
 */
function useSignedInRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    let current = true;
    void currentMe()
      .then(async (me) => {
        if (!me || !current) return;
        await cacheMe(me);
        if (current) await navigate(returnToPath(location.state), { replace: true });
      })
      // Without an answer the form stays; signing in will tell.
      .catch(() => undefined);
    return () => {
      current = false;
    };
    // Once per visit of the page, with the state it was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

export function SignInPage() {
  const { t } = useTranslation();
  useSignedInRedirect();
  return (
    <>
      <title>{`${t('auth.signIn.title')} | Linedesk`}</title>
      <AuthLayout>
        <SignInForm />
        <ForgotPasswordLink />
      </AuthLayout>
    </>
  );
}
