import { languages, type Language } from '@linedesk/shared';
import type { ReactNode } from 'react';
import { languageOwnName } from '../../i18n/language-names';
import { paths } from '../../lib/paths';
import { useTexts } from '../hooks/use-texts';
import { PortalLink } from './portal-link';

function LanguageSelect() {
  const { t, language, setLanguage } = useTexts();
  return (
    <select
      className="language"
      aria-label={t('language.change')}
      value={language}
      onChange={(event) => setLanguage(event.target.value as Language)}
      data-testid="language-button"
      data-language={language}
    >
      {languages.map((value) => (
        <option key={value} value={value}>
          {value === language ? t('language.name') : languageOwnName(value)}
        </option>
      ))}
    </select>
  );
}

/** The portal's page: the mark and the language choice above one centred card (wider for the line page). */
export function PortalLayout({ wide = false, children }: { wide?: boolean; children: ReactNode }) {
  return (
    <div className="page">
      <header className="header">
        <PortalLink href={paths.portal} className="logo" aria-label="Linedesk" data-testid="logo">
          <svg viewBox="0 0 40 40" width="36" height="36" aria-hidden>
            <defs>
              <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
                {/* The brand's own greens, as the panel's logo. */}
                <stop offset="0%" stopColor="#5BE49B" />
                <stop offset="100%" stopColor="#007867" />
              </linearGradient>
            </defs>
            <rect width="40" height="40" rx="10" fill="url(#logo-gradient)" />
            <path d="M12 10h5v15h11v5H12z" fill="#FFFFFF" />
            <circle cx="28" cy="14" r="4" fill="#FFFFFF" opacity="0.72" />
          </svg>
          <span>Linedesk</span>
        </PortalLink>
        <LanguageSelect />
      </header>
      <main className="main">
        <div className={wide ? 'card card-wide' : 'card'}>{children}</div>
      </main>
    </div>
  );
}
