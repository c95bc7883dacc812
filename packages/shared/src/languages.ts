export const languages = ['en', 'de', 'pl', 'pt'] as const;
export type Language = (typeof languages)[number];
export const LANGUAGE_STORAGE_KEY = 'app-language';

/** The interface language first offered to a visitor, from the country their address is in. */
const countryLanguage: Record<string, Language> = {
  us: 'en',
  gb: 'en',
  ca: 'en',
  au: 'en',
  nz: 'en',
  de: 'de',
  at: 'de',
  ch: 'de',
  pl: 'pl',
  pt: 'pt',
  br: 'pt',
};

export function languageForCountry(country: string | null | undefined): Language | null {
  if (!country) return null;
  return countryLanguage[country.toLowerCase()] ?? null;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}
