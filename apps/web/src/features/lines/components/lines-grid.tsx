import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { isLanguage, toDisplayDate, type Line } from '@linedesk/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useGridLocaleText } from '../../../i18n/mui/use-mui-locales';
import { formatDate } from '../../../lib/format-date';
import { linePath } from '../../../lib/paths';
import { linePageSizes } from '../lib/line-list-state';
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

const phoneColumns: GridColumnVisibilityModel = {
  password: false,
  server_name: false,
  owner_email: false,
  sync_state: false,
  last_seen_at: false,
  created_at: false,
};

export type LineRowAction = 'renew' | 'toggle' | 'delete' | 'copy';

type LinesGridProps = {
  rows: Line[];
  total: number;
  /** The server counted no further than `total`: there may be more ("10,000+"), paging goes on. */
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
};

/**
 * The line list: paging, sorting and filtering all happen on the server (lists reach 100,000 rows),
 * so the grid only shows one page and reports what the user asked for.
 */
export function LinesGrid(props: LinesGridProps) {
  const { rows, total, totalIsLowerBound, endReached, loading, admin, busy, onAction } = props;
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const gridLocaleText = useGridLocaleText();
  // A phone shows what tells lines apart (name, status, expiry) and one actions menu, without scrolling.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [visibility, setVisibility] = useState<GridColumnVisibilityModel>({ created_at: !admin });

  const columns = useMemo<GridColDef<Line>[]>(() => {
    const list: GridColDef<Line>[] = [
      {
        field: 'username',
        headerName: t('lines.fields.username'),
        flex: 1,
        minWidth: phone ? 96 : 140,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={linePath(row.id)}
              variant="subtitle2"
              color="inherit"
              underline="hover"
              data-testid="line-username"
              sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              <OnlineDot line={row} />
              {row.username}
            </Link>
            {row.name && (
              <Typography
                variant="caption"
                component="div"
                sx={{ color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis' }}
              >
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
        width: 128,
        renderCell: ({ row }) => <PasswordCell password={row.password} />,
      },
      {
        field: 'server_name',
        headerName: t('lines.fields.server'),
        minWidth: 110,
        flex: 0.7,
        renderCell: ({ row }) => (
          <Typography variant="body2" data-testid="line-server" noWrap>
            {row.server_name ?? '—'}
          </Typography>
        ),
      },
      {
        field: 'status',
        headerName: t('lines.fields.status'),
        width: phone ? 104 : 120,
        renderCell: ({ row }) => <LineStatusChip status={row.status} />,
      },
      {
        field: 'expiry_date',
        headerName: t('lines.fields.expiry'),
        width: phone ? 100 : 118,
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
        minWidth: 140,
        flex: 0.8,
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
        width: 140,
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
        width: 150,
        renderCell: ({ row }) => <LastSeenCell line={row} language={language} />,
      },
      {
        field: 'created_at',
        headerName: t('lines.fields.created'),
        width: 112,
        renderCell: ({ row }) => (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {formatDate(row.created_at, language)}
          </Typography>
        ),
      },
      {
        field: 'actions',
        headerName: t('common.actions'),
        sortable: false,
        disableColumnMenu: true,
        align: 'right',
        headerAlign: 'right',
        width: phone ? 48 : 176,
        renderHeader: phone ? () => null : undefined,
        renderCell: ({ row }) =>
          phone ? (
            <Box onClick={(event) => event.stopPropagation()}>
              <LineActionsMenu line={row} busy={busy.has(row.id)} onAction={onAction} />
            </Box>
          ) : (
            <Box
              sx={{ display: 'flex', justifyContent: 'flex-end' }}
              onClick={(event) => event.stopPropagation()}
            >
              <Tooltip title={t('lines.actions.renew')}>
                <IconButton
                  size="small"
                  color="primary"
                  onClick={() => onAction('renew', row)}
                  aria-label={t('lines.actions.renewNamed', { username: row.username })}
                  data-testid="line-renew-button"
                >
                  <AutorenewIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('linesBulk.connection.copy')}>
                <IconButton
                  size="small"
                  onClick={() => onAction('copy', row)}
                  aria-label={`${t('linesBulk.connection.copy')}: ${row.username}`}
                  data-testid="line-copy-connection-button"
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('common.edit')}>
                <IconButton
                  size="small"
                  component={RouterLink}
                  to={linePath(row.id)}
                  aria-label={t('lines.actions.editNamed', { username: row.username })}
                  data-testid="line-edit-button"
                >
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={row.enabled ? t('lines.actions.disable') : t('lines.actions.enable')}>
                <span>
                  <IconButton
                    size="small"
                    color={row.enabled ? 'warning' : 'success'}
                    disabled={busy.has(row.id)}
                    onClick={() => onAction('toggle', row)}
                    aria-label={
                      row.enabled
                        ? t('lines.actions.disableNamed', { username: row.username })
                        : t('lines.actions.enableNamed', { username: row.username })
                    }
                    data-testid="line-toggle-button"
                  >
                    {row.enabled ? (
                      <BlockIcon fontSize="small" />
                    ) : (
                      <CheckCircleOutlineIcon fontSize="small" />
                    )}
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('common.delete')}>
                <IconButton
                  size="small"
                  color="error"
                  onClick={() => onAction('delete', row)}
                  aria-label={t('lines.actions.deleteNamed', { username: row.username })}
                  data-testid="line-delete-button"
                >
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          ),
      },
    );
    return list;
  }, [t, admin, language, busy, onAction, phone]);

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
      // Past the cap, while pages are full, the grid is told one row more than it has seen, so "next"
      // stays open and a count never falls below the page shown: told the count was unknown, the grid
      // sometimes worked one out from the rows it had while a new page replaced the old one, found its
      // page past it and went back to page 1 by itself. A page that is not full gives the exact end.
      rowCount={
        totalIsLowerBound && !endReached
          ? Math.max(total, (props.paginationModel.page + 1) * props.paginationModel.pageSize) + 1
          : total
      }
      // Always given (the grid keeps the last one it saw): past the cap, a full page means there may be more.
      paginationMeta={{
        hasNextPage: totalIsLowerBound
          ? !endReached && rows.length === props.paginationModel.pageSize
          : (props.paginationModel.page + 1) * props.paginationModel.pageSize < total,
      }}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      disableColumnFilter
      paginationModel={props.paginationModel}
      onPaginationModelChange={props.onPaginationModelChange}
      pageSizeOptions={[...linePageSizes]}
      sortModel={props.sortModel}
      onSortModelChange={props.onSortModelChange}
      sortingOrder={['asc', 'desc']}
      checkboxSelection={!phone}
      disableRowSelectionOnClick
      rowSelectionModel={props.selection}
      onRowSelectionModelChange={props.onSelectionChange}
      rowHeight={64}
      // Admins get the owner column; the creation date makes room for it (it stays in the column menu).
      columnVisibilityModel={phone ? phoneColumns : visibility}
      onColumnVisibilityModelChange={phone ? undefined : setVisibility}
      localeText={localeText}
      autoHeight
      getRowClassName={() => 'line-row'}
      slots={{ noRowsOverlay: EmptyOverlay }}
      slotProps={{
        row: { 'data-testid': 'line-row' } as object,
        noRowsOverlay: { filtered: props.filtered } as object,
      }}
      sx={{
        border: 0,
        '--DataGrid-overlayHeight': '240px',
        '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
        '& .MuiDataGrid-columnHeaders': { bgcolor: 'background.neutral' },
        '& .MuiDataGrid-columnHeader, & .MuiDataGrid-filler': { bgcolor: 'background.neutral' },
      }}
    />
  );
}
