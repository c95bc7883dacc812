import { isLanguage, languages, type Language } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from './detect-language';
import { setAppLanguage } from './i18n';
import { languageOwnName } from './language-names';

export type LanguageOption = { value: Language; label: string };

export function useAppLanguage() {
  const { i18n } = useTranslation();
  const current = i18n.resolvedLanguage;
  const language: Language = isLanguage(current) ? current : DEFAULT_LANGUAGE;
  return { language, setLanguage: setAppLanguage };
}

/** The languages to pick from, for the places that list them (the header's menu once opened, settings). */
export function useLanguageOptions(): LanguageOption[] {
  const { t } = useTranslation();
  const { language } = useAppLanguage();
  return languages.map((value) => ({
    value,
    label: value === language ? t('language.name') : languageOwnName(value),
  }));
}
