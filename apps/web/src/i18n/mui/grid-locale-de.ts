import { deDE } from '@mui/x-data-grid/locales';

// One module per language, so a browser downloads only the grid texts of the language it shows.
export const gridLocaleText = deDE.components.MuiDataGrid.defaultProps.localeText;
