import { topUpContracts, type CreateTopUpBody, type TopUpStatus } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

export type TopUpListParams = { page: number; pageSize: number; status?: TopUpStatus };

/** Under ['topups'], the key a `topup_requests` live event refreshes (the pending count included). */
export const topUpKeys = {
  all: ['topups'] as const,
  list: (params: TopUpListParams) => ['topups', 'list', params] as const,
  pendingCount: ['topups', 'pending-count'] as const,
};

export const topUpsApi = {
  list: ({ page, pageSize, status }: TopUpListParams, signal?: AbortSignal) =>
    callApi(topUpContracts.list, { query: { page, page_size: pageSize, status } }, { signal }),
  create: (body: CreateTopUpBody) => callApi(topUpContracts.create, { body }),
  pendingCount: (signal?: AbortSignal) => callApi(topUpContracts.pendingCount, {}, { signal }),
  approve: (id: number) => callApi(topUpContracts.approve, { params: { id }, headers: {} }),
  reject: (id: number, reason: string) =>
    callApi(topUpContracts.reject, { params: { id }, body: { reason } }),
};
