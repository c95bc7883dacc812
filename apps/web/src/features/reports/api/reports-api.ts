import { reportContracts, type ReportScope, type ReportUnit } from '@linedesk/shared';
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
};

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
};
