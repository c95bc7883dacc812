import { isLanguage, type Language } from '@linedesk/shared';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadLanguage } from '../../../i18n/i18n';

/**
 * The language of what a seller hands a customer (the printed sheet, the shared message): the
 * page's, until the seller picks the customer's. Its texts download first, so the sheet never shows
 * a text of the page's language in between.
 */
export function useHandoutLanguage() {
  const { i18n } = useTranslation();
  const pageLanguage: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const [chosen, setChosen] = useState<Language | null>(null);
  const language = chosen ?? pageLanguage;
  const choose = useCallback((next: Language) => {
    void preloadLanguage(next).then(() => setChosen(next));
  }, []);
  const t = useMemo(() => i18n.getFixedT(language), [i18n, language]);
  return { language, choose, t };
}
