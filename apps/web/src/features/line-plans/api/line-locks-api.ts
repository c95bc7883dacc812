import { lineLockContracts, type LockBody } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

/**
 * A plan's lock sits under ['line-plans'] (a `line_plans` event refreshes it), a line's under
 * ['lines'] (its `line_connections` events, which a poll sends when it finds a violation).
 */
export const lineLockKeys = {
  plan: (id: number) => ['line-plans', 'lock', id] as const,
  line: (id: number) => ['lines', 'lock', id] as const,
};

export const lineLocksApi = {
  plan: (id: number, signal?: AbortSignal) =>
    callApi(lineLockContracts.getPlanLock, { params: { id } }, { signal }),
  setPlan: (id: number, body: LockBody) => callApi(lineLockContracts.setPlanLock, { params: { id }, body }),
  line: (id: number, signal?: AbortSignal) =>
    callApi(lineLockContracts.getLineLock, { params: { id } }, { signal }),
  setLine: (id: number, body: LockBody) => callApi(lineLockContracts.setLineLock, { params: { id }, body }),
};
