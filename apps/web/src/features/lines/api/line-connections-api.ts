import { type lineConnectionContracts, type SharingSettingsBody } from '@linedesk/shared';
import { callTyped } from '../../../lib/api-client';

/**
 * A line's connections live under ['lines'] so both a line's own change and a `line_connections`
 * event refresh them; lines online per server sit under their own key for the dashboard.
 */
export const lineConnectionKeys = {
  detail: (id: number) => ['lines', 'connections', id] as const,
  sharing: (id: number) => ['lines', 'sharing', id] as const,
  onlineByServer: ['dashboard-online'] as const,
  sharingSettings: ['settings', 'sharing-settings'] as const,
};

/** Through `callTyped`: the dashboard shows who is online in its first download. */
export const lineConnectionsApi = {
  get: (id: number, signal?: AbortSignal) =>
    callTyped<typeof lineConnectionContracts.get>(
      { method: 'GET', path: '/api/lines/:id/connections' },
      { params: { id } },
      { signal },
    ),
  sharing: (id: number, signal?: AbortSignal) =>
    callTyped<typeof lineConnectionContracts.sharing>(
      { method: 'GET', path: '/api/lines/:id/sharing' },
      { params: { id } },
      { signal },
    ),
  kick: (id: number, connectionId: string) =>
    callTyped<typeof lineConnectionContracts.kick>(
      { method: 'POST', path: '/api/lines/:id/connections/kick' },
      { params: { id }, body: { connection_id: connectionId } },
    ),
  onlineByServer: (signal?: AbortSignal) =>
    callTyped<typeof lineConnectionContracts.onlineByServer>(
      { method: 'GET', path: '/api/dashboard/online' },
      {},
      { signal },
    ),
  sharingSettings: (signal?: AbortSignal) =>
    callTyped<typeof lineConnectionContracts.getSharingSettings>(
      { method: 'GET', path: '/api/sharing-settings' },
      {},
      { signal },
    ),
  updateSharingSettings: (body: SharingSettingsBody) =>
    callTyped<typeof lineConnectionContracts.updateSharingSettings>(
      { method: 'PUT', path: '/api/sharing-settings' },
      { body },
    ),
};
