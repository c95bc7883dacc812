import { accountContracts, reportContracts, type ReportScope, type ReportUnit } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

export type ReportParams = {
  /** null: the caller's own account (resellers) or the whole panel (admins). */
  accountId: string | null;
  scope: ReportScope;
  unit: ReportUnit;
  from: string;
  to: string;
  churnDays: number;
};

/**
 * Under the keys the ledger's, lines' and top-ups' change events make stale
 * (`features/realtime/lib/event-query-keys.ts`), so the report follows new sales without a reload.
 */
export const reportKeys = {
  all: ['reports'] as const,
  report: (params: ReportParams) => ['reports', params] as const,
  accounts: (search: string) => ['reports', 'accounts', search] as const,
};

/** The picker's page: enough to scroll a shop's tree, the search narrows a bigger one. */
const ACCOUNTS_SHOWN = 50;

export const reportsApi = {
  get: (params: ReportParams, signal?: AbortSignal) =>
    callApi(
      reportContracts.get,
      {
        query: {
          account_id: params.accountId ?? undefined,
          scope: params.scope,
          unit: params.unit,
          from: params.from,
          to: params.to,
          churn_days: params.churnDays,
        },
      },
      { signal },
    ),
  /** Every account of the viewer's tree (an admin's: every account), with its level and parent. */
  accounts: (search: string, signal?: AbortSignal) =>
    callApi(
      accountContracts.list,
      {
        query: {
          subtree: 'true',
          page: 1,
          page_size: ACCOUNTS_SHOWN,
          sort: 'email',
          order: 'asc',
          search: search || undefined,
        },
      },
      { signal },
    ),
};
