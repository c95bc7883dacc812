import { lineListQuerySchema, lineSortFields } from '@linedesk/shared';
import { z } from 'zod';
import type { LineListParams } from '../api/lines-api';

export const linePageSizes = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/**
 * The API's own list query, field by field: a value the API would refuse is dropped on its own (a
 * stale or hand-edited address still shows a list). Only the sizes the grid offers are kept, and
 * the sort and order stay unset unless the address names them.
 */
const fields = lineListQuerySchema.shape;
const lineAddressSchema = z.object({
  page: fields.page.catch(1),
  page_size: fields.page_size
    .refine((size) => (linePageSizes as readonly number[]).includes(size))
    .catch(DEFAULT_PAGE_SIZE),
  search: fields.search.catch(undefined),
  sort: z.enum(lineSortFields).optional().catch(undefined),
  order: fields.order.unwrap().optional().catch(undefined),
  status: fields.status.catch(undefined),
  server_id: fields.server_id.catch(undefined),
  owner_id: fields.owner_id.catch(undefined),
  expiring_within_days: fields.expiring_within_days.catch(undefined),
  sync_state: fields.sync_state.catch(undefined),
  expired_for_days: fields.expired_for_days.catch(undefined),
  archived: fields.archived.catch(undefined),
  online: fields.online.catch(undefined),
  sharing: fields.sharing.catch(undefined),
  churn_risk: fields.churn_risk.catch(undefined),
});

/**
 * The list's page, sort and filters live in the address (`/users/all?status=expired&page=2`), so a
 * reload, the back button from the edit page and a shared link show the same list. Anything invalid
 * in the address is ignored.
 */
export function readLineListState(search: URLSearchParams): LineListParams {
  // An empty parameter (`?search=`) means no filter, not a zero or an empty text.
  const present = Object.fromEntries([...search].filter(([, value]) => value.trim() !== ''));
  const query = lineAddressSchema.parse(present);
  return {
    page: query.page,
    pageSize: query.page_size,
    search: query.search || undefined,
    sort: query.sort,
    order: query.order,
    status: query.status,
    serverId: query.server_id,
    ownerId: query.owner_id,
    expiringWithinDays: query.expiring_within_days,
    syncState: query.sync_state,
    expiredForDays: query.expired_for_days,
    archived: query.archived,
    online: query.online,
    sharing: query.sharing,
    churnRisk: query.churn_risk,
  };
}

/** The filter without the page: what the CSV export takes. */
export function filterOf(params: LineListParams): Omit<LineListParams, 'page' | 'pageSize'> {
  const { page: _page, pageSize: _pageSize, ...filter } = params;
  return filter;
}
