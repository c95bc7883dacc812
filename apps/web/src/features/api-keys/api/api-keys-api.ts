import type { ApiKey, ApiKeyCreateBody, ApiKeyCreated } from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

export const apiKeyKeys = { all: ['api-keys'] as const };

export const apiKeysApi = {
  list: (signal?: AbortSignal) => apiClient.get<ApiKey[]>('/api/api-keys', { signal }),
  create: (body: ApiKeyCreateBody) => apiClient.post<ApiKeyCreated>('/api/api-keys', body),
  revoke: (id: string) => apiClient.delete(`/api/api-keys/${id}`),
};
