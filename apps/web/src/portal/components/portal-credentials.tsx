import type { PortalMe } from '@linedesk/shared';
import { useTexts } from '../hooks/use-texts';
import { CopyButton } from './copy-button';

/**
 * The line's username and password, each with its copy button: what the customer signs in here
 * with and types into a receiver that takes them apart from the connection line.
 */
export function PortalCredentials({ me }: { me: PortalMe }) {
  const { t } = useTexts();
  const fields = [
    { key: 'username', label: t('portal.fields.username'), value: me.username },
    { key: 'password', label: t('portal.fields.password'), value: me.password },
  ];
  return (
    <section className="stack stack-tight" aria-labelledby="portal-login-title" data-testid="portal-login">
      <h2 id="portal-login-title">{t('portal.line.login')}</h2>
      <p className="muted">{t('portal.line.loginHelp')}</p>
      <dl className="credentials">
        {fields.map((field) => (
          <div className="credential" key={field.key}>
            <dt className="fact-label">{field.label}</dt>
            <dd>
              <code tabIndex={0} data-testid={`portal-login-${field.key}`}>
                {field.value}
              </code>
              <CopyButton
                text={field.value}
                label={t(`portal.line.copy_${field.key}`)}
                testId={`portal-copy-${field.key}`}
              />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
