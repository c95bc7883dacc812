import { formatDateTime, type PortalRenewalRequestResult } from '@linedesk/shared';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { portalApi } from '../api/portal-api';
import { useTexts } from '../hooks/use-texts';
import { PortalAlert } from './portal-alert';
import { PortalButton } from './portal-button';

/** When the server says the next ask is possible (`params.retry_at` of the refusal). */
function retryAt(error: unknown): string | null {
  if (!isApiError(error) || error.code !== 'PORTAL_RENEWAL_ALREADY_REQUESTED') return null;
  const params = (error.details as { params?: { retry_at?: unknown } } | undefined)?.params;
  return typeof params?.retry_at === 'string' ? params.retry_at : null;
}

type Request =
  | { state: 'idle' | 'pending' }
  | { state: 'sent'; result: PortalRenewalRequestResult }
  | { state: 'refused'; error: unknown };

/** "Ask my reseller to renew": the reseller gets a message (once a day per line). */
export function PortalRenewalRequest() {
  const { t, language, errorText } = useTexts();
  const [request, setRequest] = useState<Request>({ state: 'idle' });
  const ask = () => {
    setRequest({ state: 'pending' });
    portalApi.requestRenewal().then(
      (result) => setRequest({ state: 'sent', result }),
      (error: unknown) => setRequest({ state: 'refused', error }),
    );
  };
  const refusedUntil = request.state === 'refused' ? retryAt(request.error) : null;
  // The answer shows under the button, often below the bottom of a phone's screen: brought into view.
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (request.state === 'sent' || request.state === 'refused') {
      answer.current?.scrollIntoView({ block: 'nearest' });
    }
  }, [request.state]);

  return (
    <div className="stack stack-tight">
      <PortalButton
        variant="outlined"
        className="btn-large"
        busy={request.state === 'pending'}
        disabled={request.state === 'sent'}
        onClick={ask}
        data-testid="portal-ask-renewal"
      >
        {t('portal.line.askRenewal')}
      </PortalButton>
      <p className="muted">{t('portal.line.askRenewalHelp')}</p>
      {(request.state === 'sent' || request.state === 'refused') && (
        <div ref={answer}>
          {request.state === 'sent' && (
            <PortalAlert severity="success" testId="portal-ask-renewal-sent">
              {t('portal.line.askRenewalSent', {
                date: formatDateTime(request.result.next_request_at, language),
              })}
            </PortalAlert>
          )}
          {request.state === 'refused' && (
            <PortalAlert severity="warning" testId="portal-ask-renewal-error">
              {refusedUntil
                ? t('errors.PORTAL_RENEWAL_ALREADY_REQUESTED', {
                    retry_at: formatDateTime(refusedUntil, language),
                  })
                : errorText(request.error)}
            </PortalAlert>
          )}
        </div>
      )}
    </div>
  );
}
