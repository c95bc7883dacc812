import type { LinePlan, LinePlanBody, LinePlanPatch } from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

/** Under ['line-plans'], the key a `line_plans` live event refreshes. */
export const linePlanKeys = {
  all: ['line-plans'] as const,
  list: (includeArchived: boolean) => ['line-plans', 'list', { includeArchived }] as const,
};

export const linePlansApi = {
  list: (includeArchived: boolean, signal?: AbortSignal) =>
    apiClient.get<{ items: LinePlan[] }>(
      `/api/line-plans${includeArchived ? '?include_archived=true' : ''}`,
      {
        signal,
      },
    ),
  create: (body: LinePlanBody) => apiClient.post<LinePlan>('/api/line-plans', body),
  update: (id: number, body: LinePlanPatch) => apiClient.patch<LinePlan>(`/api/line-plans/${id}`, body),
};
