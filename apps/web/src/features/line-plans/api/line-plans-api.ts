import { linePlanContracts, type LinePlanBody, type LinePlanPatch } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

/** Under ['line-plans'], the key a `line_plans` live event refreshes. */
export const linePlanKeys = {
  all: ['line-plans'] as const,
  list: (includeArchived: boolean) => ['line-plans', 'list', { includeArchived }] as const,
};

export const linePlansApi = {
  list: (includeArchived: boolean, signal?: AbortSignal) =>
    callApi(
      linePlanContracts.list,
      { query: { include_archived: includeArchived ? 'true' : undefined } },
      { signal },
    ),
  create: (body: LinePlanBody) => callApi(linePlanContracts.create, { body }),
  update: (id: number, body: LinePlanPatch) => callApi(linePlanContracts.update, { params: { id }, body }),
};
