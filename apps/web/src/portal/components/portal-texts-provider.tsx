import type { Language } from '@linedesk/shared';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isApiError } from '../../lib/api-client';
import { PortalTextContext, type PortalTexts } from '../lib/portal-text-context';
import { countryLanguage, loadPortalTexts, lookUp, storeLanguage, type Tree } from '../lib/portal-texts';

/** `{{name}}` values of a parameterised error text (the server sends them in `details.params`). */
function errorParams(details: unknown): Record<string, string | number> {
  if (!details || typeof details !== 'object') return {};
  const params = (details as { params?: unknown }).params;
  return params && typeof params === 'object' ? (params as Record<string, string | number>) : {};
}

type Props = {
  language: Language;
  texts: Tree;
  /** No stored choice and no browser language of ours: the country of the address may choose. */
  askCountry: boolean;
  children: ReactNode;
};

/** The shown language and its texts, for everything below; a switch shows the new texts once they are in. */
export function PortalTextsProvider({
  language: firstLanguage,
  texts: firstTexts,
  askCountry,
  children,
}: Props) {
  const [shown, setShown] = useState({ language: firstLanguage, texts: firstTexts });
  const wanted = useRef(firstLanguage);

  const show = useCallback((language: Language) => {
    wanted.current = language;
    void loadPortalTexts(language).then((texts) => {
      // A later pick wins over a slower download of an earlier one.
      if (wanted.current === language) setShown({ language, texts });
    });
  }, []);

  useEffect(() => {
    document.documentElement.lang = shown.language;
  }, [shown.language]);

  useEffect(() => {
    if (!askCountry) return;
    void countryLanguage().then((language) => {
      if (language && language !== wanted.current) show(language);
    });
  }, [askCountry, show]);

  const value = useMemo<PortalTexts>(() => {
    const t = (key: string, params?: Record<string, string | number>) =>
      lookUp(shown.texts, key, params) ?? key;
    return {
      language: shown.language,
      t,
      errorText: (error) => {
        if (isApiError(error)) {
          const params = errorParams(error.details);
          // A customer's own wording ("du") first, where the panel's text addresses a reseller ("Sie").
          const text =
            lookUp(shown.texts, `portal.errors.${error.code}`, params) ??
            lookUp(shown.texts, `errors.${error.code}`, params);
          return text ?? (error.message || t('errors.INTERNAL'));
        }
        return t('errors.INTERNAL');
      },
      setLanguage: (language) => {
        storeLanguage(language);
        show(language);
      },
    };
  }, [shown, show]);

  return <PortalTextContext.Provider value={value}>{children}</PortalTextContext.Provider>;
}
