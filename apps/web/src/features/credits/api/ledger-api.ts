import { creditContracts } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

export type LedgerParams = { page: number; pageSize: number; accountId?: string };

/** Under ['ledger'], the key a `credit_ledger` live event refreshes. */
export const ledgerKeys = {
  all: ['ledger'] as const,
  list: (params: LedgerParams) => ['ledger', 'list', params] as const,
};

export const ledgerApi = {
  list: ({ page, pageSize, accountId }: LedgerParams, signal?: AbortSignal) =>
    callApi(
      creditContracts.listLedger,
      { query: { page, page_size: pageSize, account_id: accountId } },
      { signal },
    ),
};
