import {
  type accountContracts,
  type dashboardContracts,
  type ecmStatsContracts,
  type lineFreezeContracts,
  type lineContracts,
  type portalContracts,
} from '@linedesk/shared';
import { callTyped } from '../../../lib/api-client';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: (ownerId: string | null) => ['dashboard', ownerId ?? 'panel'] as const,
  owners: (search: string) => ['dashboard', 'owners', search] as const,
  /** Under ['dashboard']: line, server and ledger events refresh it with the figures. */
  todo: ['dashboard', 'todo'] as const,
  /** Under ['dashboard']: top-up events refresh it. */
  revenue: ['dashboard', 'revenue'] as const,
};

/** Through `callTyped`: the signed-in shell or the dashboard needs this area in the first download. */
export const dashboardApi = {
  get: (ownerId: string | null, signal?: AbortSignal) =>
    callTyped<typeof dashboardContracts.get>(
      { method: 'GET', path: '/api/dashboard' },
      { query: { owner_id: ownerId ?? undefined } },
      { signal },
    ),
  todo: (signal?: AbortSignal) =>
    callTyped<typeof dashboardContracts.todo>({ method: 'GET', path: '/api/dashboard/todo' }, {}, { signal }),
  revenue: (signal?: AbortSignal) =>
    callTyped<typeof dashboardContracts.revenue>(
      { method: 'GET', path: '/api/dashboard/revenue' },
      {},
      { signal },
    ),
  /** The to-do's "retry" on a line failing to sync: the line's own sync endpoint. */
  retrySync: (id: number) =>
    callTyped<typeof lineContracts.sync>({ method: 'POST', path: '/api/lines/:id/sync' }, { params: { id } }),
  /** The to-do's "dismiss" on a customer's ask to renew. */
  dismissRenewalRequest: (id: number) =>
    callTyped<typeof portalContracts.dismissRenewalRequest>(
      { method: 'DELETE', path: '/api/portal/renewal-requests/:id' },
      { params: { id } },
    ),
  /** A customer's ask (from the portal) to freeze their line: freeze it now, or refuse. */
  approveFreezeRequest: (id: number) =>
    callTyped<typeof lineFreezeContracts.approveFreezeRequest>(
      { method: 'POST', path: '/api/lines/:id/freeze-request/approve' },
      { params: { id } },
    ),
  refuseFreezeRequest: (id: number) =>
    callTyped<typeof lineFreezeContracts.refuseFreezeRequest>(
      { method: 'POST', path: '/api/lines/:id/freeze-request/refuse' },
      { params: { id } },
    ),
  /** The churn radar's "write": a win-back mail to the line's customer. */
  winBack: (id: number) =>
    callTyped<typeof ecmStatsContracts.winBack>(
      { method: 'POST', path: '/api/lines/:id/win-back' },
      { params: { id } },
    ),
  owners: (search: string, signal?: AbortSignal) =>
    callTyped<typeof accountContracts.list>(
      { method: 'GET', path: '/api/accounts' },
      { query: { page_size: 20, sort: 'email', order: 'asc', search: search || undefined } },
      { signal },
    ),
};
