import { systemStatusContracts } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

export const systemStatusKeys = { all: ['system-status'] as const };

export const systemStatusApi = {
  get: (signal?: AbortSignal) => callApi(systemStatusContracts.get, {}, { signal }),
};
