import type { Language } from '@linedesk/shared';

/**
 * Each language is listed under its own name, so a reader can always find theirs. Only the shown
 * language's texts are downloaded, so the other names come from the browser's own language data
 * (the same names the locale files give under `language.name`).
 */
function ownName(language: Language): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language);
    if (name) return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  } catch {
    // Very old browsers lack Intl.DisplayNames.
  }
  return language.toUpperCase();
}

// Loading a language's display names costs tens of milliseconds on a phone: each name is looked up
// once, and only where the languages are listed.
const ownNames = new Map<Language, string>();

/** A language's name in itself ("Deutsch", "Polski"). */
export function languageOwnName(language: Language): string {
  let name = ownNames.get(language);
  if (name === undefined) {
    name = ownName(language);
    ownNames.set(language, name);
  }
  return name;
}
