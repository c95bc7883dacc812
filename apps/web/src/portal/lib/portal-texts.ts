import { isLanguage, LANGUAGE_STORAGE_KEY, type Language, type localeContracts } from '@linedesk/shared';
import { DEFAULT_LANGUAGE, detectLanguage, detectLanguageSync } from '../../i18n/detect-language';
import { callTyped } from '../../lib/api-client';

export type Tree = { [key: string]: string | Tree };

/**
 * What the portal shows of each locale file (`portal-text-keys.ts`), one chunk per language
 * (vite.portal.config.ts): the same files the panel reads, cut at build time to the portal's keys,
 * whichever area's file a text is kept in (a file with none of them is an empty object).
 */
const parts = import.meta.glob<Tree>('../../i18n/locales/**/*.json', {
  query: '?part=portal',
  import: 'default',
});

function merge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] =
      typeof value === 'object' ? merge(typeof existing === 'object' ? { ...existing } : {}, value) : value;
  }
  return target;
}

/** The language's texts, merged from its locale files. */
export async function loadPortalTexts(language: Language): Promise<Tree> {
  const files = Object.keys(parts).filter((file) => file.endsWith(`/${language}.json`));
  const trees = await Promise.all(files.map((file) => parts[file]!()));
  return trees.reduce((all, tree) => merge(all, tree), {});
}

export type TextParams = Record<string, string | number>;

/** The text at a dotted key with its `{{name}}` filled in; the key itself when there is none (i18next's way). */
export function lookUp(texts: Tree, key: string, params: TextParams = {}): string | null {
  let node: string | Tree | undefined = texts;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') return null;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The language the panel would show this browser without the network: stored choice, then browser. */
export function firstLanguage(): Language | null {
  return detectLanguageSync(readStoredLanguage(), window.navigator.language);
}

export { DEFAULT_LANGUAGE };

/**
 * With no stored choice and no browser language of ours, the panel's next rule: the country of the
 * visitor's address (`detectLanguage`), asked without holding up the first render. Null when a
 * language was picked meanwhile.
 */
export async function countryLanguage(): Promise<Language | null> {
  const language = await detectLanguage({
    stored: null,
    browserLanguage: null,
    lookupCountry: () =>
      callTyped<typeof localeContracts.country>({ method: 'GET', path: '/api/locale/country' }),
  });
  return readStoredLanguage() ? null : language;
}

/** An explicit choice, remembered under the panel's own key so the panel and the portal agree. */
export function storeLanguage(language: Language) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode etc.: the choice still applies to this tab.
  }
}

export { isLanguage };
