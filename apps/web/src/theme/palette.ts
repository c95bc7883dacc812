export const grey = {
  50: '#FCFDFD',
  100: '#F9FAFB',
  200: '#F4F6F8',
  300: '#DFE3E8',
  400: '#C4CDD5',
  500: '#919EAB',
  600: '#637381',
  700: '#454F5B',
  800: '#1C252E',
  900: '#141A21',
} as const;

/**
 * The brand green. `main` is a shade darker than the logo's #00A76F: white text on it, and it as text
 * on white or on the light grey of table headers, reach the 4.5:1 contrast of WCAG AA (#00A76F only
 * reached 3.1:1).
 */
export const primary = {
  lighter: '#C8FAD6',
  light: '#5BE49B',
  main: '#007B55',
  dark: '#005E48',
  darker: '#004B50',
  contrastText: '#FFFFFF',
} as const;

export const secondary = {
  lighter: '#EFD6FF',
  light: '#C684FF',
  main: '#8E33FF',
  dark: '#5119B7',
  darker: '#27097A',
  contrastText: '#FFFFFF',
} as const;

export const info = {
  lighter: '#CAFDF5',
  light: '#61F3F3',
  main: '#00B8D9',
  dark: '#006C9C',
  darker: '#003768',
};
// The `dark` shades are the text colour of labels on their `lighter` tone and on white: dark enough
// for 4.5:1 on both.
export const success = {
  lighter: '#D3FCD2',
  light: '#77ED8B',
  main: '#22C55E',
  dark: '#0A7B4B',
  darker: '#065E49',
};
export const warning = {
  lighter: '#FFF5CC',
  light: '#FFD666',
  main: '#FFAB00',
  dark: '#965A00',
  darker: '#7A4100',
};
/** `main` is dark enough for white text on it (badges) and for error text on white (4.5:1). */
export const error = {
  lighter: '#FFE9D5',
  light: '#FFAC82',
  main: '#D6341C',
  dark: '#B71D18',
  darker: '#7A0916',
};

/** `rgba()` of a #RRGGBB colour; the palette is static, so no colour library is needed. */
export function alpha(hex: string, opacity: number): string {
  const value = hex.replace('#', '');
  const r = parseInt(value.slice(0, 2), 16);
  const g = parseInt(value.slice(2, 4), 16);
  const b = parseInt(value.slice(4, 6), 16);
  return `rgba(${r}, ${g}, ${b}, ${opacity})`;
}
