import { useState, type FormEvent } from 'react';
import { portalApi } from '../api/portal-api';
import { usePortal } from '../hooks/use-portal';
import { useTexts } from '../hooks/use-texts';
import { PortalAlert } from './portal-alert';
import { PortalButton } from './portal-button';
import { PortalField } from './portal-field';

type Outcome = { state: 'idle' | 'pending' | 'changed' } | { state: 'failed'; error: unknown };

/** A new password for the line: the server writes it to the card-sharing server like any edit. */
export function PortalPasswordForm({ username }: { username: string }) {
  const { t, errorText } = useTexts();
  const { setMe } = usePortal();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!current || !next) return;
    setOutcome({ state: 'pending' });
    portalApi.changePassword({ current_password: current, new_password: next }).then(
      (me) => {
        setCurrent('');
        setNext('');
        setOutcome({ state: 'changed' });
        setMe(me);
      },
      (error: unknown) => setOutcome({ state: 'failed', error }),
    );
  };
  return (
    <form className="stack" noValidate onSubmit={onSubmit} data-testid="portal-password-form">
      <h2>{t('portal.password.title')}</h2>
      {/* Whose password this is, for the browser's password manager (it files the new one under it). */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <PortalField
        password
        label={t('portal.password.current')}
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        autoComplete="current-password"
        maxLength={64}
      />
      <PortalField
        password
        label={t('portal.password.new')}
        value={next}
        onChange={(event) => setNext(event.target.value)}
        autoComplete="new-password"
        helperText={t('portal.password.help')}
        maxLength={64}
      />
      {outcome.state === 'changed' && (
        <PortalAlert severity="success" testId="portal-password-changed">
          {t('portal.password.changed')}
        </PortalAlert>
      )}
      {outcome.state === 'failed' && (
        <PortalAlert severity="error" testId="portal-password-error">
          {errorText(outcome.error)}
        </PortalAlert>
      )}
      <PortalButton
        type="submit"
        variant="outlined"
        disabled={!current || !next}
        busy={outcome.state === 'pending'}
        data-testid="portal-password-submit"
      >
        {t('portal.password.submit')}
      </PortalButton>
    </form>
  );
}
