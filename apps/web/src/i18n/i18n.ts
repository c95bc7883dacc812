import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY, type Language } from '@linedesk/shared';
import { apiClient } from '../lib/api-client';
import { DEFAULT_LANGUAGE, detectLanguage, detectLanguageSync } from './detect-language';
import { resources } from './resources';

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

const initialLanguage = detectLanguageSync(readStoredLanguage(), window.navigator.language);

i18next.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18next.use(initReactI18next).init({
  resources,
  lng: initialLanguage ?? DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: Object.keys(resources),
  interpolation: { escapeValue: false },
  returnNull: false,
});

// Only the country fallback needs the network, so the first paint is never blocked on it.
if (!initialLanguage) {
  void detectLanguage({
    stored: null,
    browserLanguage: null,
    lookupCountry: () =>
      apiClient.get<{ country: string | null; language: string | null }>('/api/locale/country'),
  }).then((language) => {
    // The user may have picked a language while the lookup was running.
    if (!readStoredLanguage() && language !== i18next.language) void i18next.changeLanguage(language);
  });
}

/** An explicit choice: remembered under `app-language`. */
export function setAppLanguage(language: Language) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode etc.: the choice still applies to this tab.
  }
  void i18next.changeLanguage(language);
}

export { i18next };
