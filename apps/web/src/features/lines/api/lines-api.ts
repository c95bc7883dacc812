import type {
  Account,
  ActiveServer,
  CappedListResponse,
  ClientConfig,
  Line,
  LineCreateBody,
  LineDeleteResult,
  LineEvent,
  LinePatchBody,
  LineReconcileResult,
  LineSettings,
  LineSettingsBody,
  LineSortField,
  LineStatus,
  LineSyncState,
  LineWriteResult,
  ListResponse,
  Server,
} from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

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

/** Query parameters of the list and of the CSV export (the same filter). */
export function toLineQuery(params: Omit<LineListParams, 'page' | 'pageSize'> & Partial<LineListParams>) {
  const query = new URLSearchParams();
  if (params.page !== undefined) query.set('page', String(params.page));
  if (params.pageSize !== undefined) query.set('page_size', String(params.pageSize));
  if (params.search?.trim()) query.set('search', params.search.trim());
  if (params.sort) query.set('sort', params.sort);
  if (params.order) query.set('order', params.order);
  if (params.status) query.set('status', params.status);
  if (params.serverId !== undefined) query.set('server_id', String(params.serverId));
  if (params.ownerId) query.set('owner_id', params.ownerId);
  if (params.expiringWithinDays !== undefined) {
    query.set('expiring_within_days', String(params.expiringWithinDays));
  }
  if (params.syncState) query.set('sync_state', params.syncState);
  return query;
}

export function lineExportUrl(params: Omit<LineListParams, 'page' | 'pageSize'>): string {
  const query = toLineQuery(params).toString();
  return `/api/lines/export.csv${query ? `?${query}` : ''}`;
}

export const linesApi = {
  list: (params: LineListParams, signal?: AbortSignal) =>
    apiClient.get<CappedListResponse<Line>>(`/api/lines?${toLineQuery(params).toString()}`, { signal }),
  get: (id: number, signal?: AbortSignal) => apiClient.get<Line>(`/api/lines/${id}`, { signal }),
  create: (body: LineCreateBody) => apiClient.post<LineWriteResult>('/api/lines', body),
  update: (id: number, body: LinePatchBody) => apiClient.patch<LineWriteResult>(`/api/lines/${id}`, body),
  renew: (id: number, subscriptionMonths: number) =>
    apiClient.post<LineWriteResult>(`/api/lines/${id}/renew`, { subscription_months: subscriptionMonths }),
  remove: (id: number) => apiClient.delete<LineDeleteResult>(`/api/lines/${id}`),
  retrySync: (id: number) => apiClient.post<LineWriteResult>(`/api/lines/${id}/sync`),
  events: (id: number, signal?: AbortSignal) =>
    apiClient.get<{ items: LineEvent[] }>(`/api/lines/${id}/events`, { signal }),
  getSettings: (signal?: AbortSignal) => apiClient.get<LineSettings>('/api/line-settings', { signal }),
  putSettings: (body: LineSettingsBody) => apiClient.put<LineSettings>('/api/line-settings', body),
  activeServers: (signal?: AbortSignal) =>
    apiClient.get<{ items: ActiveServer[] }>('/api/servers/active', { signal }),
  /** Admins filter by any server, inactive ones included. */
  allServers: (signal?: AbortSignal) =>
    apiClient.get<ListResponse<Server>>('/api/servers?page=1&page_size=100', { signal }),
  clientConfig: (signal?: AbortSignal) => apiClient.get<ClientConfig>('/api/config', { signal }),
  owners: (search: string, signal?: AbortSignal) => {
    const query = new URLSearchParams({ page: '1', page_size: '20' });
    if (search.trim()) query.set('search', search.trim());
    return apiClient.get<ListResponse<Account>>(`/api/accounts?${query.toString()}`, { signal });
  },
  reconcile: (serverId: number) => apiClient.post<LineReconcileResult>(`/api/servers/${serverId}/reconcile`),
};
