import type { GridLocaleText } from '@mui/x-data-grid';
import { isLanguage, type Language } from '@linedesk/shared';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../query-client';
import { needForLanguage } from '../i18n';

type OtherLanguage = Exclude<Language, 'en'>;

// English is built into the DataGrid and dayjs; the others load the first time a grid or a date
// picker is shown in them.
const gridTexts: Record<OtherLanguage, () => Promise<Partial<GridLocaleText>>> = {
  de: () => import('./grid-locale-de').then((module) => module.gridLocaleText),
  pl: () => import('./grid-locale-pl').then((module) => module.gridLocaleText),
  pt: () => import('./grid-locale-pt').then((module) => module.gridLocaleText),
};

const dayjsLocales: Record<OtherLanguage, () => Promise<unknown>> = {
  de: () => import('dayjs/locale/de'),
  pl: () => import('dayjs/locale/pl'),
  pt: () => import('dayjs/locale/pt'),
};

const gridTextsQuery = (language: Language) =>
  queryOptions({
    queryKey: ['mui-locale', 'data-grid', language],
    queryFn: async () => (language === 'en' ? null : gridTexts[language]()),
    // English needs nothing loaded, so an English grid never suspends.
    initialData: language === 'en' ? null : undefined,
    staleTime: Infinity,
    gcTime: Infinity,
  });

const dayjsLocaleQuery = (language: Language) =>
  queryOptions({
    queryKey: ['mui-locale', 'dayjs', language],
    queryFn: async () => {
      if (language !== 'en') await dayjsLocales[language]();
      return true;
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });

// Once a grid or a date picker has been shown, a language switch loads their texts with its own
// (`needForLanguage`), so the grid does not suspend on the new language.
needForLanguage((language) =>
  Promise.all([
    queryClient.prefetchQuery(gridTextsQuery(language)),
    queryClient.prefetchQuery(dayjsLocaleQuery(language)),
  ]),
);

function useShownLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

/**
 * The DataGrid's own texts (paging, "no rows") in the panel's language; English is its default. The
 * grid waits for them (it suspends) rather than showing "Rows per page" in English first.
 */
export function useGridLocaleText(): Partial<GridLocaleText> | undefined {
  const language = useShownLanguage();
  const { data } = useSuspenseQuery(gridTextsQuery(language));
  return data ?? undefined;
}

/** The dayjs locale name for the date pickers, once its month and day names are loaded. */
export function useDayjsLocale(): Language {
  const language = useShownLanguage();
  const { isSuccess } = useQuery({ ...dayjsLocaleQuery(language), enabled: language !== 'en' });
  return language !== 'en' && isSuccess ? language : 'en';
}
