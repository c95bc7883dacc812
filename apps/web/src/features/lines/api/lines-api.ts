import {
  accountContracts,
  contractQuery,
  lineContracts,
  serverContracts,
  type LineCreateBody,
  type LinePatchBody,
  type LineSettingsBody,
  type LineSortField,
  type LineStatus,
  type LineSyncState,
} from '@linedesk/shared';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client';

type LineListQueryInput = z.input<typeof lineContracts.list.query>;

/** The list's query as the screen holds it; `toLineQuery` turns it into the API's parameters. */
export type LineListParams = {
  page: number;
  pageSize: number;
  search?: string;
  sort?: LineSortField;
  order?: 'asc' | 'desc';
  status?: LineStatus;
  serverId?: number;
  ownerId?: string;
  expiringWithinDays?: number;
  syncState?: LineSyncState;
  /** Lines that ended at least this many days ago (the to-do list's "will be archived" link). */
  expiredForDays?: number;
  /** Only archived lines (otherwise the list leaves them out). */
  archived?: boolean;
  /** Only lines connected now / found shared now (quick filters). */
  online?: boolean;
  sharing?: boolean;
  /** Only lines likely not to renew (the dashboard's churn radar links here). */
  churnRisk?: boolean;
};

/**
 * Line queries live under ['lines'], the key a `users` live event refreshes. Pickers reuse the
 * servers' and accounts' prefixes so their own live events refresh them; the trial length sits under
 * ['settings'] (refreshed by `app_settings`).
 */
export const lineKeys = {
  all: ['lines'] as const,
  list: (params: LineListParams) => ['lines', 'list', params] as const,
  detail: (id: number) => ['lines', 'detail', id] as const,
  events: (id: number) => ['lines', 'events', id] as const,
  settings: ['settings', 'line-settings'] as const,
  activeServers: ['servers', 'active'] as const,
  serverOptions: ['servers', 'options'] as const,
  clientConfig: ['servers', 'client-config'] as const,
  owners: (search: string) => ['accounts', 'owner-options', search] as const,
};

/** The list's filter as the API takes it (also the CSV export's, without the page). */
export function lineQuery(
  params: Omit<LineListParams, 'page' | 'pageSize'> & Partial<LineListParams>,
): LineListQueryInput {
  return {
    page: params.page,
    page_size: params.pageSize,
    search: params.search?.trim() || undefined,
    sort: params.sort,
    order: params.order,
    status: params.status,
    server_id: params.serverId,
    owner_id: params.ownerId || undefined,
    expiring_within_days: params.expiringWithinDays,
    sync_state: params.syncState,
    expired_for_days: params.expiredForDays,
    archived: params.archived ? 'true' : undefined,
    online: params.online ? 'true' : undefined,
    sharing: params.sharing ? 'true' : undefined,
    churn_risk: params.churnRisk ? 'true' : undefined,
  };
}

/** Query parameters of the list and of the CSV export (the same filter). */
export function toLineQuery(params: Omit<LineListParams, 'page' | 'pageSize'> & Partial<LineListParams>) {
  return new URLSearchParams(contractQuery(lineQuery(params)));
}

export function lineExportUrl(params: Omit<LineListParams, 'page' | 'pageSize'>): string {
  const query = contractQuery(lineQuery(params));
  return `${lineContracts.exportCsv.path}${query ? `?${query}` : ''}`;
}

export const linesApi = {
  list: (params: LineListParams, signal?: AbortSignal) =>
    // The quick filters' counts come with every page (the server keeps them until a change).
    callApi(lineContracts.list, { query: { ...lineQuery(params), counts: 'true' } }, { signal }),
  get: (id: number, signal?: AbortSignal) => callApi(lineContracts.get, { params: { id } }, { signal }),
  create: (body: LineCreateBody) => callApi(lineContracts.create, { headers: {}, body }),
  update: (id: number, body: LinePatchBody) => callApi(lineContracts.update, { params: { id }, body }),
  renew: (id: number, subscriptionMonths: number, planId?: number) =>
    callApi(lineContracts.renew, {
      params: { id },
      headers: {},
      body: { subscription_months: subscriptionMonths, ...(planId === undefined ? {} : { plan_id: planId }) },
    }),
  remove: (id: number) => callApi(lineContracts.remove, { params: { id } }),
  retrySync: (id: number) => callApi(lineContracts.sync, { params: { id } }),
  events: (id: number, signal?: AbortSignal) => callApi(lineContracts.events, { params: { id } }, { signal }),
  getSettings: (signal?: AbortSignal) => callApi(lineContracts.getSettings, {}, { signal }),
  putSettings: (body: LineSettingsBody) => callApi(lineContracts.setSettings, { body }),
  activeServers: (signal?: AbortSignal) => callApi(serverContracts.listActive, {}, { signal }),
  /** Admins filter by any server, inactive ones included. */
  allServers: (signal?: AbortSignal) =>
    callApi(serverContracts.list, { query: { page: 1, page_size: 100 } }, { signal }),
  clientConfig: (signal?: AbortSignal) => callApi(serverContracts.clientConfig, {}, { signal }),
  owners: (search: string, signal?: AbortSignal) =>
    callApi(
      accountContracts.list,
      { query: { page: 1, page_size: 20, search: search.trim() || undefined } },
      { signal },
    ),
  reconcile: (serverId: number, confirmRemovals = false) =>
    callApi(lineContracts.reconcile, {
      params: { id: serverId },
      query: confirmRemovals ? { confirm_removals: 'true' } : {},
    }),
};
