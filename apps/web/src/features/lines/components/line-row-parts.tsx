import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import type { GridPaginationModel } from '@mui/x-data-grid';
import type { Line } from '@linedesk/shared';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { linePath } from '../../../lib/paths';
import type { LineRights } from '../lib/line-rights';
import { LineActionsMenu, type LineRowAction, type MenuAction } from './line-actions-menu';
import { OnlineDot } from './online-dot';

export type { LineRowAction };

/** What the desktop table and the phone card list both take: one page of lines and its actions. */
export type LinesViewProps = {
  rows: Line[];
  total: number;
  /** The server counted up to its cap only: the list pages on without a known count. */
  totalIsLowerBound: boolean;
  /** This page is not full, so it is the last one and `total` is exact. */
  endReached: boolean;
  /** A filter or search is active, so an empty list means "no match" rather than "no lines yet". */
  filtered: boolean;
  loading: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  /** Lines whose enable/disable is being saved. */
  busy: ReadonlySet<number>;
  onAction: (action: LineRowAction, line: Line) => void;
  /** What the server would take from this account (`lineRights`): the rows offer only that. */
  rights: LineRights;
};

type LineRowActionsProps = {
  line: Line;
  busy: boolean;
  onAction: (action: LineRowAction, line: Line) => void;
  actions: readonly MenuAction[];
};

/**
 * A phone card's actions, every one behind the one menu button. Memoised on the line, as every part
 * of a card: a page change gives each card its new line, and the rest stays as it was. (A desktop
 * row draws its own buttons, in `lines-table-row.tsx`.)
 */
export const LineRowActions = memo(function LineRowActions({
  line,
  busy,
  onAction,
  actions,
}: LineRowActionsProps) {
  return <LineActionsMenu line={line} busy={busy} onAction={onAction} actions={actions} />;
});

/** The line's username with its online dot, linking to its page. */
export const LineUsernameLink = memo(function LineUsernameLink({
  line,
  sx,
}: {
  line: Line;
  sx?: SxProps<Theme>;
}) {
  return (
    <Link
      component={RouterLink}
      to={linePath(line.id)}
      variant="subtitle2"
      color="inherit"
      underline="hover"
      data-testid="line-username"
      sx={sx}
    >
      <OnlineDot line={line} />
      {line.username}
    </Link>
  );
});
