import { createTheme, type Theme } from '@mui/material/styles';
import type {} from '@mui/x-data-grid/themeAugmentation';
import { styleNonce } from './emotion-cache';
import { alpha, error, grey, info, primary, secondary, success, warning } from './palette';

declare module '@mui/material/styles' {
  // Module augmentation only works with interfaces.
  /* eslint-disable @typescript-eslint/consistent-type-definitions */
  interface PaletteColor {
    lighter: string;
    darker: string;
  }
  interface SimplePaletteColorOptions {
    lighter?: string;
    darker?: string;
  }
  interface TypeBackground {
    neutral: string;
  }
  interface Theme {
    customShadows: { card: string; dropdown: string; dialog: string; primary: string };
  }
  interface ThemeOptions {
    customShadows?: { card: string; dropdown: string; dialog: string; primary: string };
  }
  /* eslint-enable @typescript-eslint/consistent-type-definitions */
}

const shadowColor = grey[500];
// The system's own interface font (Roboto on Android, San Francisco on Apple, Segoe UI on Windows):
// no font file to download before the first text shows. Three weights of a web font were 44 KB on a
// phone's first load, requested beside the scripts the first paint waits for.
const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

const lightTones = new Set(['warning', 'info', 'success']);

function buttonLabelTone(color: string | undefined, theme: Theme) {
  if (!color || !lightTones.has(color)) return {};
  const tone = theme.palette[color as 'warning' | 'info' | 'success'];
  return { color: tone.dark, '&:not(.Mui-disabled)': { borderColor: alpha(tone.dark, 0.5) } };
}

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary,
    secondary,
    info,
    success,
    warning,
    error,
    grey,
    // A shade under grey[600], so secondary text keeps 4.5:1 also on the light green of unread and
    // selected items (grey[600] is 4.9:1 on white but 4.2:1 there).
    text: { primary: grey[800], secondary: '#58687A', disabled: grey[500] },
    background: { default: '#FFFFFF', paper: '#FFFFFF', neutral: grey[200] },
    divider: alpha(grey[500], 0.2),
    action: {
      hover: alpha(grey[500], 0.08),
      selected: alpha(grey[500], 0.16),
      disabled: alpha(grey[500], 0.8),
      disabledBackground: alpha(grey[500], 0.24),
      focus: alpha(grey[500], 0.24),
    },
  },
  shape: { borderRadius: 8 },
  customShadows: {
    card: `0 0 2px 0 ${alpha(shadowColor, 0.2)}, 0 12px 24px -4px ${alpha(shadowColor, 0.12)}`,
    dropdown: `0 0 2px 0 ${alpha(shadowColor, 0.24)}, -20px 20px 40px -4px ${alpha(shadowColor, 0.24)}`,
    dialog: `-40px 40px 80px -8px ${alpha('#000000', 0.24)}`,
    primary: `0 8px 16px 0 ${alpha(primary.main, 0.24)}`,
  },
  typography: {
    fontFamily,
    fontWeightMedium: 500,
    fontWeightBold: 700,
    h3: { fontWeight: 700, fontSize: '2rem', lineHeight: 1.5 },
    h4: { fontWeight: 700, fontSize: '1.5rem', lineHeight: 1.5 },
    h5: { fontWeight: 700, fontSize: '1.25rem', lineHeight: 1.5 },
    h6: { fontWeight: 600, fontSize: '1.125rem', lineHeight: 1.55 },
    subtitle1: { fontWeight: 600, fontSize: '1rem', lineHeight: 1.5 },
    subtitle2: { fontWeight: 600, fontSize: '0.875rem', lineHeight: 1.57 },
    body2: { lineHeight: 1.57 },
    caption: { lineHeight: 1.5 },
    overline: { fontWeight: 700, fontSize: '0.75rem', letterSpacing: 1.1, lineHeight: 1.5 },
    button: { fontWeight: 700, textTransform: 'none' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { backgroundColor: '#FFFFFF' },
        'input[type=number]': { MozAppearance: 'textfield' },
        // The page's width must not depend on whether it scrolls: grids size their rows to their
        // content, so a scrollbar that comes with a taller grid made it narrower, its rows shorter, the
        // scrollbar go and the grid grow again, in a loop near the window's height (the page jittered).
        // Phones draw scrollbars over the page, so this is for wider screens only.
        '@media (min-width: 600px)': { html: { scrollbarGutter: 'stable' } },
      },
    },
    MuiCard: {
      styleOverrides: {
        root: ({ theme }) => ({
          position: 'relative',
          borderRadius: 16,
          boxShadow: theme.customShadows.card,
          zIndex: 0,
        }),
      },
    },
    MuiCardHeader: {
      defaultProps: { slotProps: { title: { variant: 'h6' }, subheader: { variant: 'body2' } } },
      styleOverrides: { root: { padding: '24px 24px 0' } },
    },
    MuiCardContent: { styleOverrides: { root: { padding: 24, '&:last-child': { paddingBottom: 24 } } } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 8 },
        sizeLarge: { minHeight: 48 },
        // A text or outlined button's label is its colour on white: the amber, cyan and light green
        // `main` tones are below 4.5:1 there (amber 1.9:1), so those labels take the `dark` tone.
        outlined: ({ ownerState, theme }) => buttonLabelTone(ownerState.color, theme),
        text: ({ ownerState, theme }) => buttonLabelTone(ownerState.color, theme),
      },
    },
    // The data grid writes a `<style>` tag of its own (its CSS variables) that the page's
    // Content-Security-Policy lets in only with the page's nonce.
    MuiDataGrid: { defaultProps: { nonce: styleNonce } },
    // A disabled field's help still explains the field (why it cannot change): it stays readable
    // (text.disabled is 2.7:1 on white).
    MuiFormHelperText: {
      styleOverrides: {
        root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
      },
    },
    MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiPopover: {
      styleOverrides: {
        paper: ({ theme }) => ({ boxShadow: theme.customShadows.dropdown, borderRadius: 10 }),
      },
    },
    MuiMenuItem: {
      styleOverrides: {
        root: ({ theme }) => ({ ...theme.typography.body2, borderRadius: 6, padding: '6px 8px' }),
      },
    },
    MuiDialog: {
      styleOverrides: { paper: ({ theme }) => ({ borderRadius: 16, boxShadow: theme.customShadows.dialog }) },
    },
    MuiDialogTitle: { styleOverrides: { root: { padding: 24 } } },
    MuiDialogContent: { styleOverrides: { root: { padding: '0 24px' } } },
    MuiDialogActions: { styleOverrides: { root: { padding: 24 } } },
    MuiTableCell: {
      styleOverrides: {
        head: ({ theme }) => ({
          fontSize: 14,
          fontWeight: 600,
          color: theme.palette.text.secondary,
          backgroundColor: theme.palette.background.neutral,
        }),
        root: ({ theme }) => ({ borderBottomStyle: 'dashed', borderColor: theme.palette.divider }),
      },
    },
    MuiChip: {
      styleOverrides: {
        root: { borderRadius: 8, fontWeight: 500 },
        // Coloured chips are soft labels (dark tone on the lightest one) instead of white text on the
        // main tone, which is below 3:1 for green, cyan and amber.
        filled: ({ ownerState, theme }) => {
          if (!ownerState.color || ownerState.color === 'default') return {};
          const tone = theme.palette[ownerState.color];
          return {
            color: tone.dark,
            backgroundColor: tone.lighter,
            '&.MuiChip-clickable:hover': { backgroundColor: alpha(tone.main, 0.32) },
            '& .MuiChip-icon, & .MuiChip-deleteIcon': { color: 'inherit' },
          };
        },
        outlined: ({ ownerState, theme }) => {
          if (!ownerState.color || ownerState.color === 'default') return {};
          const tone = theme.palette[ownerState.color];
          return { color: tone.dark, borderColor: alpha(tone.dark, 0.48) };
        },
      },
    },
    MuiOutlinedInput: {
      styleOverrides: {
        root: {
          '&.Mui-disabled .MuiOutlinedInput-notchedOutline': { borderColor: alpha(grey[500], 0.24) },
          '&.Mui-disabled': { backgroundColor: grey[100] },
        },
        notchedOutline: { borderColor: alpha(grey[500], 0.24) },
      },
    },
    MuiLink: { defaultProps: { underline: 'hover' } },
    // Below a page's h1 the next level is h2: a card's or a section's title in the h5/h6 look (a
    // `component` of its own aside) was an h5/h6 element, a skipped level for screen readers. The
    // subtitle looks are labels, names and figures (MUI makes them h6 too): paragraphs.
    MuiTypography: {
      defaultProps: { variantMapping: { h5: 'h2', h6: 'h2', subtitle1: 'p', subtitle2: 'p' } },
    },
    MuiTooltip: { styleOverrides: { tooltip: { backgroundColor: grey[800] } } },
  },
});
