import { toDisplayDate, type PortalMe } from '@linedesk/shared';
import { useState } from 'react';
import { portalApi } from '../api/portal-api';
import { useTexts } from '../hooks/use-texts';
import { PortalAlert } from './portal-alert';
import { PortalButton } from './portal-button';
import { PortalField } from './portal-field';

type Freeze = NonNullable<PortalMe['freeze']>;
type Request = { state: 'idle' | 'pending' } | { state: 'refused'; error: unknown };

/** "Ask for a freeze" (a holiday): from which day, for how many days; the reseller approves it or not. */
export function PortalFreezeRequest({ freeze, today }: { freeze: Freeze; today: string }) {
  const { t, errorText } = useTexts();
  const [asked, setAsked] = useState(freeze.request);
  const [startsOn, setStartsOn] = useState(today);
  const [days, setDays] = useState('7');
  const [request, setRequest] = useState<Request>({ state: 'idle' });
  // A freeze scheduled for a later day stands: no new ask until it happened or was cancelled.
  const open = asked !== null && (asked.decision === null || asked.decision === 'scheduled');
  const ask = () => {
    setRequest({ state: 'pending' });
    portalApi.requestFreeze({ starts_on: startsOn, days: Number(days) }).then(
      (result) => {
        setAsked(result);
        setRequest({ state: 'idle' });
      },
      (error: unknown) => setRequest({ state: 'refused', error }),
    );
  };
  return (
    <div className="stack stack-tight" data-testid="portal-freeze-request">
      <h2>{t('portal.freeze.title')}</h2>
      {asked && (
        <PortalAlert
          severity={asked.decision === 'refused' || asked.decision === 'failed' ? 'warning' : 'success'}
          testId="portal-freeze-state"
        >
          {t(`portal.freeze.${asked.decision ?? 'open'}`, {
            date: toDisplayDate(asked.starts_on),
            days: asked.days,
          })}
        </PortalAlert>
      )}
      {!open && (
        <form
          className="stack stack-tight"
          onSubmit={(event) => {
            event.preventDefault();
            ask();
          }}
        >
          <PortalField
            label={t('portal.freeze.startsOn')}
            type="date"
            min={today}
            value={startsOn}
            onChange={(event) => setStartsOn(event.target.value)}
            testId="portal-freeze-starts"
          />
          <PortalField
            label={t('portal.freeze.days')}
            type="number"
            min={1}
            max={freeze.max_days}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            helperText={t('portal.freeze.daysHelp', { max: freeze.max_days })}
            testId="portal-freeze-days"
          />
          <PortalButton
            variant="outlined"
            className="btn-large"
            type="submit"
            busy={request.state === 'pending'}
            data-testid="portal-ask-freeze"
          >
            {t('portal.freeze.ask')}
          </PortalButton>
          {request.state === 'refused' && (
            <PortalAlert severity="warning" testId="portal-ask-freeze-error">
              {errorText(request.error)}
            </PortalAlert>
          )}
        </form>
      )}
    </div>
  );
}
