import type { GridLocaleText } from '@mui/x-data-grid';
import { deDE, plPL, ptPT } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';

const gridTexts: Record<string, Partial<GridLocaleText>> = {
  de: deDE.components.MuiDataGrid.defaultProps.localeText,
  pl: plPL.components.MuiDataGrid.defaultProps.localeText,
  pt: ptPT.components.MuiDataGrid.defaultProps.localeText,
};

/** The DataGrid's own texts (paging, "no rows") in the panel's language; English is its default. */
export function useGridLocaleText(): Partial<GridLocaleText> | undefined {
  const { i18n } = useTranslation();
  return gridTexts[i18n.resolvedLanguage ?? 'en'];
}
