import { isLanguage, languages, type Language } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from './detect-language';
import { setAppLanguage } from './i18n';

export type LanguageOption = { value: Language; label: string };

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

export function useAppLanguage() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage;
  const language: Language = isLanguage(current) ? current : DEFAULT_LANGUAGE;
  const options: LanguageOption[] = languages.map((value) => ({
    value,
    label: value === language ? t('language.name') : ownName(value),
  }));
  return { language, options, setLanguage: setAppLanguage };
}
