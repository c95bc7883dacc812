import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY, languages, type Language } from '@linedesk/shared';
import { apiClient } from '../lib/api-client';
import { DEFAULT_LANGUAGE, detectLanguage, detectLanguageSync } from './detect-language';
import { loadTranslation } from './resources';

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

/** Downloads a language's texts the first time it is shown; every key exists in every language. */
async function ensureLanguage(language: Language) {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  i18next.addResourceBundle(language, 'translation', await loadTranslation(language));
}

async function showLanguage(language: Language) {
  await ensureLanguage(language);
  await i18next.changeLanguage(language);
}

/** Resolves once the first language's texts are in, so the first render is already translated. */
export const i18nReady: Promise<void> = (async () => {
  const language = initialLanguage ?? DEFAULT_LANGUAGE;
  const translation = await loadTranslation(language);
  await i18next.use(initReactI18next).init({
    resources: { [language]: { translation } },
    lng: language,
    // No fallback download: a unit test keeps every language complete.
    fallbackLng: false,
    supportedLngs: languages,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
})();

// Only the country fallback needs the network, so the first paint is never blocked on it.
if (!initialLanguage) {
  void detectLanguage({
    stored: null,
    browserLanguage: null,
    lookupCountry: () =>
      apiClient.get<{ country: string | null; language: string | null }>('/api/locale/country'),
  }).then(async (language) => {
    await i18nReady;
    // The user may have picked a language while the lookup was running.
    if (!readStoredLanguage() && language !== i18next.language) await showLanguage(language);
  });
}

/** An explicit choice: remembered under `app-language`. */
export function setAppLanguage(language: Language) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode etc.: the choice still applies to this tab.
  }
  void showLanguage(language);
}

export { i18next };
