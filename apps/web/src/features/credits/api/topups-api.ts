import type { CreateTopUpBody, ListResponse, TopUpRequest, TopUpStatus } from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

export type TopUpListParams = { page: number; pageSize: number; status?: TopUpStatus };

/** Under ['topups'], the key a `topup_requests` live event refreshes (the pending count included). */
export const topUpKeys = {
  all: ['topups'] as const,
  list: (params: TopUpListParams) => ['topups', 'list', params] as const,
  pendingCount: ['topups', 'pending-count'] as const,
};

export const topUpsApi = {
  list: ({ page, pageSize, status }: TopUpListParams, signal?: AbortSignal) =>
    apiClient.get<ListResponse<TopUpRequest>>(
      `/api/topups?page=${page}&page_size=${pageSize}${status ? `&status=${status}` : ''}`,
      { signal },
    ),
  create: (body: CreateTopUpBody) => apiClient.post<TopUpRequest>('/api/topups', body),
  pendingCount: (signal?: AbortSignal) =>
    apiClient.get<{ count: number }>('/api/topups/pending-count', { signal }),
  approve: (id: number) => apiClient.post<TopUpRequest>(`/api/topups/${id}/approve`),
  reject: (id: number, reason: string) =>
    apiClient.post<TopUpRequest>(`/api/topups/${id}/reject`, { reason }),
};
