import { useState } from 'react';

const pageSizes = [10, 25, 50, 100];

export type Paging = {
  /** Zero-based, as MUI counts pages. */
  page: number;
  pageSize: number;
  pageSizes: number[];
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
};

/** The page and page size of a server-paged list, from the first page of 25 rows. */
export function usePaging(): Paging {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  return { page, pageSize, pageSizes, setPage, setPageSize };
}

/**
 * The list's total, called while rendering with the list's answer. A page left past the end (the
 * last row of the last page deleted, a filter, the last unread one marked read under the unread
 * filter) moves back to the last page that has rows instead of showing an empty page.
 */
export function keepPageInRange(
  paging: Paging,
  data: { total: number; items: readonly unknown[] } | undefined,
): number {
  const total = data?.total ?? 0;
  if (data && paging.page > 0 && data.items.length === 0 && total > 0) {
    paging.setPage(Math.max(0, Math.ceil(total / paging.pageSize) - 1));
  }
  return total;
}
