import { lineEndedContracts, lineFreezeContracts } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

/** Freezing a line, restoring an archived one (docs/resellers.md). */
export const lineFreezeApi = {
  freeze: (id: number) => callApi(lineFreezeContracts.freeze, { params: { id } }),
  unfreeze: (id: number) => callApi(lineFreezeContracts.unfreeze, { params: { id } }),
  /** Restores a line archived some days after it ended (the admin's "Lines that ended" setting). */
  restore: (id: number) => callApi(lineEndedContracts.restore, { params: { id } }),
};
