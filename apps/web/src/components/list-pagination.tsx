import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';
import type { Paging } from '../hooks/use-paging';

type ListPaginationProps = {
  total: number;
  paging: Paging;
  /** What the list holds, e.g. "Messages per page"; defaults to "Rows per page:". */
  rowsPerPageLabel?: string;
};

/** The pager under server-paged lists: a new page size starts again from the first page. */
export function ListPagination(props: ListPaginationProps) {
  const { total, rowsPerPageLabel } = props;
  const { page, pageSize, pageSizes, setPage, setPageSize } = props.paging;
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={pageSizes}
      onPageChange={(_event, next) => setPage(next)}
      onRowsPerPageChange={(event) => {
        setPageSize(Number(event.target.value));
        setPage(0);
      }}
      labelRowsPerPage={rowsPerPageLabel ?? t('common.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('common.displayedRows', { from, to, total: count })}
      // On a phone the row of label, size, range and arrows is wider than the screen: it wraps, with the
      // arrows kept together at the end, instead of scrolling them out of sight.
      sx={{
        overflow: 'visible',
        '& .MuiTablePagination-toolbar': {
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
          rowGap: 0.5,
          px: { xs: 1, sm: 2 },
        },
        '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
      }}
    />
  );
}
