import { isLanguage, languages, type Language } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from './detect-language';
import { setAppLanguage } from './i18n';

export type LanguageOption = { value: Language; label: string };

export function useAppLanguage() {
  const { i18n } = useTranslation();
  const current = i18n.resolvedLanguage;
  const language: Language = isLanguage(current) ? current : DEFAULT_LANGUAGE;
  // Each language is listed under its own name, so a reader can always find theirs.
  const options: LanguageOption[] = languages.map((value) => ({
    value,
    label: i18n.getFixedT(value)('language.name'),
  }));
  return { language, options, setLanguage: setAppLanguage };
}
