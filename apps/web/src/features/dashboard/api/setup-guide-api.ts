import { setupGuideContracts } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

/** Refreshed by the events of servers, packages, settings and accounts (`event-query-keys.ts`). */
export const setupGuideKeys = { guide: ['setup-guide'] as const };

export const setupGuideApi = {
  get: (signal?: AbortSignal) => callApi(setupGuideContracts.get, {}, { signal }),
  setHidden: (hidden: boolean) => callApi(setupGuideContracts.setHidden, { body: { hidden } }),
};
