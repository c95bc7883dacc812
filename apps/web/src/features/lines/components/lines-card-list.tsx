import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { toDisplayDate, type Line } from '@linedesk/shared';
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DaysLeftCell } from './days-left-cell';
import { everyAction, type MenuAction } from './line-actions-menu';
import { LineRowActions, LineUsernameLink, type LinesViewProps } from './line-row-parts';
import { LinesEmptyOverlay } from './lines-empty-overlay';
import { LineStatusChip } from './line-status-chip';
import { LastSeenCell } from './online-dot';
import { useBusinessDay } from '../hooks/use-business-day';

const cardSx = {
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  px: 2,
  py: 1.5,
  borderBottom: 1,
  borderColor: 'divider',
} as const;
const usernameSx = { overflowWrap: 'anywhere' } as const;
// A native tick box: one element a card, at a finger's size.
const tickStyle = { width: 22, height: 22, margin: 0, flexShrink: 0, cursor: 'pointer' } as const;

const isChecked = (selection: GridRowSelectionModel, id: number) =>
  selection.type === 'include' ? selection.ids.has(id) : !selection.ids.has(id);

/** One line's card, memoised like the grid's cells: a page change renders the list more than once. */
const LineCard = memo(function LineCard({
  line,
  today,
  busy,
  onAction,
  actions,
  checked,
  onToggle,
}: {
  line: Line;
  today: string;
  busy: boolean;
  onAction: LinesViewProps['onAction'];
  actions: readonly MenuAction[];
  checked: boolean;
  onToggle?: (lineId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <Box component="li" data-testid="line-row" sx={cardSx}>
      {onToggle && (
        <input
          type="checkbox"
          style={tickStyle}
          checked={checked}
          onChange={() => onToggle(line.id)}
          aria-label={t('lines.cards.selectNamed', { username: line.username })}
          data-testid="line-select"
        />
      )}
      <Stack sx={{ flexGrow: 1, minWidth: 0, gap: 0.75 }}>
        <LineUsernameLink line={line} sx={usernameSx} />
        {line.name && (
          <Typography
            variant="caption"
            sx={{ color: 'text.secondary', overflowWrap: 'anywhere', mt: -0.5 }}
            data-testid="line-customer"
          >
            {line.name}
          </Typography>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}>
          <LineStatusChip status={line.status} />
          <DaysLeftCell expiryDate={line.expiry_date} today={today} />
          <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="line-expiry">
            {toDisplayDate(line.expiry_date)}
          </Typography>
        </Box>
        <Box sx={{ typography: 'caption' }}>
          <LastSeenCell online={line.online} lastSeenAt={line.last_seen_at} language={language} />
        </Box>
      </Stack>
      <LineRowActions line={line} busy={busy} onAction={onAction} actions={actions} />
    </Box>
  );
});

/**
 * The line list on a phone: one card a line with what tells lines apart (username, status, days
 * left, online) and its actions one tap away, paged like the grid; no column scrolls sideways.
 */
type LinesCardListProps = LinesViewProps & {
  /** Ticked lines, for the bulk actions (the same model as the desktop table's). */
  selection?: GridRowSelectionModel;
  onSelectionChange?: (model: GridRowSelectionModel) => void;
};

export const LinesCardList = memo(function LinesCardList(props: LinesCardListProps) {
  const { rows, total, totalIsLowerBound, endReached, loading, busy, onAction, rights } = props;
  // Only what the server would take from this account (a support member reads lines, no more).
  const actions = useMemo(() => everyAction.filter(rights.row), [rights]);
  const { selection, onSelectionChange } = props;
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { today } = useBusinessDay();
  const { page, pageSize } = props.paginationModel;
  const from = rows.length === 0 ? 0 : page * pageSize + 1;
  const to = page * pageSize + rows.length;
  const number = new Intl.NumberFormat(language);
  const hasNext = totalIsLowerBound ? !endReached && rows.length === pageSize : to < total;
  const range = t(totalIsLowerBound && !endReached ? 'lines.list.rowsAtLeast' : 'lines.list.rowsExact', {
    from: number.format(from),
    to: number.format(to),
    total: number.format(Math.max(total, to)),
  });

  // The cards' callback reads the latest rows and ticks from here, so that it stays the same from
  // page to page and a tick draws only its card again.
  const latest = useRef({ rows, selection });
  useEffect(() => {
    latest.current = { rows, selection };
  });
  const onToggle = useCallback(
    (lineId: number) => {
      const { rows: shown, selection: ticked } = latest.current;
      if (!ticked || !onSelectionChange) return;
      const ids = new Set(shown.filter((row) => isChecked(ticked, row.id)).map((row) => row.id));
      if (ids.has(lineId)) ids.delete(lineId);
      else ids.add(lineId);
      onSelectionChange({ type: 'include', ids });
    },
    [onSelectionChange],
  );
  const tickedCount = selection ? rows.filter((row) => isChecked(selection, row.id)).length : 0;
  const allTicked = rows.length > 0 && tickedCount === rows.length;

  return (
    <Box data-testid="lines-card-list" aria-busy={loading}>
      {selection && onSelectionChange && rows.length > 0 && (
        <Box
          component="label"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, typography: 'body2' }}
        >
          <input
            type="checkbox"
            style={tickStyle}
            checked={allTicked}
            ref={(input) => {
              if (input) input.indeterminate = tickedCount > 0 && !allTicked;
            }}
            onChange={() =>
              onSelectionChange({
                type: 'include',
                ids: new Set(allTicked ? [] : rows.map((row) => row.id)),
              })
            }
            data-testid="lines-select-page"
          />
          {t('lines.cards.selectPage')}
        </Box>
      )}
      <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
      {rows.length === 0 && !loading && (
        <Box sx={{ height: 240 }}>
          <LinesEmptyOverlay filtered={props.filtered} />
        </Box>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => (
          <LineCard
            key={row.id}
            line={row}
            today={today}
            busy={busy.has(row.id)}
            onAction={onAction}
            actions={actions}
            checked={selection ? isChecked(selection, row.id) : false}
            onToggle={selection && onSelectionChange ? onToggle : undefined}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, px: 2, py: 1 }}>
        <Typography variant="body2" data-testid="lines-card-range">
          {range}
        </Typography>
        <IconButton
          aria-label={t('lines.cards.previousPage')}
          disabled={page === 0}
          onClick={() => props.onPaginationModelChange({ page: page - 1, pageSize })}
          data-testid="lines-card-previous"
        >
          <ChevronLeftIcon />
        </IconButton>
        <IconButton
          aria-label={t('lines.cards.nextPage')}
          disabled={!hasNext}
          onClick={() => props.onPaginationModelChange({ page: page + 1, pageSize })}
          data-testid="lines-card-next"
        >
          <ChevronRightIcon />
        </IconButton>
      </Box>
    </Box>
  );
});
