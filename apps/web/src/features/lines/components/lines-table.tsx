import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TableContainer from '@mui/material/TableContainer';
import { useThemeProps } from '@mui/material/styles';
import type { TablePaginationProps } from '@mui/material/TablePagination';
import type {
  GridColumnVisibilityModel,
  GridDensity,
  GridLocaleText,
  GridRowSelectionModel,
  GridSortModel,
} from '@mui/x-data-grid';
import { isLanguage, type Line } from '@linedesk/shared';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGridLocaleText } from '../../../i18n/mui/use-mui-locales';
import { formatNumber } from '../../../lib/number-format';
import { useSyncText } from '../hooks/use-sync-text';
import { linePageSizes } from '../lib/line-list-state';
import { linesPaging } from '../lib/lines-paging';
import { LineActionsPopup, type MenuAction } from './line-actions-menu';
import type { LinesViewProps } from './line-row-parts';
import { tableIcons } from './line-table-icons';
import { LinesEmptyOverlay } from './lines-empty-overlay';
import { checkWidth, columnWidth, fixed, headerKey } from './lines-table-columns';
import { LinesTableHead } from './lines-table-head';
import { LinesTableRoot } from './lines-table-root';
import { LinesTableRow, lineTableFields, type LineRowContext } from './lines-table-row';
import { useBusinessDay } from '../hooks/use-business-day';

// English is the data grid's own language (its locale modules hold the others); these are the few
// of its texts this table shows, for when no other language is loaded.
const englishTexts: Pick<
  GridLocaleText,
  | 'toolbarColumns'
  | 'toolbarDensity'
  | 'toolbarDensityCompact'
  | 'toolbarDensityStandard'
  | 'toolbarDensityComfortable'
  | 'checkboxSelectionSelectAllRows'
  | 'checkboxSelectionSelectRow'
> = {
  toolbarColumns: 'Columns',
  toolbarDensity: 'Density',
  toolbarDensityCompact: 'Compact',
  toolbarDensityStandard: 'Standard',
  toolbarDensityComfortable: 'Comfortable',
  checkboxSelectionSelectAllRows: 'Select all rows',
  checkboxSelectionSelectRow: 'Select row',
};

const densities: GridDensity[] = ['compact', 'standard', 'comfortable'];
const pageSizeOptions = [...linePageSizes];
const menuBesideButtons: readonly MenuAction[] = [
  'copy',
  'edit',
  'freeze',
  'give',
  'toggle',
  'delete',
  'restore',
];
const noSelection: GridRowSelectionModel = { type: 'include', ids: new Set() };
const densityTextKey = {
  compact: 'toolbarDensityCompact',
  standard: 'toolbarDensityStandard',
  comfortable: 'toolbarDensityComfortable',
} as const;

const isChecked = (selection: GridRowSelectionModel, id: number) =>
  selection.type === 'include' ? selection.ids.has(id) : !selection.ids.has(id);

type LinesTableProps = LinesViewProps & {
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
 * 100,000 rows), so the table shows one page and reports what the user asked for. A plain table
 * styled by one class sheet (`LinesTableRoot`), one memoised component a row: the data grid it
 * replaces drew about a hundred components a row, two and a half thousand for a page change. The
 * row's actions come first, so they are on screen at any width and with any columns chosen.
 */
export const LinesTable = memo(function LinesTable(props: LinesTableProps) {
  const { rows, total, totalIsLowerBound, endReached, loading, admin, busy, onAction } = props;
  const { selection, onSelectionChange, columnVisibility, onColumnVisibilityChange } = props;
  const { t, i18n } = useTranslation();
  // Only what the server would take from this account (a support member reads lines, no more).
  const { rights } = props;
  const menuActions = useMemo(() => menuBesideButtons.filter(rights.row), [rights]);
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const gridTexts = useGridLocaleText();
  const texts = useMemo(() => ({ ...englishTexts, ...gridTexts }), [gridTexts]);
  const syncText = useSyncText();
  const navigate = useNavigate();
  const { today } = useBusinessDay();

  const fields = useMemo(
    () =>
      lineTableFields.filter(
        (field) => (field !== 'owner_email' || admin) && columnVisibility[field] !== false,
      ),
    [admin, columnVisibility],
  );

  // The callbacks the rows take read the latest rows and ticks from here, so that they stay the
  // same from page to page and a page change gives a row only its new line.
  const latest = useRef({ rows, selection });
  useEffect(() => {
    latest.current = { rows, selection };
  });
  const onToggle = useCallback(
    (lineId: number) => {
      const { rows: shown, selection: ticked } = latest.current;
      const ids = new Set(shown.filter((row) => isChecked(ticked, row.id)).map((row) => row.id));
      if (ids.has(lineId)) ids.delete(lineId);
      else ids.add(lineId);
      onSelectionChange({ type: 'include', ids });
    },
    [onSelectionChange],
  );
  const [menu, setMenu] = useState<{ line: Line; anchor: HTMLElement | null } | null>(null);
  const onOpenMenu = useCallback((line: Line, anchor: HTMLElement) => setMenu({ line, anchor }), []);
  const closeMenu = useCallback(() => setMenu((open) => (open ? { ...open, anchor: null } : null)), []);
  const follow = useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      void navigate(event.currentTarget.getAttribute('href') ?? '/');
    },
    [navigate],
  );
  const selectRowLabel = texts.checkboxSelectionSelectRow;
  const context = useMemo<LineRowContext>(
    () => ({ t, language, today, selectRowLabel, syncText, rights, onAction, onToggle, onOpenMenu, follow }),
    [t, language, today, selectRowLabel, syncText, rights, onAction, onToggle, onOpenMenu, follow],
  );

  const tableMinWidth = fields.reduce((sum, field) => sum + columnWidth[field], checkWidth);

  const tickedCount = rows.filter((row) => isChecked(selection, row.id)).length;
  const headerTick = tickedCount === 0 ? 'none' : tickedCount === rows.length ? 'all' : 'some';
  const onTickPage = useCallback(
    (tick: boolean) =>
      onSelectionChange(
        tick ? { type: 'include', ids: new Set(latest.current.rows.map((row) => row.id)) } : noSelection,
      ),
    [onSelectionChange],
  );

  const { paginationModel, onPaginationModelChange } = props;
  const { page, pageSize } = paginationModel;
  const { from, to, count, hasNextPage } = linesPaging({
    page,
    pageSize,
    total,
    totalIsLowerBound,
    endReached,
    rows: rows.length,
  });
  const number = (value: number) => formatNumber(value, language);
  const rowsShown = totalIsLowerBound
    ? t(endReached ? 'lines.list.rowsExact' : 'lines.list.rowsAtLeast', {
        from: number(from),
        to: number(to),
        total: number(Math.max(total, to)),
      })
    : t('common.displayedRows', { from: number(from), to: number(to), total: number(count) });

  return (
    <LinesTableRoot className={`lt-${props.density}`} data-testid="lines-table">
      <LinesTableToolbar
        admin={admin}
        columnVisibility={columnVisibility}
        onColumnVisibilityChange={onColumnVisibilityChange}
        density={props.density}
        onDensityChange={props.onDensityChange}
        texts={texts}
      />
      <div className="lt-frame">
        {loading && <LinearProgress className="lt-progress" aria-label={t('common.loading')} />}
        <TableContainer>
          <table className="lt-table" style={{ minWidth: tableMinWidth }}>
            <LinesTableHead
              fields={fields}
              sortModel={props.sortModel}
              onSortModelChange={props.onSortModelChange}
              tick={rows.length === 0 ? 'none' : headerTick}
              onTickPage={onTickPage}
              selectAllLabel={texts.checkboxSelectionSelectAllRows}
            />
            <tbody>
              {rows.map((line, place) => (
                // Keyed by place: a page change updates the rows on screen in place, where keyed by
                // line it removed them all and built as many new ones.
                <LinesTableRow
                  key={place}
                  line={line}
                  fields={fields}
                  checked={isChecked(selection, line.id)}
                  menuOpen={Boolean(menu?.anchor) && menu?.line.id === line.id}
                  context={context}
                />
              ))}
              {rows.length === 0 && (
                <tr>
                  <td className="lt-empty" colSpan={fields.length + 1}>
                    {!loading && <LinesEmptyOverlay filtered={props.filtered} />}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </TableContainer>
      </div>
      <LinesTablePagination
        page={page}
        pageSize={pageSize}
        rowsShown={rowsShown}
        hasNextPage={hasNextPage}
        onPaginationModelChange={onPaginationModelChange}
      />
      {menu && (
        <LineActionsPopup
          line={menu.line}
          busy={busy.has(menu.line.id)}
          onAction={onAction}
          actions={menuActions}
          anchor={menu.anchor}
          onClose={closeMenu}
        />
      )}
    </LinesTableRoot>
  );
});

type PaginationProps = {
  page: number;
  pageSize: number;
  /** "1–25 of 60", in the reader's language. */
  rowsShown: string;
  hasNextPage: boolean;
  onPaginationModelChange: LinesViewProps['onPaginationModelChange'];
};

/**
 * The pager: rows per page, which rows these are, previous and next, with the texts of the panel's
 * other pagers (`ListPagination`). Plain elements where MUI's TablePagination rendered some seventy
 * components, again for every page and language.
 */
const LinesTablePagination = memo(function LinesTablePagination(props: PaginationProps) {
  const { page, pageSize, rowsShown, hasNextPage, onPaginationModelChange } = props;
  const { t } = useTranslation();
  // The arrows' names are MUI's, from the theme (a language switch rewrites them in place).
  const { getItemAriaLabel } = useThemeProps({
    props: {} as TablePaginationProps,
    name: 'MuiTablePagination',
  });
  const ariaLabel = (type: 'previous' | 'next') => getItemAriaLabel?.(type) ?? `Go to ${type} page`;
  const sizeId = useId();
  return (
    <div className="lt-pagination">
      <label htmlFor={sizeId}>{t('common.rowsPerPage')}</label>
      <select
        id={sizeId}
        className="lt-page-size"
        value={pageSize}
        onChange={(event) => onPaginationModelChange({ page: 0, pageSize: Number(event.target.value) })}
      >
        {pageSizeOptions.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      <p data-testid="lines-rows-shown">{rowsShown}</p>
      <div>
        <button
          type="button"
          className="lt-button lt-page"
          aria-label={ariaLabel('previous')}
          title={ariaLabel('previous')}
          disabled={page === 0}
          onClick={() => onPaginationModelChange({ page: page - 1, pageSize })}
        >
          {tableIcons.previous}
        </button>
        <button
          type="button"
          className="lt-button lt-page"
          aria-label={ariaLabel('next')}
          title={ariaLabel('next')}
          disabled={!hasNextPage}
          onClick={() => onPaginationModelChange({ page: page + 1, pageSize })}
        >
          {tableIcons.next}
        </button>
      </div>
    </div>
  );
});

type ToolbarProps = {
  admin: boolean;
  columnVisibility: GridColumnVisibilityModel;
  onColumnVisibilityChange: (model: GridColumnVisibilityModel) => void;
  density: GridDensity;
  onDensityChange: (density: GridDensity) => void;
  texts: typeof englishTexts;
};

/** The columns chooser and the density, once a table: their menus mount when opened. */
const LinesTableToolbar = memo(function LinesTableToolbar(props: ToolbarProps) {
  const { admin, columnVisibility, onColumnVisibilityChange, density, onDensityChange, texts } = props;
  const { t } = useTranslation();
  const [open, setOpen] = useState<{ which: 'columns' | 'density'; anchor: HTMLElement } | null>(null);
  const close = () => setOpen(null);
  const choosable = lineTableFields.filter(
    (field) => !fixed.has(field) && (field !== 'owner_email' || admin),
  );
  return (
    <Box className="lt-toolbar">
      <Button
        size="small"
        startIcon={tableIcons.columns}
        aria-haspopup="menu"
        aria-expanded={open?.which === 'columns'}
        onClick={(event) => setOpen({ which: 'columns', anchor: event.currentTarget })}
        data-testid="lines-columns-button"
      >
        {texts.toolbarColumns}
      </Button>
      <Button
        size="small"
        startIcon={tableIcons.density}
        aria-haspopup="menu"
        aria-expanded={open?.which === 'density'}
        onClick={(event) => setOpen({ which: 'density', anchor: event.currentTarget })}
        data-testid="lines-density-button"
      >
        {texts.toolbarDensity}
      </Button>
      {open?.which === 'columns' && (
        <Menu anchorEl={open.anchor} open onClose={close}>
          {choosable.map((field) => {
            const shown = columnVisibility[field] !== false;
            return (
              <MenuItem
                key={field}
                role="menuitemcheckbox"
                aria-checked={shown}
                onClick={() => onColumnVisibilityChange({ ...columnVisibility, [field]: !shown })}
                data-testid={`lines-column-${field}`}
              >
                <ListItemIcon>
                  {shown ? (
                    <CheckBoxIcon fontSize="small" color="primary" />
                  ) : (
                    <CheckBoxOutlineBlankIcon fontSize="small" />
                  )}
                </ListItemIcon>
                {t(headerKey[field] as 'common.actions')}
              </MenuItem>
            );
          })}
        </Menu>
      )}
      {open?.which === 'density' && (
        <Menu anchorEl={open.anchor} open onClose={close}>
          {densities.map((choice) => (
            <MenuItem
              key={choice}
              selected={choice === density}
              onClick={() => {
                onDensityChange(choice);
                close();
              }}
              data-testid={`lines-density-${choice}`}
            >
              {texts[densityTextKey[choice]]}
            </MenuItem>
          ))}
        </Menu>
      )}
    </Box>
  );
});
