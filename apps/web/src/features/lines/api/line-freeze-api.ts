import { lineEndedContracts, lineFreezeContracts } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

/** Freezing a line, restoring an archived one (docs/resellers.md). */
export const lineFreezeApi = {
  freeze: (id: number) => callApi(lineFreezeContracts.freeze, { params: { id } }),
  unfreeze: (id: number) => callApi(lineFreezeContracts.unfreeze, { params: { id } }),
  /** Restores a line archived some days after it ended (the admin's "Lines that ended" setting). */
  restore: (id: number) => callApi(lineEndedContracts.restore, { params: { id } }),
  /** The customer's ask for a freeze waiting for an answer, or its freeze scheduled for a later day. */
  freezeRequest: (id: number, signal?: AbortSignal) =>
    callApi(lineFreezeContracts.freezeRequest, { params: { id } }, { signal }),
  approveFreezeRequest: (id: number) => callApi(lineFreezeContracts.approveFreezeRequest, { params: { id } }),
  /** Refuses the open ask, or cancels the scheduled freeze before its day. */
  refuseFreezeRequest: (id: number) => callApi(lineFreezeContracts.refuseFreezeRequest, { params: { id } }),
};

/** Under ['lines']: a line's own change refreshes it too, as a `line_freeze_requests` event does. */
export const lineFreezeKeys = {
  request: (id: number) => ['lines', 'freeze-request', id] as const,
};
