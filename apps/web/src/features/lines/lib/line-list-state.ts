import {
  lineSortFields,
  lineStatuses,
  lineSyncStates,
  type LineSortField,
  type LineStatus,
  type LineSyncState,
} from '@linedesk/shared';
import type { LineListParams } from '../api/lines-api';

export const linePageSizes = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : undefined;
}

function oneOf<T extends string>(options: readonly T[], value: string | null): T | undefined {
  return options.includes(value as T) ? (value as T) : undefined;
}

/**
 * The list's page, sort and filters live in the address (`/users/all?status=expired&page=2`), so a
 * reload, the back button from the edit page and a shared link show the same list. Anything invalid
 * in the address is ignored.
 */
export function readLineListState(search: URLSearchParams): LineListParams {
  const pageSize = positiveInt(search.get('page_size'));
  const days = positiveInt(search.get('expiring_within_days'));
  return {
    page: Math.max(1, positiveInt(search.get('page')) ?? 1),
    pageSize: linePageSizes.includes(pageSize as (typeof linePageSizes)[number])
      ? (pageSize as number)
      : DEFAULT_PAGE_SIZE,
    search: search.get('search')?.trim() || undefined,
    sort: oneOf<LineSortField>(lineSortFields, search.get('sort')),
    order: oneOf(['asc', 'desc'] as const, search.get('order')),
    status: oneOf<LineStatus>(lineStatuses, search.get('status')),
    serverId: positiveInt(search.get('server_id')),
    ownerId: search.get('owner_id') || undefined,
    expiringWithinDays: days !== undefined && days <= 3650 ? days : undefined,
    syncState: oneOf<LineSyncState>(lineSyncStates, search.get('sync_state')),
  };
}

/** The filter without the page: what the CSV export takes. */
export function filterOf(params: LineListParams): Omit<LineListParams, 'page' | 'pageSize'> {
  const { page: _page, pageSize: _pageSize, ...filter } = params;
  return filter;
}
