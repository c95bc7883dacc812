import { useState, type FormEvent } from 'react';
import { paths } from '../../lib/paths';
import { portalApi } from '../api/portal-api';
import { PortalAlert } from '../components/portal-alert';
import { PortalButton } from '../components/portal-button';
import { PortalField } from '../components/portal-field';
import { PortalForm } from '../components/portal-form';
import { PortalLayout } from '../components/portal-layout';
import { PortalLink } from '../components/portal-link';
import { usePortal } from '../hooks/use-portal';
import { useTexts } from '../hooks/use-texts';

type Attempt = { state: 'idle' | 'pending' } | { state: 'failed'; error: unknown };

/**
 * Activate a code (the printed sheet's QR opens this page with `?code=` filled in): signed out it
 * becomes a new line and the customer is signed in to it; signed in it renews the customer's line.
 */
export function PortalActivatePage() {
  const { t, errorText } = useTexts();
  const { me, setMe, setNotice, navigate, search } = usePortal();
  const [code, setCode] = useState(() => search.get('code') ?? '');
  const [attempt, setAttempt] = useState<Attempt>({ state: 'idle' });

  const line = me.status === 'ready' ? me.me : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    setAttempt({ state: 'pending' });
    portalApi.activate({ code: code.trim() }).then(
      (result) => {
        setMe(result.me);
        // The line page opens with what just happened: the new line's login, or the new expiry.
        setNotice(
          result.action === 'created'
            ? { kind: 'created' }
            : { kind: 'renewed', expiryDate: result.me.expiry_date },
        );
        navigate(paths.portal);
      },
      (error: unknown) => setAttempt({ state: 'failed', error }),
    );
  };

  return (
    <PortalLayout>
      <title>{`${t('portal.activate.title')} | Linedesk`}</title>
      <PortalForm
        title={t('portal.activate.title')}
        text={line ? t('portal.activate.renewText', { username: line.username }) : t('portal.activate.text')}
        onSubmit={onSubmit}
        error={
          attempt.state === 'failed' && <PortalAlert severity="error">{errorText(attempt.error)}</PortalAlert>
        }
        testId="portal-activate-form"
      >
        <PortalField
          className="code-input"
          label={t('portal.fields.code')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoFocus={!code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          testId="portal-code"
        />
        <PortalButton
          type="submit"
          className="btn-large btn-full"
          disabled={!code.trim()}
          busy={attempt.state === 'pending'}
          data-testid="portal-activate-submit"
        >
          {line ? t('portal.activate.renew') : t('portal.activate.submit')}
        </PortalButton>
        <PortalLink href={line ? paths.portal : paths.portalSignIn} className="link">
          {line ? t('portal.activate.backToLine') : t('portal.activate.haveLine')}
        </PortalLink>
      </PortalForm>
    </PortalLayout>
  );
}
