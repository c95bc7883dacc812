import { addDays } from '@linedesk/shared';
import { toDisplayDate } from '@linedesk/shared';
import { useEffect, useState } from 'react';
import { paths } from '../../lib/paths';
import { portalApi } from '../api/portal-api';
import { PortalAlert } from '../components/portal-alert';
import { PortalButton } from '../components/portal-button';
import { PortalCredentials } from '../components/portal-credentials';
import { PortalLayout } from '../components/portal-layout';
import { PortalLineSummary } from '../components/portal-line-summary';
import { PortalLink } from '../components/portal-link';
import { PortalLoading } from '../components/portal-loading';
import { PortalPasswordForm } from '../components/portal-password-form';
import { PortalRenewalRequest } from '../components/portal-renewal-request';
import { PortalFreezeRequest } from '../components/portal-freeze-request';
import { ReceiverSettings } from '../components/receiver-settings';
import { usePortal } from '../hooks/use-portal';
import { useTexts } from '../hooks/use-texts';

/** The customer's line: status and term, how to connect, who sold it, renew (or ask for it), new password. */
export function PortalLinePage() {
  const { t, errorText } = useTexts();
  const { me, setMe, notice, navigate } = usePortal();
  const [signingOut, setSigningOut] = useState(false);
  const signedOut = me.status === 'ready' && me.me === null;
  useEffect(() => {
    if (signedOut) navigate(paths.portalSignIn, { replace: true });
  }, [signedOut, navigate]);

  if (signedOut) {
    return (
      <PortalLayout>
        <PortalLoading />
      </PortalLayout>
    );
  }
  if (me.status === 'error') {
    // The reseller turned the portal off (PORTAL_DISABLED), or the server could not answer.
    return (
      <PortalLayout>
        <PortalAlert severity="error" testId="portal-error">
          {errorText(me.error)}
        </PortalAlert>
      </PortalLayout>
    );
  }
  const line = me.me!;
  const ended = line.status === 'expired' || line.days_left < 0;
  const signOut = () => {
    setSigningOut(true);
    portalApi.signOut().then(
      () => setMe(null),
      () => setSigningOut(false),
    );
  };

  return (
    <PortalLayout wide>
      <title>{`${line.username} | Linedesk`}</title>
      <div className="stack stack-loose" data-testid="portal-line-page">
        <div className="row">
          <h1 className="username" data-testid="portal-username">
            {line.username}
          </h1>
          <PortalButton variant="text" busy={signingOut} onClick={signOut} data-testid="portal-sign-out">
            {t('portal.signOut')}
          </PortalButton>
        </div>
        {line.status === 'suspended' && (
          <PortalAlert severity="error">{t('portal.line.suspended')}</PortalAlert>
        )}
        {notice?.kind === 'created' && (
          <PortalAlert severity="success" testId="portal-activated">
            {t('portal.line.created')}
          </PortalAlert>
        )}
        {notice?.kind === 'renewed' && (
          <PortalAlert severity="success" testId="portal-renewed">
            {t('portal.line.renewed', { date: toDisplayDate(notice.expiryDate) })}
          </PortalAlert>
        )}
        {ended && <PortalAlert severity="warning">{t('portal.line.expired')}</PortalAlert>}
        {/* Right after an activation the login comes first: it is what the customer must note now. */}
        {notice?.kind === 'created' && <PortalCredentials me={line} />}
        <PortalLineSummary me={line} />
        <PortalLink
          href={paths.portalActivate}
          className="btn btn-contained btn-large"
          data-testid="portal-renew"
        >
          {t('portal.line.renew')}
        </PortalLink>
        <PortalRenewalRequest />
        {/* Asking for a freeze, while freezing is on and the line runs (or its ask is answered). */}
        {line.freeze && (line.status === 'active' || line.status === 'frozen' || line.status === 'trial') && (
          <>
            <hr />
            <PortalFreezeRequest freeze={line.freeze} today={addDays(line.expiry_date, -line.days_left)} />
          </>
        )}
        <hr />
        {notice?.kind !== 'created' && (
          <>
            <PortalCredentials me={line} />
            <hr />
          </>
        )}
        <ReceiverSettings settings={line.receiver_settings} />
        <hr />
        <section className="stack stack-tight" data-testid="portal-reseller">
          <h2>{t('portal.reseller.title')}</h2>
          <p>{line.reseller.name}</p>
          <p className="muted wrap">{line.reseller.contact}</p>
        </section>
        <hr />
        <PortalPasswordForm username={line.username} />
      </div>
    </PortalLayout>
  );
}
