import type { SxProps, Theme } from '@mui/material/styles';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';

/**
 * Where a column's value goes on a phone's card: `primary` the card's title line, `secondary` beside
 * it at the end (a status chip), `detail` a labelled row below, `actions` the card's footer, `none`
 * not on the card (what the title already says).
 */
export type CardRole = 'primary' | 'secondary' | 'detail' | 'actions' | 'none';

/**
 * One column of a list, written once for both its shapes: the table (or data grid) on a wide screen
 * and the card on a phone, so a phone shows every value the table has instead of hiding columns in a
 * sideways scroll.
 */
export type ListColumn<R> = {
  field: string;
  headerName: string;
  render: (row: R) => ReactNode;
  /** `detail` when not given. */
  card?: CardRole;
  align?: 'left' | 'center' | 'right';
  /** The header is read by screen readers only (a column of buttons). */
  hideHeader?: boolean;
  /** The table cell's style (widths, wrapping). */
  cellSx?: SxProps<Theme>;
  /** The server sorts the list by this column (only where the grid is given a `sort`). */
  sortable?: boolean;
  /** The data grid's sizing of the column. */
  grid?: Pick<GridColDef, 'minWidth' | 'width' | 'flex' | 'maxWidth'>;
};

/** The same columns for MUI X's DataGrid. */
export function toGridColumns<R extends GridValidRowModel>(
  columns: readonly ListColumn<R>[],
): GridColDef<R>[] {
  return columns.map((column) => ({
    field: column.field,
    headerName: column.headerName,
    sortable: column.sortable ?? false,
    align: column.align,
    headerAlign: column.align,
    renderCell: ({ row }) => column.render(row),
    ...column.grid,
  }));
}
