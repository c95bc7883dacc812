import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import type { ListColumn } from './list-column';
import { rowAttributes, type RowProps } from './row-props';

export type CardListProps<R> = {
  rows: readonly R[];
  columns: readonly ListColumn<R>[];
  getRowId: (row: R) => string | number;
  label: string;
  rowProps?: (row: R) => RowProps;
};

/**
 * A list's rows as cards for a phone: the primary columns as the title with the secondary ones beside
 * it, every other column as a labelled line, the actions at the foot. Nothing is wider than the screen.
 */
export function CardList<R>({ rows, columns, getRowId, label, rowProps }: CardListProps<R>) {
  const primary = columns.filter((column) => column.card === 'primary');
  const secondary = columns.filter((column) => column.card === 'secondary');
  const details = columns.filter((column) => (column.card ?? 'detail') === 'detail');
  const actions = columns.filter((column) => column.card === 'actions');
  return (
    <Stack
      component="ul"
      aria-label={label}
      data-layout="cards"
      sx={{ listStyle: 'none', m: 0, p: 1.5, gap: 1.5 }}
    >
      {rows.map((row) => {
        const props = rowProps?.(row) ?? {};
        return (
          <Box
            component="li"
            key={getRowId(row)}
            {...rowAttributes(props)}
            data-layout="card"
            onClick={props.onClick}
            sx={[
              {
                display: 'grid',
                gap: 1.25,
                minWidth: 0,
                p: 2,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1.5,
                cursor: props.onClick ? 'pointer' : undefined,
              },
              ...(Array.isArray(props.sx) ? props.sx : [props.sx]),
            ]}
          >
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, minWidth: 0 }}>
              <Box sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {primary.map((column) => (
                  <Box key={column.field}>{column.render(row)}</Box>
                ))}
              </Box>
              {secondary.map((column) => (
                <Box key={column.field} sx={{ flexShrink: 0 }}>
                  {column.render(row)}
                </Box>
              ))}
            </Box>
            {details.length > 0 && (
              <Box
                component="dl"
                sx={{
                  m: 0,
                  display: 'grid',
                  gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
                  columnGap: 2,
                  rowGap: 1,
                  alignItems: 'center',
                }}
              >
                {details.map((column) => (
                  <Fragment key={column.field}>
                    <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
                      {column.headerName}
                    </Typography>
                    <Box
                      component="dd"
                      sx={{ m: 0, minWidth: 0, typography: 'body2', overflowWrap: 'anywhere' }}
                    >
                      {column.render(row)}
                    </Box>
                  </Fragment>
                ))}
              </Box>
            )}
            {actions.length > 0 && (
              <Box
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  justifyContent: 'flex-end',
                  alignItems: 'center',
                  gap: 0.5,
                  pt: 1,
                  borderTop: 1,
                  borderColor: 'divider',
                  borderTopStyle: 'dashed',
                }}
              >
                {actions.map((column) => (
                  <Fragment key={column.field}>{column.render(row)}</Fragment>
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
