import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { toLineQuery, type LineListParams } from '../api/lines-api';
import { DEFAULT_PAGE_SIZE, readLineListState } from '../lib/line-list-state';

/**
 * The line list's page, sort and filters, read from the address and written back to it, with the
 * stable callbacks the memoised grid and card list take. `onChange` runs with every change the
 * user asks for (the page clears its selection then).
 */
export function useLineListParams(onChange: () => void) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const address = searchParams.toString();
  // What was asked is written to the address bar without the router (below), so the router keeps
  // the address it last navigated to; what was asked holds until the router navigates again (a
  // link, the back button): then its address wins, whatever it says.
  const [asked, setAsked] = useState<{ query: string; from: string } | null>(null);
  const shown = asked && asked.from === location.key ? asked.query : address;
  const params = useMemo(() => readLineListState(new URLSearchParams(shown)), [shown]);
  // The callbacks below stay the same between renders and read these instead, so the memoised grid
  // and card list get no new props from them.
  const latest = useRef({ key: location.key, params, onChange });
  useEffect(() => {
    latest.current = { key: location.key, params, onChange };
  });

  const setParams = useCallback((next: LineListParams) => {
    const query = toLineQuery(next);
    // Defaults stay out of the address.
    if (next.page === 1) query.delete('page');
    if (next.pageSize === DEFAULT_PAGE_SIZE) query.delete('page_size');
    const search = query.toString();
    setAsked({ query: search, from: latest.current.key });
    // The address is replaced in place, keeping the router's own entry state (its key and index), so
    // a reload or a return with the back button shows this page. Through the router, each change
    // also re-rendered the whole shell (navigation, header, filters: about 800 components) in a
    // second commit after the list's own.
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search ? `?${search}` : ''}${hash}`);
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
