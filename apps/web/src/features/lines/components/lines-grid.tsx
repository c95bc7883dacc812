import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridDensity,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { isLanguage, isoDate, toDisplayDate, type Line } from '@linedesk/shared';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useGridLocaleText } from '../../../i18n/mui/use-mui-locales';
import { formatDate } from '../../../lib/format-date';
import { linePath } from '../../../lib/paths';
import { linePageSizes } from '../lib/line-list-state';
import { DaysLeftCell } from './days-left-cell';
import { LineActionsMenu } from './line-actions-menu';
import { LinesEmptyOverlay } from './lines-empty-overlay';
import { LineStatusChip } from './line-status-chip';
import { LineSyncChip } from './line-sync-chip';
import { LastSeenCell, OnlineDot } from './online-dot';
import { PasswordCell } from './password-cell';

// The grid passes its slot props through; ours carry whether a filter is active.
const EmptyOverlay = (props: object) => (
  <LinesEmptyOverlay filtered={Boolean((props as { filtered?: boolean }).filtered)} />
);

// Module constants: a new object on each render would have the grid render every row again.
const slots = { noRowsOverlay: EmptyOverlay };
const rowClassName = () => 'line-row';
const gridSx = {
  border: 0,
  '--DataGrid-overlayHeight': '240px',
  '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
  '& .MuiDataGrid-columnHeaders': { bgcolor: 'background.neutral' },
  '& .MuiDataGrid-columnHeader, & .MuiDataGrid-filler': { bgcolor: 'background.neutral' },
} as const;
const rowActionsMenu = ['edit', 'toggle', 'delete'] as const;
const sortingOrder: ('asc' | 'desc')[] = ['asc', 'desc'];
const pageSizeOptions = [...linePageSizes];

/** The creation date is in the column menu; admins see the owner column in its room. */
export const defaultLineColumns = (admin: boolean): GridColumnVisibilityModel => ({
  created_at: false,
  ...(admin ? {} : { owner_email: false }),
});

export type LineRowAction = 'renew' | 'toggle' | 'delete' | 'copy';

type LinesGridProps = {
  rows: Line[];
  total: number;
  /** The server counted up to its cap only: the grid pages on without a known count. */
  totalIsLowerBound: boolean;
  /** This page is not full, so it is the last one and `total` is exact. */
  endReached: boolean;
  /** A filter or search is active, so an empty list means "no match" rather than "no lines yet". */
  filtered: boolean;
  loading: boolean;
  admin: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  sortModel: GridSortModel;
  onSortModelChange: (model: GridSortModel) => void;
  selection: GridRowSelectionModel;
  onSelectionChange: (model: GridRowSelectionModel) => void;
  /** Lines whose enable/disable is being saved. */
  busy: ReadonlySet<number>;
  onAction: (action: LineRowAction, line: Line) => void;
  columnVisibility: GridColumnVisibilityModel;
  onColumnVisibilityChange: (model: GridColumnVisibilityModel) => void;
  density: GridDensity;
  onDensityChange: (density: GridDensity) => void;
};

/**
 * The line list on a desktop: paging, sorting and filtering all happen on the server (lists reach
 * 100,000 rows), so the grid only shows one page and reports what the user asked for. The row's
 * actions come first, so that they are on screen at any width and with any columns chosen (the
 * community grid cannot pin a column at the end).
 */
export const LinesGrid = memo(function LinesGrid(props: LinesGridProps) {
  const { rows, total, totalIsLowerBound, endReached, loading, admin, busy, onAction } = props;
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const gridLocaleText = useGridLocaleText();
  // Today in UTC, the day the server works the rows' statuses out on.
  const today = isoDate(new Date());

  const columns = useMemo<GridColDef<Line>[]>(() => {
    const list: GridColDef<Line>[] = [
      {
        field: 'actions',
        headerName: t('common.actions'),
        sortable: false,
        disableColumnMenu: true,
        hideable: false,
        width: 116,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex' }} onClick={(event) => event.stopPropagation()}>
            <IconButton
              size="small"
              color="primary"
              onClick={() => onAction('renew', row)}
              aria-label={t('lines.actions.renewNamed', { username: row.username })}
              title={t('lines.actions.renew')}
              data-testid="line-renew-button"
            >
              <AutorenewIcon fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              onClick={() => onAction('copy', row)}
              aria-label={`${t('linesBulk.connection.copy')}: ${row.username}`}
              title={t('linesBulk.connection.copy')}
              data-testid="line-copy-connection-button"
            >
              <ContentCopyIcon fontSize="small" />
            </IconButton>
            <LineActionsMenu
              line={row}
              busy={busy.has(row.id)}
              onAction={onAction}
              actions={rowActionsMenu}
            />
          </Box>
        ),
      },
      {
        field: 'username',
        headerName: t('lines.fields.username'),
        flex: 1,
        minWidth: 150,
        hideable: false,
        renderCell: ({ row }) => (
          // The whole username, wrapped if it must: a cut one ("kacperkoc…") cannot be told apart.
          <Box sx={{ minWidth: 0, lineHeight: 1.3, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
            <Link
              component={RouterLink}
              to={linePath(row.id)}
              variant="subtitle2"
              color="inherit"
              underline="hover"
              data-testid="line-username"
              sx={{ display: 'block' }}
            >
              <OnlineDot line={row} />
              {row.username}
            </Link>
            {row.name && (
              <Typography variant="caption" component="div" noWrap sx={{ color: 'text.secondary' }}>
                {row.name}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'password',
        headerName: t('lines.fields.password'),
        sortable: false,
        width: 104,
        renderCell: ({ row }) => <PasswordCell password={row.password} />,
      },
      {
        field: 'server_name',
        headerName: t('lines.fields.server'),
        minWidth: 96,
        flex: 0.5,
        renderCell: ({ row }) => (
          <Typography variant="body2" data-testid="line-server" noWrap title={row.server_name ?? undefined}>
            {row.server_name ?? '—'}
          </Typography>
        ),
      },
      {
        field: 'status',
        headerName: t('lines.fields.status'),
        width: 104,
        renderCell: ({ row }) => <LineStatusChip status={row.status} />,
      },
      {
        field: 'days_left',
        headerName: t('lines.fields.daysLeft'),
        sortable: false,
        width: 92,
        renderCell: ({ row }) => <DaysLeftCell expiryDate={row.expiry_date} today={today} />,
      },
      {
        field: 'expiry_date',
        headerName: t('lines.fields.expiry'),
        width: 104,
        renderCell: ({ row }) => (
          <Typography variant="body2" data-testid="line-expiry">
            {toDisplayDate(row.expiry_date)}
          </Typography>
        ),
      },
    ];
    if (admin) {
      list.push({
        field: 'owner_email',
        headerName: t('lines.fields.owner'),
        minWidth: 120,
        flex: 0.6,
        renderCell: ({ row }) => (
          <Typography
            variant="body2"
            noWrap
            title={row.owner_email ?? undefined}
            data-testid="line-owner"
            sx={{ color: 'text.secondary' }}
          >
            {row.owner_email ?? '—'}
          </Typography>
        ),
      });
    }
    list.push(
      {
        field: 'sync_state',
        headerName: t('lines.fields.sync'),
        width: 116,
        renderCell: ({ row }) => (
          <LineSyncChip
            state={row.sync_state}
            error={row.sync_error}
            code={row.sync_error_code}
            params={row.sync_error_params}
          />
        ),
      },
      {
        field: 'last_seen_at',
        headerName: t('lineConnections.lastSeen'),
        sortable: false,
        width: 128,
        renderCell: ({ row }) => <LastSeenCell line={row} language={language} />,
      },
      {
        field: 'created_at',
        headerName: t('lines.fields.created'),
        width: 108,
        renderCell: ({ row }) => (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {formatDate(row.created_at, language)}
          </Typography>
        ),
      },
    );
    return list;
  }, [t, admin, language, busy, onAction, today]);

  const slotProps = useMemo(
    () => ({
      row: { 'data-testid': 'line-row' } as object,
      noRowsOverlay: { filtered: props.filtered } as object,
    }),
    [props.filtered],
  );
  const { page, pageSize } = props.paginationModel;
  // Past the cap, while pages are full, the grid is told one row more than it has seen, so "next"
  // stays open and a count never falls below the page shown: told the count was unknown, the grid
  // sometimes worked one out from the rows it had while a new page replaced the old one, found its
  // page past it and went back to page 1 by itself. A page that is not full gives the exact end.
  const rowCount = totalIsLowerBound && !endReached ? Math.max(total, (page + 1) * pageSize) + 1 : total;
  // Always given (the grid keeps the last one it saw): past the cap, a full page means there may be more.
  const hasNextPage = totalIsLowerBound
    ? !endReached && rows.length === pageSize
    : (page + 1) * pageSize < total;
  const paginationMeta = useMemo(() => ({ hasNextPage }), [hasNextPage]);

  const localeText = useMemo(() => {
    const base = gridLocaleText;
    if (!totalIsLowerBound) return base;
    const number = new Intl.NumberFormat(language);
    return {
      ...base,
      paginationDisplayedRows: ({ from, to }: { from: number; to: number }) =>
        t(endReached ? 'lines.list.rowsExact' : 'lines.list.rowsAtLeast', {
          from: number.format(from),
          to: number.format(to),
          total: number.format(Math.max(total, to)),
        }),
    };
  }, [gridLocaleText, language, totalIsLowerBound, endReached, total, t]);

  return (
    <DataGrid
      // Its filter speed-up probes `eval`, which the page's Content-Security-Policy refuses.
      disableEval
      rows={rows}
      columns={columns}
      // Past the server's count cap the footer reads "1–25 of 10,000+" (the labels above).
      rowCount={rowCount}
      paginationMeta={paginationMeta}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      disableColumnFilter
      paginationModel={props.paginationModel}
      onPaginationModelChange={props.onPaginationModelChange}
      pageSizeOptions={pageSizeOptions}
      sortModel={props.sortModel}
      onSortModelChange={props.onSortModelChange}
      sortingOrder={sortingOrder}
      checkboxSelection
      disableRowSelectionOnClick
      rowSelectionModel={props.selection}
      onRowSelectionModelChange={props.onSelectionChange}
      rowHeight={64}
      density={props.density}
      onDensityChange={props.onDensityChange}
      showToolbar
      columnVisibilityModel={props.columnVisibility}
      onColumnVisibilityModelChange={props.onColumnVisibilityChange}
      localeText={localeText}
      autoHeight
      getRowClassName={rowClassName}
      slots={slots}
      slotProps={slotProps}
      sx={gridSx}
    />
  );
});
