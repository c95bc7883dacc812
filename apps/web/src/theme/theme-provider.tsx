import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import type { Localization } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import { ThemeProvider as SystemThemeProvider } from '@mui/system';
import { isLanguage, type Language } from '@linedesk/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { i18next, needForLanguage } from '../i18n/i18n';
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

type ComponentsConfig = Record<string, { defaultProps?: object } | undefined>;

const loadedLocales = new Map<Language, Localization>([['en', { components: {} }]]);

function loadMuiLocale(language: Language): Promise<Localization> {
  const loaded = loadedLocales.get(language);
  if (loaded) return Promise.resolve(loaded);
  return muiLocales[language as OtherLanguage]().then((locale) => {
    loadedLocales.set(language, locale);
    return locale;
  });
}

// A switch waits for the new language's MUI texts with its own (`setAppLanguage`).
needForLanguage(loadMuiLocale);

/** The components whose default props some language's MUI texts have set (each language sets the same). */
const localizedComponents = new Set<string>();

/** The app theme's own component settings, before any language's texts were written over them. */
const baseComponents = { ...theme.components } as ComponentsConfig;

/** Writes `locale`'s texts into `shown`'s component defaults, over the app theme's own defaults. */
function putMuiTexts(shown: Theme, locale: Localization) {
  const base = baseComponents;
  const components = shown.components as ComponentsConfig;
  const texts = (locale.components ?? {}) as ComponentsConfig;
  for (const name of Object.keys(texts)) localizedComponents.add(name);
  for (const name of localizedComponents) {
    components[name] = {
      ...base[name],
      defaultProps: { ...base[name]?.defaultProps, ...texts[name]?.defaultProps },
    };
  }
}

function makeTheme(locale: Localization): Theme {
  const made = createTheme(theme);
  made.components = { ...baseComponents };
  putMuiTexts(made, locale);
  return made;
}

/**
 * The theme shown, one object for every language. A new theme object renders every styled element
 * of the page again, the memoised rows of a list included (thousands of components on the lines
 * list), though a language changes none of their styles. MUI's own texts (a picker's "Open"/"Close",
 * "No options", a pager's labels) are the default props of a few components, which a switch rewrites
 * in place: every component that shows a text renders again in the new language anyway
 * (`useTranslation`), and it reads them then. Only the first language's texts, when they come
 * after the first render, make a new theme (see `useShownTheme`).
 */
let shownTheme: Theme = theme;
let shownLocale: Language = 'en';

// Before React renders the switch (react-i18next's own listeners only schedule that render).
i18next.on('languageChanged', (language) => {
  const locale = isLanguage(language) ? loadedLocales.get(language) : undefined;
  if (!locale || !isLanguage(language)) return;
  putMuiTexts(shownTheme, locale);
  shownLocale = language;
});

/** The theme with MUI's texts in `language`; English ones until they are loaded (first load only). */
function useShownTheme(language: Language): Theme {
  const [, setLoaded] = useState<Language>();
  const missing = shownLocale !== language && !loadedLocales.has(language);
  useEffect(() => {
    if (!missing) return;
    let current = true;
    void loadMuiLocale(language).then((locale) => {
      // Every MUI component already shown reads its defaults again only under a new theme object.
      if (shownLocale !== language) {
        shownTheme = makeTheme(locale);
        shownLocale = language;
      }
      if (current) setLoaded(language);
    });
    return () => {
      current = false;
    };
  }, [language, missing]);
  if (!missing && shownLocale !== language) {
    // Loaded elsewhere (ahead of a switch) while the first language's texts were awaited here.
    shownTheme = makeTheme(loadedLocales.get(language)!);
    shownLocale = language;
  }
  return shownTheme;
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const shown = useShownTheme(language);
  return (
    <CacheProvider value={emotionCache}>
      {/* What MUI's ThemeProvider renders for a theme without CSS variables (ours), without its CSS
          variables provider, which would otherwise be part of the first download. */}
      <SystemThemeProvider theme={shown}>
        <CssBaseline />
        {children}
      </SystemThemeProvider>
    </CacheProvider>
  );
}
