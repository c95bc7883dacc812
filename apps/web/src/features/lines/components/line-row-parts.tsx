import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import type { GridPaginationModel } from '@mui/x-data-grid';
import type { Line } from '@linedesk/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { linePath } from '../../../lib/paths';
import { LineActionsMenu } from './line-actions-menu';
import { OnlineDot } from './online-dot';

export type LineRowAction = 'renew' | 'toggle' | 'delete' | 'copy';

/** What the desktop grid and the phone card list both take: one page of lines and its actions. */
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
};

const menuBesideButtons = ['edit', 'toggle', 'delete'] as const;
// Elements made once: a row's buttons are rendered again for each line shown in it, their icons not.
const renewIcon = <AutorenewIcon fontSize="small" />;
const copyIcon = <ContentCopyIcon fontSize="small" />;
const rowActionsSx = { display: 'flex' } as const;

type LineRowActionsProps = {
  line: Line;
  busy: boolean;
  onAction: (action: LineRowAction, line: Line) => void;
  /** Every action behind the one menu button (a phone's card), rather than Renew and Copy beside it. */
  compact?: boolean;
};

/**
 * A line's actions, the same on a grid row and a phone card. Memoised on the line, as every part
 * of a row here: the grid renders each of its cells again whenever any of its own props changes
 * (a page change does so three times: loading on, the new page, the rows in), and a cell's buttons,
 * menus and chips were most of that work.
 */
export const LineRowActions = memo(function LineRowActions({
  line,
  busy,
  onAction,
  compact = false,
}: LineRowActionsProps) {
  const { t } = useTranslation();
  if (compact) return <LineActionsMenu line={line} busy={busy} onAction={onAction} />;
  return (
    <Box sx={rowActionsSx} onClick={(event) => event.stopPropagation()}>
      <IconButton
        size="small"
        color="primary"
        onClick={() => onAction('renew', line)}
        aria-label={t('lines.actions.renewNamed', { username: line.username })}
        title={t('lines.actions.renew')}
        data-testid="line-renew-button"
      >
        {renewIcon}
      </IconButton>
      <IconButton
        size="small"
        onClick={() => onAction('copy', line)}
        aria-label={`${t('linesBulk.connection.copy')}: ${line.username}`}
        title={t('linesBulk.connection.copy')}
        data-testid="line-copy-connection-button"
      >
        {copyIcon}
      </IconButton>
      <LineActionsMenu line={line} busy={busy} onAction={onAction} actions={menuBesideButtons} />
    </Box>
  );
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
