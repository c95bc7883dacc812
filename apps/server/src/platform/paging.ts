import type { ListResponse } from '@linedesk/shared';

type PageQuery = { page: number; page_size: number };

/** The rows a page of `page_size` covers (pages count from 1). */
export function pageWindow(query: PageQuery): { limit: number; offset: number } {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

/** A page as every list answers it: its items, how many match in all, and the page asked for. */
export function pageOf<R, T>(
  query: PageQuery,
  found: { rows: R[]; total: number },
  toItem: (row: R) => T,
): ListResponse<T> {
  return { items: found.rows.map(toItem), total: found.total, page: query.page, page_size: query.page_size };
}
