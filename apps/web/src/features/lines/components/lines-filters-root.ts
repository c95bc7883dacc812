import { alpha, styled } from '@mui/material/styles';

/**
 * The lines list's filters and quick filters in one class sheet: the fields and chips are plain
 * elements (a native `<select>`, `<input>` and `<button>`) with classes from here, in the look of
 * MUI's small outlined fields and chips. MUI's TextField and Chip rendered some 30 components each,
 * all of them again on every language switch.
 */
export const LinesFiltersRoot = styled('div')(({ theme }) => {
  const { palette, typography, shape } = theme;
  const border = alpha(palette.grey[500], 0.24);
  return {
    '&.lf-filters': {
      display: 'flex',
      flexDirection: 'column',
      gap: theme.spacing(2),
      padding: theme.spacing(2.5),
    },
    '&.lf-search-only': { padding: theme.spacing(2, 2.5, 1.5) },
    '& .lf-row': { display: 'flex', gap: theme.spacing(2), alignItems: 'center' },
    '& .lf-grid': {
      display: 'grid',
      gap: theme.spacing(2),
      gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))',
    },
    '& .lf-field': {
      position: 'relative',
      display: 'flex',
      alignItems: 'center',
      flexGrow: 1,
      minWidth: 0,
      height: 40,
      borderRadius: shape.borderRadius,
      boxShadow: `inset 0 0 0 1px ${border}`,
      color: palette.text.primary,
      backgroundColor: palette.background.paper,
      '&:hover': { boxShadow: `inset 0 0 0 1px ${palette.text.primary}` },
      '&:focus-within': { boxShadow: `inset 0 0 0 2px ${palette.primary.main}` },
    },
    // The label sits on the field's top border, as MUI's raised label does.
    '& .lf-label': {
      position: 'absolute',
      top: -9,
      left: 10,
      maxWidth: 'calc(100% - 20px)',
      padding: '0 4px',
      ...typography.caption,
      lineHeight: '18px',
      color: palette.text.secondary,
      backgroundColor: palette.background.paper,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      pointerEvents: 'none',
    },
    '& .lf-field:focus-within .lf-label': { color: palette.primary.main },
    '& .lf-control': {
      flexGrow: 1,
      minWidth: 0,
      height: '100%',
      margin: 0,
      border: 0,
      outline: 0,
      padding: '0 14px',
      font: 'inherit',
      ...typography.body1,
      color: 'inherit',
      backgroundColor: 'transparent',
      '&::placeholder': { color: palette.text.secondary, opacity: 1 },
    },
    '& select.lf-control': {
      appearance: 'none',
      paddingRight: 36,
      cursor: 'pointer',
      textOverflow: 'ellipsis',
    },
    '& .lf-control.lf-with-icon': { paddingLeft: 0 },
    '& .lf-icon': {
      display: 'inline-flex',
      flexShrink: 0,
      padding: '0 8px 0 14px',
      color: palette.text.disabled,
    },
    '& .lf-chevron': {
      position: 'absolute',
      right: 10,
      display: 'inline-flex',
      color: palette.action.active,
      pointerEvents: 'none',
    },
    '& .lf-suffix': { flexShrink: 0, paddingRight: 14, ...typography.body1, color: palette.text.secondary },
    '& .lf-icon svg, & .lf-chevron svg': { width: 24, height: 24, fill: 'currentColor' },
    '& .lf-clear': {
      flexShrink: 0,
      height: 36,
      padding: '0 12px',
      border: 0,
      borderRadius: shape.borderRadius,
      ...typography.button,
      color: palette.error.main,
      backgroundColor: 'transparent',
      cursor: 'pointer',
      '&:hover': { backgroundColor: alpha(palette.error.main, palette.action.hoverOpacity) },
      '&:focus-visible': { outline: `2px solid ${palette.error.main}`, outlineOffset: 1 },
    },
    '&.lf-quick': {
      display: 'flex',
      flexWrap: 'wrap',
      gap: theme.spacing(1),
      padding: theme.spacing(0, 2.5, 2),
    },
    '& .lf-chip': {
      height: 32,
      padding: '0 11px',
      borderRadius: 8,
      border: `1px solid ${palette.grey[400]}`,
      ...typography.body2,
      fontSize: typography.pxToRem(13),
      fontWeight: 500,
      color: palette.text.primary,
      backgroundColor: 'transparent',
      whiteSpace: 'nowrap',
      cursor: 'pointer',
      '&:hover': { backgroundColor: palette.action.hover },
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: 1 },
    },
    // An active quick filter: the soft filled primary chip of the theme.
    '& .lf-chip[aria-pressed="true"]': {
      borderColor: 'transparent',
      color: palette.primary.dark,
      backgroundColor: palette.primary.lighter,
      '&:hover': { backgroundColor: alpha(palette.primary.main, 0.32) },
    },
  };
});
