import { outageContracts } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

export const outageKeys = { all: ['outages'] as const };

export const outagesApi = {
  list: (signal?: AbortSignal) => callApi(outageContracts.list, {}, { signal }),
};
