import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import type { Localization } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import { ThemeProvider as SystemThemeProvider } from '@mui/system';
import { isLanguage, type Language } from '@linedesk/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { needForLanguage } from '../i18n/i18n';
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

// One theme per language, made once. A new theme renders every styled element of the page again,
// so a language switch must bring its theme in the same render as its texts, not one render later.
const localizedThemes = new Map<Language, Theme>([['en', theme]]);

function loadLocalizedTheme(language: Language): Promise<Theme> {
  const made = localizedThemes.get(language);
  if (made) return Promise.resolve(made);
  return muiLocales[language as OtherLanguage]().then((locale) => {
    const localized = localizedThemes.get(language) ?? createTheme(theme, locale);
    localizedThemes.set(language, localized);
    return localized;
  });
}

// A switch waits for the new language's theme with its texts (`setAppLanguage`).
needForLanguage(loadLocalizedTheme);

/** The theme with MUI's texts in `language`; the English one until they are loaded (first load only). */
function useLocalizedTheme(language: Language): Theme {
  const localized = localizedThemes.get(language);
  const [, setLoaded] = useState<Language>();
  useEffect(() => {
    if (localized) return;
    let current = true;
    void loadLocalizedTheme(language).then(() => {
      if (current) setLoaded(language);
    });
    return () => {
      current = false;
    };
  }, [language, localized]);
  return localized ?? theme;
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const localized = useLocalizedTheme(language);
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
