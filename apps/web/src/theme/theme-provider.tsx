import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import type { Localization } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { ThemeProvider as SystemThemeProvider } from '@mui/system';
import { isLanguage, type Language } from '@linedesk/shared';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { emotionCache } from './emotion-cache';
import { theme } from './theme';

type OtherLanguage = Exclude<Language, 'en'>;

// MUI's own texts (the "Open"/"Close" tooltips of a picker, "No options", a pager's arrows) in the
// reader's language. English is MUI's default; another language's texts load when it is shown.
const muiLocales: Record<OtherLanguage, () => Promise<Localization>> = {
  de: () => import('../i18n/mui/material-locale-de').then((module) => module.materialLocale),
  pl: () => import('../i18n/mui/material-locale-pl').then((module) => module.materialLocale),
  pt: () => import('../i18n/mui/material-locale-pt').then((module) => module.materialLocale),
};

function useMuiLocale(language: Language): Localization | undefined {
  const [loaded, setLoaded] = useState<{ language: Language; locale: Localization }>();
  useEffect(() => {
    if (language === 'en') return;
    let current = true;
    void muiLocales[language]().then((locale) => {
      if (current) setLoaded({ language, locale });
    });
    return () => {
      current = false;
    };
  }, [language]);
  return loaded?.language === language ? loaded.locale : undefined;
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const locale = useMuiLocale(language);
  const localized = useMemo(() => (locale ? createTheme(theme, locale) : theme), [locale]);
  return (
    <CacheProvider value={emotionCache}>
      {/* What MUI's ThemeProvider renders for a theme without CSS variables (ours), without its CSS
          variables provider, which would otherwise be part of the first download. */}
      <SystemThemeProvider theme={localized}>
        <CssBaseline />
        {children}
      </SystemThemeProvider>
    </CacheProvider>
  );
}
