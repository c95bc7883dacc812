import { plPL } from '@mui/material/locale';

// One module per language, so a browser downloads only the component texts of the language it shows.
export const materialLocale = plPL;
