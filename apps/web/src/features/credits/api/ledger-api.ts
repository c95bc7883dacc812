import type { LedgerEntry, ListResponse } from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

export type LedgerParams = { page: number; pageSize: number; accountId?: string };

/** Under ['ledger'], the key a `credit_ledger` live event refreshes. */
export const ledgerKeys = {
  all: ['ledger'] as const,
  list: (params: LedgerParams) => ['ledger', 'list', params] as const,
};

export const ledgerApi = {
  list: ({ page, pageSize, accountId }: LedgerParams, signal?: AbortSignal) => {
    const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
    if (accountId) query.set('account_id', accountId);
    return apiClient.get<ListResponse<LedgerEntry>>(`/api/credits/ledger?${query}`, { signal });
  },
};
