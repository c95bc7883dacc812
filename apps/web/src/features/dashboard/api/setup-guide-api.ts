import type { SetupGuide } from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

/** Refreshed by the events of servers, packages, settings and accounts (`event-query-keys.ts`). */
export const setupGuideKeys = { guide: ['setup-guide'] as const };

export const setupGuideApi = {
  get: (signal?: AbortSignal) => apiClient.get<SetupGuide>('/api/setup-guide', { signal }),
  setHidden: (hidden: boolean) => apiClient.put<SetupGuide>('/api/setup-guide', { hidden }),
};
