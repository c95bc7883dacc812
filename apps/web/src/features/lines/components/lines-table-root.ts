import { alpha, styled } from '@mui/material/styles';

/**
 * The lines table's one class sheet: every row and cell is a plain element with a class from here,
 * so a page of rows costs no styled component and no `sx` of its own. Sizes follow the data grid the
 * table replaced (64 px rows, scaled by the density; the same column widths).
 */
export const LinesTableRoot = styled('div')(({ theme }) => {
  const { palette, typography } = theme;
  const tone = (color: 'success' | 'warning' | 'error' | 'info') => ({
    [`& .lt-chip.lt-${color}`]: { color: palette[color].dark, backgroundColor: palette[color].lighter },
    [`& .lt-chip.lt-outlined.lt-${color}`]: {
      backgroundColor: 'transparent',
      borderColor: alpha(palette[color].dark, 0.48),
    },
  });
  return {
    '& .lt-toolbar': { display: 'flex', gap: theme.spacing(1), padding: theme.spacing(1, 1) },
    '& .lt-frame': { position: 'relative' },
    '& .lt-progress': { position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 },
    '& .lt-table': {
      width: '100%',
      borderCollapse: 'collapse',
      ...typography.body2,
    },
    '& th': {
      ...typography.body2,
      fontWeight: 500,
      color: palette.text.primary,
      backgroundColor: palette.background.neutral,
      textAlign: 'left',
      whiteSpace: 'nowrap',
      padding: '0 10px',
      height: 56,
      borderBottom: `1px solid ${palette.divider}`,
    },
    '& td': {
      padding: '0 10px',
      height: 64,
      borderBottom: `1px solid ${palette.divider}`,
      verticalAlign: 'middle',
    },
    '&.lt-compact th': { height: 39 },
    '&.lt-compact td': { height: 45 },
    '&.lt-comfortable th': { height: 73 },
    '&.lt-comfortable td': { height: 83 },
    '& tbody tr:hover': { backgroundColor: palette.action.hover },
    '& tbody tr.lt-selected': {
      backgroundColor: alpha(palette.primary.main, palette.action.selectedOpacity),
    },
    '& .lt-check': { width: 50, padding: '0 4px', textAlign: 'center' },
    '& td.lt-check input': {
      width: 18,
      height: 18,
      margin: 0,
      cursor: 'pointer',
      accentColor: palette.primary.main,
      verticalAlign: 'middle',
    },
    '& .lt-col-actions': { width: 116 },
    '& .lt-col-username': { minWidth: 150 },
    '& .lt-col-password': { width: 104 },
    '& .lt-col-server_name': { minWidth: 96 },
    '& .lt-col-status': { width: 104 },
    '& .lt-col-days_left': { width: 92 },
    '& .lt-col-expiry_date': { width: 104 },
    '& .lt-col-owner_email': { minWidth: 120 },
    '& .lt-col-sync_state': { width: 116 },
    '& .lt-col-last_seen_at': { width: 128 },
    '& .lt-col-created_at': { width: 108 },
    '& .lt-inline': { display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 },
    '& .lt-svg': { width: '1em', height: '1em', fill: 'currentColor', flexShrink: 0 },
    // The row's buttons: as MUI's small icon buttons look, without a component each.
    '& .lt-button': {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      padding: 5,
      border: 0,
      borderRadius: '50%',
      background: 'none',
      color: palette.action.active,
      fontSize: 20,
      cursor: 'pointer',
      '&:hover': { backgroundColor: palette.action.hover },
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: 1 },
    },
    '& .lt-button.lt-primary': {
      color: palette.primary.main,
      '&:hover': { backgroundColor: alpha(palette.primary.main, palette.action.hoverOpacity) },
    },
    '& .lt-button.lt-small': { fontSize: 18 },
    '& .lt-button.lt-success': { color: palette.success.main },
    // A name is never cut ("kacperkoc…" cannot be told apart): the column is at least as wide as its
    // longest name (20 characters at most) and wraps only where a name has a break, as at a hyphen.
    '& .lt-username': { minWidth: 150, lineHeight: 1.3, whiteSpace: 'normal', overflowWrap: 'break-word' },
    '& .lt-link': {
      ...typography.subtitle2,
      // The dot stays before the name's first letters when a long name wraps.
      display: 'flex',
      alignItems: 'center',
      color: 'inherit',
      textDecoration: 'none',
      '&:hover': { textDecoration: 'underline' },
    },
    '& .lt-caption': {
      ...typography.caption,
      display: 'block',
      color: palette.text.secondary,
      maxWidth: 280,
    },
    '& .lt-dot': {
      flexShrink: 0,
      marginRight: 6,
      width: 10,
      height: 10,
      borderRadius: '50%',
      backgroundColor: palette.grey[400],
    },
    '& .lt-dot.lt-online': {
      backgroundColor: palette.success.main,
      boxShadow: `0 0 0 3px ${palette.success.main}33`,
    },
    '& .lt-secret': {
      fontFamily: 'monospace',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      flexGrow: 1,
      minWidth: 0,
    },
    '& .lt-nowrap': { whiteSpace: 'nowrap' },
    '& .lt-clip': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
    '& .lt-server': { maxWidth: 200 },
    '& .lt-owner': { maxWidth: 240 },
    '& .lt-muted': { color: palette.text.secondary },
    '& .lt-days-ok': { color: palette.text.primary },
    '& .lt-days-soon': { color: palette.warning.dark, fontWeight: 600 },
    '& .lt-days-expired': { color: palette.error.main, fontWeight: 600 },
    // Chips as MUI's small ones look in this theme: soft filled for the status, outlined for sync.
    '& .lt-chip': {
      display: 'inline-flex',
      alignItems: 'center',
      gap: 4,
      height: 24,
      padding: '0 8px',
      borderRadius: 8,
      border: '1px solid transparent',
      fontSize: typography.pxToRem(13),
      fontWeight: 600,
      whiteSpace: 'nowrap',
    },
    '& .lt-chip.lt-outlined': { fontWeight: 500, paddingLeft: 4, '& .lt-svg': { fontSize: 18 } },
    ...tone('success'),
    ...tone('warning'),
    ...tone('error'),
    ...tone('info'),
    '& td.lt-empty': { height: 240, padding: 0 },
  };
});
