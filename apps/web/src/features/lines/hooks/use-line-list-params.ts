import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toLineQuery, type LineListParams } from '../api/lines-api';
import { DEFAULT_PAGE_SIZE, readLineListState } from '../lib/line-list-state';

/**
 * The line list's page, sort and filters, read from the address and written back to it, with the
 * stable callbacks the memoised grid and card list take. `onChange` runs with every change the
 * user asks for (the page clears its selection then).
 */
export function useLineListParams(onChange: () => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const address = searchParams.toString();
  // The list shows what was asked at once; the router writes the address in a transition that
  // renders the whole shell, and the next page's request waited behind it (0.6-0.7 s on a fast
  // machine). The address wins again as soon as it changes: it says the same, or the user went back.
  const [asked, setAsked] = useState<{ query: string; from: string } | null>(null);
  const shown = asked && asked.from === address ? asked.query : address;
  const params = useMemo(() => readLineListState(new URLSearchParams(shown)), [shown]);
  // The callbacks below stay the same between renders and read these instead. React Router's
  // `setSearchParams` is a new function whenever the address changes: a callback built on it gave
  // the memoised grid new props with every page change, so the router's own render of the new
  // address (the whole shell, in a transition) rendered every cell of the grid once more.
  const latest = useRef({ address, params, onChange, setSearchParams });
  useEffect(() => {
    latest.current = { address, params, onChange, setSearchParams };
  });

  const setParams = useCallback((next: LineListParams) => {
    const query = toLineQuery(next);
    // Defaults stay out of the address.
    if (next.page === 1) query.delete('page');
    if (next.pageSize === DEFAULT_PAGE_SIZE) query.delete('page_size');
    setAsked({ query: query.toString(), from: latest.current.address });
    latest.current.setSearchParams(query, { replace: true });
    latest.current.onChange();
  }, []);

  const onPaginationModelChange = useCallback(
    (model: GridPaginationModel) => {
      const current = latest.current.params;
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
        ...latest.current.params,
        page: 1,
        sort: first ? (first.field as LineListParams['sort']) : undefined,
        order: first?.sort ?? undefined,
      });
    },
    [setParams],
  );

  // Stable between renders: the grid takes a new sort model for a changed sort and goes back to page 1.
  const paginationModel = useMemo<GridPaginationModel>(
    () => ({ page: params.page - 1, pageSize: params.pageSize }),
    [params.page, params.pageSize],
  );
  const sortModel = useMemo<GridSortModel>(
    () => (params.sort ? [{ field: params.sort, sort: params.order ?? 'desc' }] : []),
    [params.sort, params.order],
  );

  return { params, setParams, paginationModel, onPaginationModelChange, sortModel, onSortModelChange };
}
