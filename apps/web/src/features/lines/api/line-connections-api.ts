import { lineConnectionContracts, type SharingSettingsBody } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

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
    callApi(lineConnectionContracts.get, { params: { id } }, { signal }),
  kick: (id: number, connectionId: string) =>
    callApi(lineConnectionContracts.kick, { params: { id }, body: { connection_id: connectionId } }),
  onlineByServer: (signal?: AbortSignal) => callApi(lineConnectionContracts.onlineByServer, {}, { signal }),
  sharingSettings: (signal?: AbortSignal) =>
    callApi(lineConnectionContracts.getSharingSettings, {}, { signal }),
  updateSharingSettings: (body: SharingSettingsBody) =>
    callApi(lineConnectionContracts.updateSharingSettings, { body }),
};
