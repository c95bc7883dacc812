import { isLanguage, languageForCountry, type Language } from '@linedesk/shared';

export const DEFAULT_LANGUAGE: Language = 'en';

/** "de-AT" → "de" when it is one of ours. */
export function languageFromTag(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/** The part of the detection that needs no network: stored choice, then browser language. */
export function detectLanguageSync(stored: string | null, browserLanguage: string | null | undefined) {
  if (isLanguage(stored)) return stored;
  return languageFromTag(browserLanguage);
}

export type CountryLookup = () => Promise<{ country: string | null; language: string | null } | null>;

/** Stored value → browser language → IP country → English (docs/spec-rules.md, "Language"). */
export async function detectLanguage(sources: {
  stored: string | null;
  browserLanguage: string | null | undefined;
  lookupCountry: CountryLookup;
}): Promise<Language> {
  const local = detectLanguageSync(sources.stored, sources.browserLanguage);
  if (local) return local;
  try {
    const result = await sources.lookupCountry();
    if (result) {
      if (isLanguage(result.language)) return result.language;
      const fromCountry = languageForCountry(result.country);
      if (fromCountry) return fromCountry;
    }
  } catch {
    // A failed lookup only costs the nicer default.
  }
  return DEFAULT_LANGUAGE;
}
