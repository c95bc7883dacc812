import AddIcon from '@mui/icons-material/Add';
import LibraryAddOutlinedIcon from '@mui/icons-material/LibraryAddOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Collapse from '@mui/material/Collapse';
import type { GridColumnVisibilityModel, GridDensity, GridRowSelectionModel } from '@mui/x-data-grid';
import {
  actsAsAdmin,
  isAdminAccount,
  type Line,
  type LineBulkAction,
  type LineBulkJob,
  type LineDeleteResult,
  type LineQuickCounts,
} from '@linedesk/shared';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { paths } from '../../../lib/paths';
import { useAccount } from '../../auth/hooks/account-context';
import { NegativeBalanceBanner } from '../../credits/components/negative-balance-banner';
import { lineExportUrl } from '../api/lines-api';
import { toBulkFilter } from '../api/line-bulk-api';
import { BulkActionDialog, type BulkSelection } from '../components/bulk-action-dialog';
import { BulkJobDialog } from '../components/bulk-job-dialog';
import { DeleteLineDialog } from '../components/delete-line-dialog';
import { LinesBulkBar, type BulkBarAction } from '../components/lines-bulk-bar';
import { MoveServerDialog } from '../components/move-server-dialog';
import { LinesFilters, type LineFilter } from '../components/lines-filters';
import { LinesCardList } from '../components/lines-card-list';
import { LinesTable } from '../components/lines-table';
import { defaultLineColumns } from '../components/lines-table-columns';
import type { LineRowAction, LinesViewProps } from '../components/line-row-parts';
import { QuickFilters } from '../components/quick-filters';
import { RenewLineDialog } from '../components/renew-line-dialog';
import { useLineRights } from '../hooks/use-line-rights';
import { useLines, useRenewLine, useServerOptions } from '../hooks/use-lines';
import { useConnectionLine } from '../hooks/use-connection-line';
import { useGridPreferences } from '../hooks/use-grid-preferences';
import { useLineActions } from '../hooks/use-line-actions';
import { useLineListParams } from '../hooks/use-line-list-params';
import { copyText } from '../../../lib/copy-text';
import { filterOf } from '../lib/line-list-state';
import { useBusinessDay } from '../hooks/use-business-day';

type LineDialog = { open: boolean; line: Line | null };
const closed: LineDialog = { open: false, line: null };
const emptySelection: GridRowSelectionModel = { type: 'include', ids: new Set() };
// The banner reads the account from its context: one element, so only the account draws it again.
const banner = <NegativeBalanceBanner sx={{ mb: 2 }} />;
const noServers: { id: number; server_name: string }[] = [];

// Closed, a dialog has nothing to show for another page. Memoised (their props are kept stable below),
// the five of them are left be by a page change instead of rendering again with the table.
const RenewDialog = memo(RenewLineDialog);
const DeleteDialog = memo(DeleteLineDialog);
const BulkDialog = memo(BulkActionDialog);
const MoveDialog = memo(MoveServerDialog);
const JobDialog = memo(BulkJobDialog);

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
  const { reportSync, toggleEnabled, toggleFrozen, restoreLine, toggling, reportDeleted } = useLineActions();
  const account = useAccount();
  const admin = isAdminAccount(account);
  // Whose lines they are: the admin's view, and a staff member's whose role reads every owner's lines.
  const seesOwners = actsAsAdmin(account, 'GET /api/lines');
  const rights = useLineRights();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [selection, setSelection] = useState<GridRowSelectionModel>(emptySelection);
  // Every line matching the filter, not only the ticked rows of this page.
  const [allMatching, setAllMatching] = useState(false);
  // A changed page, sort or filter leaves the ticked rows behind.
  const clearSelection = useCallback(() => {
    setSelection(emptySelection);
    setAllMatching(false);
  }, []);
  const list = useLineListParams(clearSelection);
  const { params, setParams } = list;
  const lines = useLines(params);
  const servers = useServerOptions(admin);
  const connectionOf = useConnectionLine();
  const renew = useRenewLine();
  const [preferences, setPreferences] = useGridPreferences('lines', account.id, {
    columns: defaultLineColumns(seesOwners),
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
  const [bulk, setBulk] = useState<{ open: boolean; action: LineBulkAction; selection: BulkSelection }>({
    open: false,
    action: 'renew',
    selection: {},
  });
  const [moving, setMoving] = useState<{ open: boolean; ids: number[]; serverIds: (number | null)[] }>({
    open: false,
    ids: [],
    serverIds: [],
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

  // The filters are memoised on these: the same from page to page, so a page change leaves them be.
  // (`params` is new with every page; its filter's fields are plain values, kept as text to compare.)
  const filterKey = JSON.stringify(filterOf(params));
  const filter = useMemo(() => JSON.parse(filterKey) as LineFilter, [filterKey]);
  // The same counts arrive with every page: kept as one object while they stay, so that a page change
  // leaves the quick filters' chips be.
  const countsKey = JSON.stringify(lines.data?.quick_counts ?? null);
  const quickCounts = useMemo(
    () => (JSON.parse(countsKey) as LineQuickCounts | null) ?? undefined,
    [countsKey],
  );
  const { sort, order, pageSize } = params;
  const onFilterChange = useCallback(
    (next: LineFilter) => setParams({ ...next, sort, order, page: 1, pageSize }),
    [setParams, sort, order, pageSize],
  );

  const onSelectionChange = useCallback((next: GridRowSelectionModel) => {
    setSelection(next);
    setAllMatching(false);
  }, []);

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
    if (action === 'freeze') toggleFrozen(line);
    if (action === 'restore') restoreLine(line);
    if (action === 'give') setBulk({ open: true, action: 'move', selection: { ids: [line.id] } });
  };
  // The grid's columns are memoised on this callback; keep it stable while it reads the latest state.
  const latestAction = useRef(handleAction);
  useEffect(() => {
    latestAction.current = handleAction;
  });
  const onAction = useCallback((action: LineRowAction, line: Line) => latestAction.current(action, line), []);

  const openBulk = (action: BulkBarAction) =>
    action === 'move_server'
      ? setMoving({
          open: true,
          ids: selected.map((l) => l.id),
          serverIds: selected.map((l) => l.server_id),
        })
      : setBulk({
          open: true,
          action,
          selection: allMatching
            ? { filter: toBulkFilter(filterOf(params)) }
            : { ids: selected.map((l) => l.id) },
        });
  // The bulk endpoint's filter knows no presence nor the churn radar, so "every matching line" is
  // not offered while one is set. Offered once the whole page is ticked, never before (a bar about thousands of lines with
  // none chosen reads as if they were).
  const presenceFiltered = params.online === true || params.sharing === true || params.churnRisk === true;
  const pageFullySelected =
    !presenceFiltered && selected.length > 0 && selected.length === rows.length && total > rows.length;
  const someSelected = selected.length > 0 || allMatching;

  // The dialogs' callbacks, stable so that the memoised dialogs stay put while the page changes.
  const { mutate: renewMutate, reset: renewReset } = renew;
  const renewTargets = renewing.lines;
  const confirmRenew = useCallback(
    (months: number, planId?: number) => {
      const line = renewTargets.length === 1 ? renewTargets[0] : undefined;
      if (line) {
        renewMutate(
          { id: line.id, months, planId },
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
    },
    [renewTargets, renewMutate, reportSync, t],
  );
  const closeRenew = useCallback(() => {
    renewReset();
    setRenewing((state) => ({ ...state, open: false }));
  }, [renewReset]);
  const closeDelete = useCallback(() => setDeleting((state) => ({ ...state, open: false })), []);
  const latestReportDeleted = useRef(reportDeleted);
  useEffect(() => {
    latestReportDeleted.current = reportDeleted;
  });
  const onDeleted = useCallback((line: Line, result: LineDeleteResult | undefined) => {
    latestReportDeleted.current(line, result);
    setDeleting((state) => ({ ...state, open: false }));
  }, []);
  const closeBulk = useCallback(() => setBulk((state) => ({ ...state, open: false })), []);
  const onBulkStarted = useCallback((started: LineBulkJob) => {
    setBulk((state) => ({ ...state, open: false }));
    setSelection(emptySelection);
    setAllMatching(false);
    setJob({ open: true, started });
  }, []);
  const moveSource = useMemo(
    () => ({ ids: moving.ids, serverIds: moving.serverIds }),
    [moving.ids, moving.serverIds],
  );
  const closeMove = useCallback(() => setMoving((state) => ({ ...state, open: false })), []);
  const onMoveStarted = useCallback((started: LineBulkJob) => {
    setMoving((state) => ({ ...state, open: false }));
    setSelection(emptySelection);
    setJob({ open: true, started });
  }, []);
  const closeJob = useCallback(() => setJob((state) => ({ ...state, open: false })), []);

  const activeFilters = Object.values(filterOf(params)).filter((value) => value !== undefined).length;
  // What the grid and the card list both take.
  const view: LinesViewProps = {
    rows,
    total,
    totalIsLowerBound: lines.data?.total_is_lower_bound ?? false,
    endReached,
    filtered: activeFilters > 0,
    loading: lines.isPending || lines.isPlaceholderData,
    paginationModel: list.paginationModel,
    onPaginationModelChange: list.onPaginationModelChange,
    busy: toggling,
    onAction,
    rights,
  };
  const exportHref = lineExportUrl(filter);
  // The time zone expiry days end in, beside the list of expiry dates (docs/spec-rules.md, "Expiry").
  const { zone } = useBusinessDay();
  // One element while the filter stays: the heading and its buttons are not drawn again for another page.
  const heading = useMemo(
    () => (
      <PageHeading
        title={t('lines.list.title')}
        description={`${t('lines.list.subtitle')} ${t('lines.businessZone.note', { zone })}.`}
        action={
          <Stack direction="row" sx={{ gap: 1.5 }}>
            {rights.exportCsv && (
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
            )}
            {rights.createMany && (
              <Button
                variant="outlined"
                color="inherit"
                startIcon={<LibraryAddOutlinedIcon />}
                onClick={() => setBulk({ open: true, action: 'create', selection: {} })}
                data-testid="lines-bulk-create"
              >
                {t('linesBulk.createMany')}
              </Button>
            )}
            {rights.create && (
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                component={RouterLink}
                to={paths.linesAdd}
                data-testid="lines-add-button"
              >
                {t('lines.list.add')}
              </Button>
            )}
          </Stack>
        }
      />
    ),
    [exportHref, t, zone, rights],
  );
  const serverOptions = servers.data ?? noServers;
  // Likewise the filter area: the same element while the filter, its counts and the panel stay.
  const filterArea = useMemo(
    () => (
      <>
        {phone && (
          <>
            <LinesFilters
              filter={filter}
              onChange={onFilterChange}
              servers={serverOptions}
              admin={admin}
              part="search"
            />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2.5, pb: filtersOpen ? 0 : 2 }}>
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
          </>
        )}
        <Collapse in={!phone || filtersOpen} id="lines-filter-panel" unmountOnExit>
          <LinesFilters
            filter={filter}
            onChange={onFilterChange}
            servers={serverOptions}
            admin={admin}
            part={phone ? 'more' : 'all'}
          />
          <QuickFilters filter={filter} counts={quickCounts} onChange={onFilterChange} />
        </Collapse>
        <Divider />
      </>
    ),
    [phone, filtersOpen, activeFilters, t, filter, onFilterChange, serverOptions, admin, quickCounts],
  );

  return (
    <>
      {heading}
      {banner}
      <Card>
        {filterArea}
        {someSelected && (
          <LinesBulkBar
            admin={admin}
            may={rights.bulk}
            selectedCount={selected.length}
            allMatching={allMatching}
            total={total}
            offerAllMatching={pageFullySelected}
            onSelectAllMatching={() => setAllMatching(true)}
            onAction={openBulk}
          />
        )}
        {lines.isError && (
          <Alert severity="error" sx={{ m: 2.5 }} data-testid="lines-error">
            {errorMessage(lines.error)}
          </Alert>
        )}
        {phone ? (
          <LinesCardList {...view} selection={selection} onSelectionChange={onSelectionChange} />
        ) : (
          <LinesTable
            {...view}
            admin={seesOwners}
            sortModel={list.sortModel}
            onSortModelChange={list.onSortModelChange}
            selection={selection}
            onSelectionChange={onSelectionChange}
            columnVisibility={preferences.columns}
            onColumnVisibilityChange={onColumnVisibilityChange}
            density={preferences.density}
            onDensityChange={onDensityChange}
          />
        )}
      </Card>

      <RenewDialog
        open={renewing.open}
        lines={renewing.lines}
        loading={renew.isPending}
        error={renew.isError ? errorMessage(renew.error) : null}
        onClose={closeRenew}
        onConfirm={confirmRenew}
      />
      <DeleteDialog open={deleting.open} line={deleting.line} onClose={closeDelete} onDeleted={onDeleted} />
      <BulkDialog
        open={bulk.open}
        action={bulk.action}
        selection={bulk.selection}
        onClose={closeBulk}
        onStarted={onBulkStarted}
      />
      <MoveDialog open={moving.open} source={moveSource} onClose={closeMove} onStarted={onMoveStarted} />
      <JobDialog started={job.started} open={job.open} onClose={closeJob} />
    </>
  );
}
