import { statusColor, toDisplayDate, type PortalMe } from '@linedesk/shared';
import { Fragment, lazy, Suspense, type ReactNode } from 'react';
import { useTexts } from '../hooks/use-texts';
import { CopyButton } from './copy-button';

const ConnectionLineQr = lazy(() =>
  import('./connection-line-qr').then((module) => ({ default: module.ConnectionLineQr })),
);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <p className="fact-label">{label}</p>
      <div className="fact-value">{children}</div>
    </div>
  );
}

/** Is the line working, how long is left, and the line to put into the receiver (copy or scan). */
export function PortalLineSummary({ me }: { me: PortalMe }) {
  const { t } = useTexts();
  const first = me.connection_lines[0];
  const color = statusColor(me.status);
  return (
    <div className="stack">
      <div className="facts">
        <Fact label={t('portal.line.status')}>
          <span
            className={`chip chip-${color}`}
            data-testid="line-status"
            data-status={me.status}
            data-color={color}
          >
            {t(`lines.status.${me.status}`)}
          </span>
        </Fact>
        <Fact label={t('portal.line.daysLeft')}>
          <span data-testid="portal-days-left">{Math.max(0, me.days_left)}</span>
        </Fact>
        <Fact label={t('portal.line.expiry')}>
          <span data-testid="portal-expiry">{toDisplayDate(me.expiry_date)}</span>
        </Fact>
        {me.packages.length > 0 && (
          <Fact label={t('portal.line.packages')}>
            <span data-testid="portal-packages">{me.packages.join(', ')}</span>
          </Fact>
        )}
        <Fact label={t('portal.line.online')}>
          <span data-testid="portal-online" data-online={me.online}>
            {me.online
              ? t('portal.line.onlineFrom', { ips: me.connections.map((c) => c.ip).join(', ') })
              : t('portal.line.offline')}
          </span>
        </Fact>
      </div>
      {me.connection_lines.map((text, index) => (
        <div className="code-box" key={text}>
          {/* Field by field, each kept whole: a narrow screen breaks the line between fields, and a
              field longer than the box scrolls sideways rather than breaking inside a password. */}
          <code className="connection-line" tabIndex={0} data-testid={`portal-connection-line-${index}`}>
            {text.split(' ').map((field, at) => (
              <Fragment key={at}>
                {at > 0 && ' '}
                <span className="nowrap">{field}</span>
              </Fragment>
            ))}
          </code>
          <CopyButton
            text={text}
            label={t('portal.line.copy')}
            testId={`portal-copy-connection-line-${index}`}
            dark
          />
        </div>
      ))}
      {first && (
        <Suspense fallback={<div className="qr qr-pending" />}>
          <ConnectionLineQr text={first} label={t('portal.line.qr')} />
        </Suspense>
      )}
    </div>
  );
}
