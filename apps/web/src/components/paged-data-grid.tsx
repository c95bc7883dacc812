import Box from '@mui/material/Box';
import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { useGridLocaleText } from '../i18n/mui/use-mui-locales';

export type Paging = { page: number; pageSize: number };

/** A list sorted on the server: the column and direction asked for, and how a header click changes it. */
export type ServerSort = {
  field: string;
  order: 'asc' | 'desc';
  onChange: (sort: { field: string; order: 'asc' | 'desc' } | null) => void;
};

/** What a list's screen hands its grid: the page it is on, how it moves, and the empty text. */
export type GridPage = {
  total: number;
  paging: Paging;
  onPagingChange: (paging: Paging) => void;
  loading: boolean;
  noRowsText?: string;
};

type PagedDataGridProps<R extends GridValidRowModel> = GridPage & {
  rows: R[];
  columns: GridColDef<R>[];
  getRowId?: (row: R) => string | number;
  label: string;
  testId: string;
  /** For rows that carry a test id, e.g. `ledger-row`. */
  rowTestId?: string;
  /** Sorting by the columns marked sortable, done by the server; without it no column sorts. */
  sort?: ServerSort;
};

export const PAGE_SIZES = [10, 25, 50, 100];

/**
 * A DataGrid that pages on the server (`page`/`page_size` of the list API, 1-based there, 0-based
 * here), so long lists never load whole into the browser.
 */
export function PagedDataGrid<R extends GridValidRowModel>(props: PagedDataGridProps<R>) {
  const { rows, columns, total, paging, onPagingChange, loading, getRowId, label, testId, rowTestId, sort } =
    props;
  const localeText = useGridLocaleText();
  // The grid does not pass data-* attributes to its root, so the wrapper carries the test id.
  return (
    <Box data-testid={testId}>
      <DataGrid<R>
        // Its filter speed-up probes `eval`, which the page's Content-Security-Policy refuses.
        disableEval
        rows={rows}
        columns={columns}
        getRowId={getRowId}
        rowCount={total}
        loading={loading}
        paginationMode="server"
        sortingMode="server"
        disableColumnSorting={!sort}
        sortModel={sort ? [{ field: sort.field, sort: sort.order }] : []}
        onSortModelChange={(model) => {
          const first = model[0];
          sort?.onChange(first?.sort ? { field: first.field, order: first.sort } : null);
        }}
        disableColumnMenu
        disableRowSelectionOnClick
        paginationModel={{ page: paging.page, pageSize: paging.pageSize }}
        onPaginationModelChange={(model) => onPagingChange({ page: model.page, pageSize: model.pageSize })}
        pageSizeOptions={PAGE_SIZES}
        autoHeight
        getRowHeight={() => 'auto'}
        localeText={{ ...localeText, ...(props.noRowsText ? { noRowsLabel: props.noRowsText } : {}) }}
        aria-label={label}
        slotProps={rowTestId ? { row: { 'data-testid': rowTestId } as object } : undefined}
        sx={{
          border: 0,
          '& .MuiDataGrid-cell': { py: 1.25, display: 'flex', alignItems: 'center' },
          '& .MuiDataGrid-columnHeaders': { bgcolor: 'background.neutral' },
        }}
      />
    </Box>
  );
}
