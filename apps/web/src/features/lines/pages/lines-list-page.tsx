import AddIcon from '@mui/icons-material/Add';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import LibraryAddOutlinedIcon from '@mui/icons-material/LibraryAddOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Collapse from '@mui/material/Collapse';
import type {
  GridColumnVisibilityModel,
  GridDensity,
  GridPaginationModel,
  GridRowSelectionModel,
  GridSortModel,
} from '@mui/x-data-grid';
import { isAdminAccount, type Line, type LineBulkAction, type LineBulkJob } from '@linedesk/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { paths } from '../../../lib/paths';
import { useAccount } from '../../auth/hooks/account-context';
import { lineExportUrl, toLineQuery, type LineListParams } from '../api/lines-api';
import { toBulkFilter } from '../api/line-bulk-api';
import { BulkActionDialog, type BulkSelection } from '../components/bulk-action-dialog';
import { BulkJobDialog } from '../components/bulk-job-dialog';
import { DeleteLineDialog } from '../components/delete-line-dialog';
import { LinesFilters, type LineFilter } from '../components/lines-filters';
import { LinesCardList } from '../components/lines-card-list';
import { defaultLineColumns, LinesGrid, type LineRowAction } from '../components/lines-grid';
import { QuickFilters } from '../components/quick-filters';
import { RenewLineDialog } from '../components/renew-line-dialog';
import { useLines, useRenewLine, useServerOptions } from '../hooks/use-lines';
import { useConnectionLine } from '../hooks/use-connection-line';
import { useGridPreferences } from '../hooks/use-grid-preferences';
import { useLineActions } from '../hooks/use-line-actions';
import { copyText } from '../lib/copy-text';
import { DEFAULT_PAGE_SIZE, filterOf, readLineListState } from '../lib/line-list-state';

type LineDialog = { open: boolean; line: Line | null };
const closed: LineDialog = { open: false, line: null };
const emptySelection: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** The rows of this page the user ticked ('exclude' is the header checkbox: all but the unticked). */
function selectedLines(rows: readonly Line[], selection: GridRowSelectionModel): Line[] {
  return rows.filter((row) =>
    selection.type === 'include' ? selection.ids.has(row.id) : !selection.ids.has(row.id),
  );
}

export function LinesListPage() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const { reportSync, toggleEnabled, toggling, reportDeleted } = useLineActions();
  const account = useAccount();
  const admin = isAdminAccount(account);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [searchParams, setSearchParams] = useSearchParams();
  const address = searchParams.toString();
  // The list shows what was asked at once; the router writes the address in a transition that
  // renders the whole shell, and the next page's request waited behind it (0.6-0.7 s on a fast
  // machine). The address wins again as soon as it changes: it says the same, or the user went back.
  const [asked, setAsked] = useState<{ query: string; from: string } | null>(null);
  const shown = asked && asked.from === address ? asked.query : address;
  const params = useMemo(() => readLineListState(new URLSearchParams(shown)), [shown]);
  const latestAddress = useRef(address);
  useEffect(() => {
    latestAddress.current = address;
  });
  const lines = useLines(params);
  const servers = useServerOptions(admin);
  const connectionOf = useConnectionLine();
  const renew = useRenewLine();
  const [selection, setSelection] = useState<GridRowSelectionModel>(emptySelection);
  const [preferences, setPreferences] = useGridPreferences('lines', account.id, {
    columns: defaultLineColumns(admin),
    density: 'standard',
  });
  const onColumnVisibilityChange = useCallback(
    (columns: GridColumnVisibilityModel) => setPreferences({ columns }),
    [setPreferences],
  );
  const onDensityChange = useCallback(
    (density: GridDensity) => setPreferences({ density }),
    [setPreferences],
  );
  // On a phone the filters wait behind one button.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [renewing, setRenewing] = useState<{ open: boolean; lines: Line[] }>({ open: false, lines: [] });
  const [deleting, setDeleting] = useState<LineDialog>(closed);
  // Every line matching the filter, not only the ticked rows of this page.
  const [allMatching, setAllMatching] = useState(false);
  const [bulk, setBulk] = useState<{ open: boolean; action: LineBulkAction; selection: BulkSelection }>({
    open: false,
    action: 'renew',
    selection: {},
  });
  const [job, setJob] = useState<{ open: boolean; started: LineBulkJob | null }>({
    open: false,
    started: null,
  });

  const rows = useMemo(() => lines.data?.items ?? [], [lines.data]);
  // Past the server's count cap the total is a lower bound, until a page that is not full tells
  // where the list ends.
  const lastRow = (params.page - 1) * params.pageSize + rows.length;
  const endReached = rows.length > 0 && rows.length < params.pageSize;
  const total = lines.data?.total_is_lower_bound && endReached ? lastRow : (lines.data?.total ?? 0);
  const selected = selectedLines(rows, selection);

  const setParams = useCallback(
    (next: LineListParams) => {
      const query = toLineQuery(next);
      // Defaults stay out of the address.
      if (next.page === 1) query.delete('page');
      if (next.pageSize === DEFAULT_PAGE_SIZE) query.delete('page_size');
      setAsked({ query: query.toString(), from: latestAddress.current });
      setSearchParams(query, { replace: true });
      setSelection(emptySelection);
      setAllMatching(false);
    },
    [setSearchParams],
  );

  const onFilterChange = (filter: LineFilter) =>
    setParams({ ...filter, sort: params.sort, order: params.order, page: 1, pageSize: params.pageSize });

  // Stable for the memoised grid, reading the latest address: a page change renders no row again
  // until the new page's rows are there.
  const latestParams = useRef(params);
  useEffect(() => {
    latestParams.current = params;
  });
  const onPaginationModelChange = useCallback(
    (model: GridPaginationModel) => {
      const current = latestParams.current;
      setParams({
        ...current,
        page: model.pageSize === current.pageSize ? model.page + 1 : 1,
        pageSize: model.pageSize,
      });
    },
    [setParams],
  );
  const onSortModelChange = useCallback(
    (model: GridSortModel) => {
      const first = model[0];
      setParams({
        ...latestParams.current,
        page: 1,
        sort: first ? (first.field as LineListParams['sort']) : undefined,
        order: first?.sort ?? undefined,
      });
    },
    [setParams],
  );
  const onSelectionChange = useCallback((next: GridRowSelectionModel) => {
    setSelection(next);
    setAllMatching(false);
  }, []);

  // Stable between renders: the grid takes a new sort model for a changed sort and goes back to page 1.
  const paginationModel = useMemo<GridPaginationModel>(
    () => ({ page: params.page - 1, pageSize: params.pageSize }),
    [params.page, params.pageSize],
  );
  const sortModel = useMemo<GridSortModel>(
    () => (params.sort ? [{ field: params.sort, sort: params.order ?? 'desc' }] : []),
    [params.sort, params.order],
  );

  // A delete elsewhere can leave this page empty; step back to the last page that has rows.
  const lastPage = Math.max(1, Math.ceil(total / params.pageSize));
  const pageGone = Boolean(lines.data) && params.page > 1 && rows.length === 0 && total > 0;
  useEffect(() => {
    if (pageGone) setParams({ ...params, page: lastPage });
  }, [pageGone, lastPage, params, setParams]);

  const handleAction = (action: LineRowAction, line: Line) => {
    if (action === 'copy') {
      const text = connectionOf(line);
      if (!text) snackbar(t('linesBulk.connection.unknown'), 'warning');
      else
        void copyText(text).then((copied) =>
          copied ? snackbar(t('linesBulk.connection.copied', { username: line.username })) : undefined,
        );
    }
    if (action === 'renew') setRenewing({ open: true, lines: [line] });
    if (action === 'delete') setDeleting({ open: true, line });
    if (action === 'toggle') toggleEnabled(line);
  };
  // The grid's columns are memoised on this callback; keep it stable while it reads the latest state.
  const latestAction = useRef(handleAction);
  useEffect(() => {
    latestAction.current = handleAction;
  });
  const onAction = useCallback((action: LineRowAction, line: Line) => latestAction.current(action, line), []);

  const openBulk = (action: LineBulkAction) =>
    setBulk({
      open: true,
      action,
      selection: allMatching
        ? { filter: toBulkFilter(filterOf(params)) }
        : { ids: selected.map((l) => l.id) },
    });
  // Phones have no tick boxes: there a bulk action is for every line matching the filter. The bulk
  // endpoint's filter knows no presence, so "every matching line" is not offered while one is set.
  const presenceFiltered = params.online === true || params.sharing === true;
  const pageFullySelected =
    !presenceFiltered &&
    ((phone && rows.length > 0) ||
      (selected.length > 0 && selected.length === rows.length && total > rows.length));
  const someSelected = selected.length > 0 || allMatching;

  const confirmRenew = (months: number) => {
    const targets = renewing.lines;
    if (targets.length === 1 && targets[0]) {
      const line = targets[0];
      renew.mutate(
        { id: line.id, months },
        {
          onSuccess: (result) => {
            setRenewing((state) => ({ ...state, open: false }));
            reportSync(result, t('lines.list.renewed', { username: line.username }));
          },
        },
      );
      return;
    }
    setRenewing((state) => ({ ...state, open: false }));
  };

  const exportHref = lineExportUrl(filterOf(params));
  const activeFilters = Object.values(filterOf(params)).filter((value) => value !== undefined).length;
  const filtered = activeFilters > 0;

  return (
    <>
      <PageHeading
        title={t('lines.list.title')}
        description={t('lines.list.subtitle')}
        action={
          <Stack direction="row" sx={{ gap: 1.5 }}>
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<FileDownloadOutlinedIcon />}
              component="a"
              href={exportHref}
              download
              data-testid="lines-export"
            >
              {t('lines.list.export')}
            </Button>
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<LibraryAddOutlinedIcon />}
              onClick={() => setBulk({ open: true, action: 'create', selection: {} })}
              data-testid="lines-bulk-create"
            >
              {t('linesBulk.createMany')}
            </Button>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              component={RouterLink}
              to={paths.linesAdd}
              data-testid="lines-add-button"
            >
              {t('lines.list.add')}
            </Button>
          </Stack>
        }
      />
      <Card>
        {phone && (
          <Box sx={{ px: 2, pt: 2, pb: filtersOpen ? 0 : 2 }}>
            <Button
              variant="outlined"
              color="inherit"
              startIcon={
                <Badge color="primary" variant="dot" invisible={activeFilters === 0}>
                  <FilterListIcon />
                </Badge>
              }
              onClick={() => setFiltersOpen((open) => !open)}
              aria-expanded={filtersOpen}
              aria-controls="lines-filter-panel"
              data-testid="lines-filters-toggle"
            >
              {activeFilters > 0
                ? t('lines.filters.buttonActive', { count: activeFilters })
                : t('lines.filters.button')}
            </Button>
          </Box>
        )}
        <Collapse in={!phone || filtersOpen} id="lines-filter-panel" unmountOnExit>
          <LinesFilters
            filter={filterOf(params)}
            onChange={onFilterChange}
            servers={servers.data ?? []}
            admin={admin}
          />
          <QuickFilters
            filter={filterOf(params)}
            counts={lines.data?.quick_counts}
            onChange={onFilterChange}
          />
        </Collapse>
        <Divider />
        {(someSelected || (pageFullySelected && !allMatching)) && (
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              flexWrap: 'wrap',
              gap: 1.5,
              px: 2.5,
              py: 1.25,
              bgcolor: 'primary.lighter',
            }}
            data-testid="lines-bulk-bar"
          >
            {/* No "Selected: 0": on a phone the bar offers every matching line until one is chosen. */}
            {someSelected ? (
              <Typography
                variant="subtitle2"
                sx={{ flexGrow: 1, color: 'primary.dark' }}
                data-testid="lines-selected-count"
              >
                {allMatching
                  ? t('linesBulk.allMatching', { count: total })
                  : t('lines.bulk.selected', { count: selected.length })}
              </Typography>
            ) : (
              <Box sx={{ flexGrow: 1 }} />
            )}
            {pageFullySelected && !allMatching && (
              <Button
                size="small"
                onClick={() => setAllMatching(true)}
                data-testid="lines-select-all-matching"
              >
                {t('linesBulk.selectAllMatching', { count: total })}
              </Button>
            )}
            {someSelected && (
              <>
                <Button
                  size="small"
                  variant="contained"
                  startIcon={<AutorenewIcon />}
                  onClick={() => openBulk('renew')}
                  data-testid="lines-bulk-renew"
                >
                  {t('lines.bulk.renew')}
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<CheckCircleOutlineIcon />}
                  onClick={() => openBulk('enable')}
                  data-testid="lines-bulk-enable"
                >
                  {t('linesBulk.enable')}
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<BlockIcon />}
                  onClick={() => openBulk('disable')}
                  data-testid="lines-bulk-disable"
                >
                  {t('linesBulk.disable')}
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<SellOutlinedIcon />}
                  onClick={() => openBulk('change_plan')}
                  data-testid="lines-bulk-change-plan"
                >
                  {t('linesBulk.changePlan.button')}
                </Button>
                {admin && (
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<DriveFileMoveOutlinedIcon />}
                    onClick={() => openBulk('move')}
                    data-testid="lines-bulk-move"
                  >
                    {t('linesBulk.move')}
                  </Button>
                )}
                <Button
                  size="small"
                  variant="contained"
                  color="error"
                  startIcon={<DeleteOutlinedIcon />}
                  onClick={() => openBulk('delete')}
                  data-testid="lines-bulk-delete"
                >
                  {t('lines.bulk.delete')}
                </Button>
              </>
            )}
          </Box>
        )}
        {lines.isError && (
          <Alert severity="error" sx={{ m: 2.5 }} data-testid="lines-error">
            {errorMessage(lines.error)}
          </Alert>
        )}
        {phone ? (
          <LinesCardList
            rows={rows}
            total={total}
            totalIsLowerBound={lines.data?.total_is_lower_bound ?? false}
            endReached={endReached}
            filtered={filtered}
            loading={lines.isPending || lines.isPlaceholderData}
            paginationModel={paginationModel}
            onPaginationModelChange={onPaginationModelChange}
            busy={toggling}
            onAction={onAction}
          />
        ) : (
          <LinesGrid
            rows={rows}
            total={total}
            totalIsLowerBound={lines.data?.total_is_lower_bound ?? false}
            endReached={endReached}
            filtered={filtered}
            loading={lines.isPending || lines.isPlaceholderData}
            admin={admin}
            paginationModel={paginationModel}
            onPaginationModelChange={onPaginationModelChange}
            sortModel={sortModel}
            onSortModelChange={onSortModelChange}
            selection={selection}
            onSelectionChange={onSelectionChange}
            busy={toggling}
            onAction={onAction}
            columnVisibility={preferences.columns}
            onColumnVisibilityChange={onColumnVisibilityChange}
            density={preferences.density}
            onDensityChange={onDensityChange}
          />
        )}
      </Card>

      <RenewLineDialog
        open={renewing.open}
        lines={renewing.lines}
        loading={renew.isPending}
        error={renew.isError ? errorMessage(renew.error) : null}
        onClose={() => {
          renew.reset();
          setRenewing((state) => ({ ...state, open: false }));
        }}
        onConfirm={confirmRenew}
      />
      <DeleteLineDialog
        open={deleting.open}
        line={deleting.line}
        onClose={() => setDeleting((state) => ({ ...state, open: false }))}
        onDeleted={(line, result) => {
          reportDeleted(line, result);
          setDeleting((state) => ({ ...state, open: false }));
        }}
      />
      <BulkActionDialog
        open={bulk.open}
        action={bulk.action}
        selection={bulk.selection}
        onClose={() => setBulk((state) => ({ ...state, open: false }))}
        onStarted={(started) => {
          setBulk((state) => ({ ...state, open: false }));
          setSelection(emptySelection);
          setAllMatching(false);
          setJob({ open: true, started });
        }}
      />
      <BulkJobDialog
        started={job.started}
        open={job.open}
        onClose={() => setJob((state) => ({ ...state, open: false }))}
      />
    </>
  );
}
