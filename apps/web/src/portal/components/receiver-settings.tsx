import type { ReceiverSetting } from '@linedesk/shared';
import { useTexts } from '../hooks/use-texts';
import { CopyButton } from './copy-button';

/** Ready settings for common receivers, each with its copy button. */
export function ReceiverSettings({ settings }: { settings: ReceiverSetting[] }) {
  const { t } = useTexts();
  if (settings.length === 0) return null;
  return (
    <section className="stack" data-testid="portal-receiver-settings">
      <h2>{t('portal.receivers.title')}</h2>
      {settings.map((setting) => {
        const name = t(`portal.receivers.${setting.kind}`);
        return (
          <div key={setting.kind}>
            <div className="row">
              <h3>{name}</h3>
              <CopyButton
                text={setting.text}
                label={t('portal.receivers.copy', { name })}
                testId={`portal-copy-${setting.kind}`}
              />
            </div>
            {/* Focusable: a keyboard can scroll a long line into view. */}
            <pre className="settings-text" tabIndex={0}>
              {setting.text}
            </pre>
          </div>
        );
      })}
    </section>
  );
}
