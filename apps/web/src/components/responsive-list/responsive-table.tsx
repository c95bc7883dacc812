import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { CardList, type CardListProps } from './card-list';
import { rowAttributes } from './row-props';
import { usePhone } from './use-phone';
import { visuallyHidden } from './visually-hidden';

type ResponsiveTableProps<R> = CardListProps<R> & {
  /** The table's width below which it scrolls sideways (between a phone and a desktop). */
  minWidth: number;
  /** Half the usual space between columns, for a table with many of them on a laptop's screen. */
  compact?: boolean;
};

/** A table on a wide screen, the same columns as cards on a phone. */
export function ResponsiveTable<R>(props: ResponsiveTableProps<R>) {
  const { rows, columns, getRowId, label, rowProps, minWidth, compact } = props;
  const phone = usePhone();
  if (phone) return <CardList {...props} />;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table sx={[{ minWidth }, compact ? { '& .MuiTableCell-root': { px: 1.5 } } : {}]} aria-label={label}>
        <TableHead>
          <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            {columns.map((column) => (
              <TableCell key={column.field} align={column.align}>
                {column.hideHeader ? (
                  <Box component="span" sx={visuallyHidden}>
                    {column.headerName}
                  </Box>
                ) : (
                  column.headerName
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const props = rowProps?.(row) ?? {};
            return (
              <TableRow
                key={getRowId(row)}
                hover
                {...rowAttributes(props)}
                onClick={props.onClick}
                sx={[
                  { cursor: props.onClick ? 'pointer' : undefined },
                  ...(Array.isArray(props.sx) ? props.sx : [props.sx]),
                ]}
              >
                {columns.map((column) => (
                  <TableCell key={column.field} align={column.align} sx={column.cellSx}>
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
