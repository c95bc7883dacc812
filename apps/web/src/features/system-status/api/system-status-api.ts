import type { SystemStatus } from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

export const systemStatusKeys = { all: ['system-status'] as const };

export const systemStatusApi = {
  get: (signal?: AbortSignal) => apiClient.get<SystemStatus>('/api/system/status', { signal }),
};
