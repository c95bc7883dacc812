import { type accountContracts, type dashboardContracts } from '@linedesk/shared';
import { callTyped } from '../../../lib/api-client';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: (ownerId: string | null) => ['dashboard', ownerId ?? 'panel'] as const,
  owners: (search: string) => ['dashboard', 'owners', search] as const,
};

/** Through `callTyped`: the signed-in shell or the dashboard needs this area in the first download. */
export const dashboardApi = {
  get: (ownerId: string | null, signal?: AbortSignal) =>
    callTyped<typeof dashboardContracts.get>(
      { method: 'GET', path: '/api/dashboard' },
      { query: { owner_id: ownerId ?? undefined } },
      { signal },
    ),
  owners: (search: string, signal?: AbortSignal) =>
    callTyped<typeof accountContracts.list>(
      { method: 'GET', path: '/api/accounts' },
      { query: { page_size: 20, sort: 'email', order: 'asc', search: search || undefined } },
      { signal },
    ),
};
