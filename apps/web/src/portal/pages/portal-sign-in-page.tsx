import { useEffect, useState, type FormEvent } from 'react';
import { paths } from '../../lib/paths';
import { portalApi } from '../api/portal-api';
import { PortalAlert } from '../components/portal-alert';
import { PortalButton } from '../components/portal-button';
import { PortalField } from '../components/portal-field';
import { PortalForm } from '../components/portal-form';
import { PortalLayout } from '../components/portal-layout';
import { PortalLink } from '../components/portal-link';
import { PortalLoading } from '../components/portal-loading';
import { usePortal } from '../hooks/use-portal';
import { useTexts } from '../hooks/use-texts';

type Attempt = { state: 'idle' | 'pending' } | { state: 'failed'; error: unknown };

/** A customer signs in with the username and password of their line. */
export function PortalSignInPage() {
  const { t, errorText } = useTexts();
  const { me, setMe, navigate } = usePortal();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // The shared schema's rule (portalSignInBodySchema): both filled in, else its code's text.
  const [checked, setChecked] = useState(false);
  const [attempt, setAttempt] = useState<Attempt>({ state: 'idle' });
  const signedIn = me.status === 'ready' && me.me !== null;
  useEffect(() => {
    if (signedIn) navigate(paths.portal, { replace: true });
  }, [signedIn, navigate]);

  if (signedIn) {
    return (
      <PortalLayout>
        <PortalLoading />
      </PortalLayout>
    );
  }
  const missing = t('errors.PORTAL_INVALID_CREDENTIALS');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!username.trim() || !password) return;
    setAttempt({ state: 'pending' });
    portalApi.signIn({ username: username.trim(), password }).then(
      (signed) => {
        setMe(signed);
        navigate(paths.portal, { replace: true });
      },
      (error: unknown) => setAttempt({ state: 'failed', error }),
    );
  };

  return (
    <PortalLayout>
      <title>{`${t('portal.signIn.title')} | Linedesk`}</title>
      <PortalForm
        title={t('portal.signIn.title')}
        text={t('portal.signIn.text')}
        onSubmit={onSubmit}
        error={
          attempt.state === 'failed' && <PortalAlert severity="error">{errorText(attempt.error)}</PortalAlert>
        }
        testId="portal-sign-in-form"
      >
        <PortalField
          label={t('portal.fields.username')}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={checked && !username.trim() ? missing : undefined}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          autoFocus
        />
        <PortalField
          password
          label={t('portal.fields.password')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={checked && !password ? missing : undefined}
          autoComplete="current-password"
          maxLength={64}
        />
        <PortalButton
          type="submit"
          className="btn-large btn-full"
          busy={attempt.state === 'pending'}
          data-testid="portal-sign-in-submit"
        >
          {t('portal.signIn.submit')}
        </PortalButton>
        <PortalLink href={paths.portalActivate} className="link" data-testid="portal-activate-link">
          {t('portal.signIn.haveCode')}
        </PortalLink>
      </PortalForm>
    </PortalLayout>
  );
}
