import '@fontsource/public-sans/400.css';
import '@fontsource/public-sans/500.css';
import '@fontsource/public-sans/600.css';
import '@fontsource/public-sans/700.css';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { deDE, enUS, plPL, ptPT } from '@mui/material/locale';
import { createTheme, ThemeProvider as MuiThemeProvider } from '@mui/material/styles';
import { isLanguage } from '@linedesk/shared';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { emotionCache } from './emotion-cache';
import { theme } from './theme';

// MUI's own texts (the "Open"/"Close" tooltips of a picker, "No options", a pager's arrows) in the
// reader's language.
const muiLocales = { en: enUS, de: deDE, pl: plPL, pt: ptPT };

export function ThemeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const localized = useMemo(() => createTheme(theme, muiLocales[language]), [language]);
  return (
    <CacheProvider value={emotionCache}>
      <MuiThemeProvider theme={localized}>
        <CssBaseline />
        {children}
      </MuiThemeProvider>
    </CacheProvider>
  );
}
