import type { Group, GroupBody, GroupPatch } from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

export const groupKeys = { all: ['groups'] as const };

export const groupsApi = {
  list: (signal?: AbortSignal) => apiClient.get<{ items: Group[] }>('/api/groups', { signal }),
  create: (body: GroupBody) => apiClient.post<Group>('/api/groups', body),
  update: (id: number, body: GroupPatch) => apiClient.patch<Group>(`/api/groups/${id}`, body),
  remove: (id: number) => apiClient.delete(`/api/groups/${id}`),
};
