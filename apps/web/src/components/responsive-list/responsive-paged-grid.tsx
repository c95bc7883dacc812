import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { useMemo, useRef } from 'react';
import { useGridLocaleText } from '../../i18n/mui/use-mui-locales';
import { ListPagination } from '../list-pagination';
import { ListSkeleton } from '../list-skeleton';
import { PAGE_SIZES, PagedDataGrid, type GridPage, type ServerSort } from '../paged-data-grid';
import { CardList } from './card-list';
import { toGridColumns, type ListColumn } from './list-column';
import { usePhone } from './use-phone';

type ResponsivePagedGridProps<R extends GridValidRowModel> = GridPage & {
  rows: R[];
  columns: readonly ListColumn<R>[];
  getRowId: (row: R) => string | number;
  label: string;
  testId: string;
  rowTestId?: string;
  /** Server sorting by the grid's headers (a phone's cards keep the order set). */
  sort?: ServerSort;
};

/** A server-paged DataGrid on a wide screen; on a phone the same rows as cards, with the same pager. */
export function ResponsivePagedGrid<R extends GridValidRowModel>(props: ResponsivePagedGridProps<R>) {
  const { rows, columns, getRowId, label, testId, rowTestId, sort, ...page } = props;
  const phone = usePhone();
  const localeText = useGridLocaleText();
  const gridColumns = useMemo(() => toGridColumns(columns), [columns]);
  // The pager sets the size and then page 0 in one event, each a whole paging: the page must keep
  // the new size rather than the one this render saw.
  const newSize = useRef<number | null>(null);
  if (!phone) {
    return (
      <PagedDataGrid<R>
        {...page}
        rows={rows}
        columns={gridColumns}
        getRowId={getRowId}
        label={label}
        testId={testId}
        rowTestId={rowTestId}
        sort={sort}
      />
    );
  }
  const { total, paging, onPagingChange, loading, noRowsText } = page;
  return (
    <Box data-testid={testId}>
      {rows.length > 0 ? (
        <CardList
          rows={rows}
          columns={columns}
          getRowId={getRowId}
          label={label}
          rowProps={rowTestId ? () => ({ testId: rowTestId }) : undefined}
        />
      ) : loading ? (
        <ListSkeleton />
      ) : (
        <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>
          {noRowsText ?? localeText?.noRowsLabel}
        </Typography>
      )}
      <ListPagination
        total={total}
        paging={{
          page: paging.page,
          pageSize: paging.pageSize,
          pageSizes: PAGE_SIZES,
          setPage: (next) => {
            const size = newSize.current ?? paging.pageSize;
            newSize.current = null;
            onPagingChange({ page: next, pageSize: size });
          },
          setPageSize: (next) => {
            newSize.current = next;
            onPagingChange({ page: 0, pageSize: next });
          },
        }}
      />
    </Box>
  );
}
