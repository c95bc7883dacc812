import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  LANGUAGE_STORAGE_KEY,
  isLanguage,
  languages,
  type Language,
  type localeContracts,
} from '@linedesk/shared';
import { callTyped } from '../lib/api-client';
import { DEFAULT_LANGUAGE, detectLanguage, detectLanguageSync } from './detect-language';
import { loadTexts, type TextsPart } from './resources';

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

const loadedTexts = new Map<string, Promise<void>>();
/** Set once anything rendered asked for a text that was not downloaded (yet): see `ensureTexts`. */
let textMissed = false;

/** Downloads one part of a language's texts the first time it is needed; every key exists in every language. */
function ensureTexts(language: Language, part: TextsPart): Promise<void> {
  const key = `${language}:${part}`;
  let loading = loadedTexts.get(key);
  if (!loading) {
    loading = loadTexts(language, part).then((texts) => {
      // A part's arrival re-renders what is shown (`bindI18nStore`), so a text asked for before its
      // part came never stays a key. The other pages' texts download in the background once the
      // dashboard shows, and every page that uses them waits for them before it renders
      // (`lazy-page.ts`): unless something shown did ask for a text not downloaded yet, they arrive
      // without re-rendering the whole signed-in shell on a phone's CPU.
      // Texts of a language not shown yet (fetched ahead of a switch) re-render nothing: the switch
      // itself renders everything in the new language.
      i18next.addResourceBundle(language, 'translation', texts, true, true, {
        silent: language !== i18next.language || (part === 'pages' && !textMissed),
        skipCopy: false,
      });
    });
    // A failed download is tried again the next time.
    loading.catch(() => loadedTexts.delete(key));
    loadedTexts.set(key, loading);
  }
  return loading;
}

/** The parts beyond the first that some page has asked for: every language shown from then on gets them. */
const wantedParts = new Set<Exclude<TextsPart, 'first'>>();
/** The language being switched to, so texts asked for meanwhile load for it too. */
let pendingLanguage: Language | null = null;

/**
 * What else a language needs before anything is shown in it, registered by the modules that show
 * such things (the data grid's own texts, once a grid has been shown): a switch waits for these with
 * the texts. A grid that suspended on its new texts put the page's loading screen in place of the
 * whole page for the download and then built the page again.
 */
const languageNeeds = new Set<(language: Language) => Promise<unknown>>();

export function needForLanguage(load: (language: Language) => Promise<unknown>) {
  languageNeeds.add(load);
}

/**
 * Downloads everything a switch to `language` waits for (its texts for the pages opened so far and
 * what `needForLanguage` registered). The language menu asks for it when it opens, so picking a
 * language does not wait for the network.
 */
export function preloadLanguage(language: Language): Promise<void> {
  return Promise.all([
    ensureTexts(language, 'first'),
    ...[...wantedParts].map((part) => ensureTexts(language, part)),
    ...[...languageNeeds].map((load) => load(language)),
  ]).then(() => undefined);
}

async function showLanguage(language: Language) {
  pendingLanguage = language;
  await preloadLanguage(language);
  await i18next.changeLanguage(language);
  if (pendingLanguage === language) pendingLanguage = null;
}

/** Resolves once the first language's texts are in, so the first render is already translated. */
export const i18nReady: Promise<void> = (async () => {
  const language = initialLanguage ?? DEFAULT_LANGUAGE;
  const first = loadTexts(language, 'first');
  loadedTexts.set(
    `${language}:first`,
    first.then(() => undefined),
  );
  await i18next.use(initReactI18next).init({
    resources: { [language]: { translation: await first } },
    lng: language,
    // No fallback download: a unit test keeps every language complete.
    fallbackLng: false,
    supportedLngs: languages,
    interpolation: { escapeValue: false },
    returnNull: false,
    // A part of the texts arriving re-renders what is shown, so a text of a later part never stays a key.
    react: { bindI18nStore: 'added' },
    // Nothing is saved anywhere: the handler only notes that a shown text was missing.
    saveMissing: true,
    missingKeyHandler: () => {
      textMissed = true;
    },
  });
})();

async function loadParts(parts: Exclude<TextsPart, 'first'>[]): Promise<void> {
  for (const part of parts) wantedParts.add(part);
  await i18nReady;
  const shown = [i18next.language, pendingLanguage].filter((language) => isLanguage(language));
  await Promise.all(
    [...new Set(shown)].flatMap((language) => parts.map((part) => ensureTexts(language, part))),
  );
}

/**
 * The texts beyond the sign-in page's, for the shown language (and one being switched to). Every
 * lazily loaded page waits for them before it renders (`lib/lazy-page.ts`).
 */
export function loadAllTexts(): Promise<void> {
  return loadParts(['rest', 'pages']);
}

/** What the signed-in shell and the dashboard show: the dashboard renders without the other pages' texts. */
export function loadShellTexts(): Promise<void> {
  return loadParts(['rest']);
}

// Only the country fallback needs the network, so the first paint is never blocked on it.
if (!initialLanguage) {
  void detectLanguage({
    stored: null,
    browserLanguage: null,
    lookupCountry: () =>
      callTyped<typeof localeContracts.country>({ method: 'GET', path: '/api/locale/country' }),
  }).then(async (language) => {
    await i18nReady;
    // The user may have picked a language while the lookup was running.
    if (!readStoredLanguage() && language !== i18next.language) await showLanguage(language);
  });
}

/** The language chosen in this browser (remembered under `app-language`), or null when none was. */
export function chosenLanguage(): Language | null {
  const stored = readStoredLanguage();
  return isLanguage(stored) ? stored : null;
}

/** An explicit choice: remembered under `app-language`. Resolves once the language is shown (or failed to load). */
export function setAppLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode etc.: the choice still applies to this tab.
  }
  return showLanguage(language).catch(() => undefined);
}

export { i18next };
