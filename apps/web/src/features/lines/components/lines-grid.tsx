import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  gridPaginationMetaSelector,
  gridPaginationModelSelector,
  gridPaginationRowCountSelector,
  gridRowsLoadingSelector,
  useGridApiRef,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridDensity,
  type GridPaginationModel,
  type GridRenderCellParams,
  type GridRowCheckboxProps,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { isLanguage, isoDate, toDisplayDate, type Line } from '@linedesk/shared';
import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useGridLocaleText } from '../../../i18n/mui/use-mui-locales';
import { formatDate } from '../../../lib/format-date';
import { linePageSizes } from '../lib/line-list-state';
import { DaysLeftCell } from './days-left-cell';
import { LineRowActions, LineUsernameLink, type LinesViewProps } from './line-row-parts';
import { LinesEmptyOverlay } from './lines-empty-overlay';
import { LineStatusChip } from './line-status-chip';
import { LineSyncChip } from './line-sync-chip';
import { LastSeenCell } from './online-dot';
import { PasswordCell } from './password-cell';

// The grid passes its slot props through; ours carry whether a filter is active.
const EmptyOverlay = (props: object) => (
  <LinesEmptyOverlay filtered={Boolean((props as { filtered?: boolean }).filtered)} />
);

const rowCheckboxSx = {
  width: 18,
  height: 18,
  m: 0,
  cursor: 'pointer',
  accentColor: (theme: Theme) => theme.palette.primary.main,
} as const;

/**
 * A row's tick box as the browser draws it. The grid renders every row's box whenever any of its
 * props changes, twice in a page change; MUI's checkbox is about twenty components a row (button
 * base, ripple, icons), this is one element. The header's box stays MUI's.
 */
function RowCheckbox(props: GridRowCheckboxProps & { ref?: Ref<HTMLButtonElement> }) {
  const { slotProps, checked, onChange, onClick, onMouseDown, onKeyDown, ...rest } = props;
  return (
    <Box
      component="input"
      type="checkbox"
      ref={rest.ref as Ref<HTMLInputElement>}
      checked={checked}
      onChange={onChange}
      onClick={onClick}
      onMouseDown={onMouseDown}
      onKeyDown={onKeyDown}
      tabIndex={rest.tabIndex}
      disabled={rest.disabled}
      className={rest.className}
      {...(slotProps?.htmlInput as InputHTMLAttributes<HTMLInputElement> | undefined)}
      sx={rowCheckboxSx}
    />
  );
}

// Module constants: a new object on each render would have the grid render every row again.
const slots = { noRowsOverlay: EmptyOverlay, rowCheckbox: RowCheckbox };
const rowClassName = () => 'line-row';
const gridSx = {
  border: 0,
  '--DataGrid-overlayHeight': '240px',
  '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
  '& .MuiDataGrid-columnHeaders': { bgcolor: 'background.neutral' },
  '& .MuiDataGrid-columnHeader, & .MuiDataGrid-filler': { bgcolor: 'background.neutral' },
} as const;
const sortingOrder: ('asc' | 'desc')[] = ['asc', 'desc'];
const noSelection: GridRowSelectionModel = { type: 'include', ids: new Set() };
const pageSizeOptions = [...linePageSizes];
const placesOf = (rows: readonly Line[]) => new Map(rows.map((row, place) => [row, place]));
const usernameCellSx = {
  minWidth: 0,
  lineHeight: 1.3,
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
} as const;
const usernameLinkSx = { display: 'block' } as const;

/**
 * A cell's content as a component memoised on its row and on how the columns draw it. The grid
 * renders every cell again whenever any of its props changes (each cell reads the grid's props
 * from a context), which a page change does three times before and after the new rows mount; each
 * time the 250 cells rebuilt their buttons, chips and tooltips, about 4,400 components. Now those
 * renders stop at the cell: the row object and the columns stay the same.
 */
const RowCell = memo(function RowCell({ row, draw }: { row: Line; draw: (row: Line) => ReactNode }) {
  return draw(row);
});
const cellOf = (draw: (row: Line) => ReactNode) => ({
  renderCell: ({ row }: GridRenderCellParams<Line>) => <RowCell row={row} draw={draw} />,
});

/** The creation date is in the column menu; admins see the owner column in its room. */
export const defaultLineColumns = (admin: boolean): GridColumnVisibilityModel => ({
  created_at: false,
  ...(admin ? {} : { owner_email: false }),
});

export type { LineRowAction } from './line-row-parts';

type LinesGridProps = LinesViewProps & {
  admin: boolean;
  sortModel: GridSortModel;
  onSortModelChange: (model: GridSortModel) => void;
  selection: GridRowSelectionModel;
  onSelectionChange: (model: GridRowSelectionModel) => void;
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
        ...cellOf((row) => <LineRowActions line={row} busy={busy.has(row.id)} onAction={onAction} />),
      },
      {
        field: 'username',
        headerName: t('lines.fields.username'),
        flex: 1,
        minWidth: 150,
        hideable: false,
        ...cellOf((row) => (
          // The whole username, wrapped if it must: a cut one ("kacperkoc…") cannot be told apart.
          <Box sx={usernameCellSx}>
            <LineUsernameLink line={row} sx={usernameLinkSx} />
            {row.name && (
              <Typography variant="caption" component="div" noWrap sx={{ color: 'text.secondary' }}>
                {row.name}
              </Typography>
            )}
          </Box>
        )),
      },
      {
        field: 'password',
        headerName: t('lines.fields.password'),
        sortable: false,
        width: 104,
        ...cellOf((row) => <PasswordCell lineId={row.id} password={row.password} />),
      },
      {
        field: 'server_name',
        headerName: t('lines.fields.server'),
        minWidth: 96,
        flex: 0.5,
        ...cellOf((row) => (
          <Typography variant="body2" data-testid="line-server" noWrap title={row.server_name ?? undefined}>
            {row.server_name ?? '—'}
          </Typography>
        )),
      },
      {
        field: 'status',
        headerName: t('lines.fields.status'),
        width: 104,
        ...cellOf((row) => <LineStatusChip status={row.status} />),
      },
      {
        field: 'days_left',
        headerName: t('lines.fields.daysLeft'),
        sortable: false,
        width: 92,
        ...cellOf((row) => <DaysLeftCell expiryDate={row.expiry_date} today={today} />),
      },
      {
        field: 'expiry_date',
        headerName: t('lines.fields.expiry'),
        width: 104,
        ...cellOf((row) => (
          <Typography variant="body2" data-testid="line-expiry">
            {toDisplayDate(row.expiry_date)}
          </Typography>
        )),
      },
    ];
    if (admin) {
      list.push({
        field: 'owner_email',
        headerName: t('lines.fields.owner'),
        minWidth: 120,
        flex: 0.6,
        ...cellOf((row) => (
          <Typography
            variant="body2"
            noWrap
            title={row.owner_email ?? undefined}
            data-testid="line-owner"
            sx={{ color: 'text.secondary' }}
          >
            {row.owner_email ?? '—'}
          </Typography>
        )),
      });
    }
    list.push(
      {
        field: 'sync_state',
        headerName: t('lines.fields.sync'),
        width: 116,
        ...cellOf((row) => (
          <LineSyncChip
            state={row.sync_state}
            error={row.sync_error}
            code={row.sync_error_code}
            params={row.sync_error_params}
          />
        )),
      },
      {
        field: 'last_seen_at',
        headerName: t('lineConnections.lastSeen'),
        sortable: false,
        width: 128,
        ...cellOf((row) => (
          <LastSeenCell online={row.online} lastSeenAt={row.last_seen_at} language={language} />
        )),
      },
      {
        field: 'created_at',
        headerName: t('lines.fields.created'),
        width: 108,
        ...cellOf((row) => (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {formatDate(row.created_at, language)}
          </Typography>
        )),
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
  const { paginationModel, onPaginationModelChange: askPage } = props;
  const { page, pageSize } = paginationModel;
  // Past the cap, while pages are full, the grid is told one row more than it has seen, so "next"
  // stays open and a count never falls below the page shown: told the count was unknown, the grid
  // sometimes worked one out from the rows it had while a new page replaced the old one, found its
  // page past it and went back to page 1 by itself. A page that is not full gives the exact end.
  const rowCount = totalIsLowerBound && !endReached ? Math.max(total, (page + 1) * pageSize) + 1 : total;
  // Always given (the grid keeps the last one it saw): past the cap, a full page means there may be more.
  const hasNextPage = totalIsLowerBound
    ? !endReached && rows.length === pageSize
    : (page + 1) * pageSize < total;

  // The page's rows, its page, count and loading reach the grid through its API, all in one render,
  // not as props. Any new prop renders every cell of the grid (each reads the props from a context),
  // and new rows given as a prop were only taken into the grid's state by an effect after that
  // render: a page change rendered all 250 cells with the old rows first, then again with the new.
  // So the grid's props stay those of its first render (the rows prop must stay the same object,
  // or the grid would go back to it), and the rest is set in a layout effect, before the browser
  // paints, where React renders what the new state changes once.
  const apiRef = useGridApiRef();
  const [first] = useState(() => ({
    rows,
    loading,
    initialState: { pagination: { paginationModel, rowCount, meta: { hasNextPage } } },
  }));
  // The grid tells rows apart by their place on the page, not by line: a page change then updates
  // the rows on screen in place, where with line ids it removed them all and built as many new ones,
  // which took a third more of the browser's time. The page keeps its ticks by line id (and clears
  // them with every page change); they are translated to places and back here.
  const places = useRef<{ rows: Line[]; of: Map<Line, number> }>(null);
  places.current ??= { rows, of: placesOf(rows) };
  const getRowId = useCallback((row: Line) => places.current?.of.get(row) ?? `line-${row.id}`, []);
  // Set while this component moves the grid to the asked page: the grid reports it as if asked.
  const pushing = useRef(false);
  const onPaginationModelChange = useCallback(
    (model: GridPaginationModel) => {
      if (!pushing.current) askPage(model);
    },
    [askPage],
  );
  useLayoutEffect(() => {
    const api = apiRef.current;
    if (!api) return;
    pushing.current = true;
    try {
      const shown = gridPaginationModelSelector(apiRef);
      if (shown.page !== paginationModel.page || shown.pageSize !== paginationModel.pageSize)
        api.setPaginationModel(paginationModel);
      if (gridPaginationRowCountSelector(apiRef) !== rowCount) api.setRowCount(rowCount);
      if (gridPaginationMetaSelector(apiRef).hasNextPage !== hasNextPage)
        api.setPaginationMeta({ hasNextPage });
      if (places.current?.rows !== rows) {
        places.current = { rows, of: placesOf(rows) };
        api.setRows(rows);
      }
      // After the rows: the grid's `setRows` takes its loading from the first render's prop.
      if (gridRowsLoadingSelector(apiRef) !== loading) api.setLoading(loading);
    } finally {
      pushing.current = false;
    }
  }, [apiRef, paginationModel, rowCount, hasNextPage, loading, rows]);

  const { selection, onSelectionChange } = props;
  const rowSelectionModel = useMemo<GridRowSelectionModel>(
    () =>
      // Nothing ticked (as after every page change) is one model for every page: a new one, however
      // equal, is taken into the grid's state and renders all of its cells once more.
      selection.type === 'include' && selection.ids.size === 0
        ? noSelection
        : {
            type: selection.type,
            ids: new Set(rows.flatMap((row, place) => (selection.ids.has(row.id) ? [place] : []))),
          },
    [rows, selection],
  );
  // Reads the rows the grid holds, so that it stays the same function from page to page.
  const onRowSelectionModelChange = useCallback(
    (model: GridRowSelectionModel) => {
      const held = places.current?.rows ?? [];
      onSelectionChange({
        type: model.type,
        ids: new Set([...model.ids].flatMap((place) => held[Number(place)]?.id ?? [])),
      });
    },
    [onSelectionChange],
  );

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
      apiRef={apiRef}
      rows={first.rows}
      getRowId={getRowId}
      columns={columns}
      // Past the server's count cap the footer reads "1–25 of 10,000+" (the labels above).
      initialState={first.initialState}
      loading={first.loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      disableColumnFilter
      onPaginationModelChange={onPaginationModelChange}
      pageSizeOptions={pageSizeOptions}
      sortModel={props.sortModel}
      onSortModelChange={props.onSortModelChange}
      sortingOrder={sortingOrder}
      checkboxSelection
      disableRowSelectionOnClick
      rowSelectionModel={rowSelectionModel}
      onRowSelectionModelChange={onRowSelectionModelChange}
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
