import type {
  AgentCallBody,
  AgentCallResult,
  ListResponse,
  Server,
  ServerCheckItem,
  ServerCreateBody,
  ServerPatchBody,
  ServerTestResult,
} from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

export type ServerListParams = { page: number; pageSize: number };

/** Everything here lives under ['servers'], the key a `cccam_servers` live event refreshes. */
export const serverKeys = {
  all: ['servers'] as const,
  list: (params: ServerListParams) => ['servers', 'list', params] as const,
};

export const serversApi = {
  list: ({ page, pageSize }: ServerListParams, signal?: AbortSignal) =>
    apiClient.get<ListResponse<Server>>(`/api/servers?page=${page}&page_size=${pageSize}`, { signal }),
  get: (id: number, signal?: AbortSignal) => apiClient.get<Server>(`/api/servers/${id}`, { signal }),
  create: (body: ServerCreateBody) => apiClient.post<Server>('/api/servers', body),
  update: (id: number, body: ServerPatchBody) => apiClient.patch<Server>(`/api/servers/${id}`, body),
  remove: (id: number) => apiClient.delete(`/api/servers/${id}`),
  test: (id: number) => apiClient.post<ServerTestResult>(`/api/servers/${id}/test`),
  checkAll: () => apiClient.post<{ items: ServerCheckItem[] }>('/api/servers/check'),
  callAgent: (id: number, body: AgentCallBody) =>
    apiClient.post<AgentCallResult>(`/api/servers/${id}/agent-call`, body),
};
