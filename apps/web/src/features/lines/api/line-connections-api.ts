import type { LineConnections, OnlineByServer, SharingSettings, SharingSettingsBody } from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

/**
 * A line's connections live under ['lines'] so both a line's own change and a `line_connections`
 * event refresh them; lines online per server sit under their own key for the dashboard.
 */
export const lineConnectionKeys = {
  detail: (id: number) => ['lines', 'connections', id] as const,
  onlineByServer: ['dashboard-online'] as const,
  sharingSettings: ['settings', 'sharing-settings'] as const,
};

export const lineConnectionsApi = {
  get: (id: number, signal?: AbortSignal) =>
    apiClient.get<LineConnections>(`/api/lines/${id}/connections`, { signal }),
  kick: (id: number, connectionId: string) =>
    apiClient.post<{ message: string }>(`/api/lines/${id}/connections/kick`, { connection_id: connectionId }),
  onlineByServer: (signal?: AbortSignal) =>
    apiClient.get<OnlineByServer>('/api/dashboard/online', { signal }),
  sharingSettings: (signal?: AbortSignal) =>
    apiClient.get<SharingSettings>('/api/sharing-settings', { signal }),
  updateSharingSettings: (body: SharingSettingsBody) =>
    apiClient.put<SharingSettings>('/api/sharing-settings', body),
};
