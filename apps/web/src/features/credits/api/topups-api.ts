import { type topUpContracts, type CreateTopUpBody, type TopUpStatus } from '@linedesk/shared';
import { callTyped } from '../../../lib/api-client';

export type TopUpListParams = { page: number; pageSize: number; status?: TopUpStatus };

/** Under ['topups'], the key a `topup_requests` live event refreshes (the pending count included). */
export const topUpKeys = {
  all: ['topups'] as const,
  list: (params: TopUpListParams) => ['topups', 'list', params] as const,
  pendingCount: ['topups', 'pending-count'] as const,
};

/** Through `callTyped`: the signed-in shell or the dashboard needs this area in the first download. */
export const topUpsApi = {
  list: ({ page, pageSize, status }: TopUpListParams, signal?: AbortSignal) =>
    callTyped<typeof topUpContracts.list>(
      { method: 'GET', path: '/api/topups' },
      { query: { page, page_size: pageSize, status } },
      { signal },
    ),
  create: (body: CreateTopUpBody) =>
    callTyped<typeof topUpContracts.create>({ method: 'POST', path: '/api/topups' }, { body }),
  pendingCount: (signal?: AbortSignal) =>
    callTyped<typeof topUpContracts.pendingCount>(
      { method: 'GET', path: '/api/topups/pending-count' },
      {},
      { signal },
    ),
  approve: (id: number) =>
    callTyped<typeof topUpContracts.approve>(
      { method: 'POST', path: '/api/topups/:id/approve' },
      { params: { id }, headers: {} },
    ),
  reject: (id: number, reason: string) =>
    callTyped<typeof topUpContracts.reject>(
      { method: 'POST', path: '/api/topups/:id/reject' },
      { params: { id }, body: { reason } },
    ),
};
