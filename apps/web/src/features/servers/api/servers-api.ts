import {
  agentInstallContracts,
  serverContracts,
  type AgentCallBody,
  type ServerCreateBody,
  type ServerPatchBody,
} from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

export type ServerListParams = { page: number; pageSize: number };

/** Everything here lives under ['servers'], the key a `cccam_servers` live event refreshes. */
export const serverKeys = {
  all: ['servers'] as const,
  list: (params: ServerListParams) => ['servers', 'list', params] as const,
  agentRelease: ['servers', 'agent-release'] as const,
};

export const serversApi = {
  list: ({ page, pageSize }: ServerListParams, signal?: AbortSignal) =>
    callApi(serverContracts.list, { query: { page, page_size: pageSize } }, { signal }),
  get: (id: number, signal?: AbortSignal) => callApi(serverContracts.get, { params: { id } }, { signal }),
  create: (body: ServerCreateBody) => callApi(serverContracts.create, { body }),
  update: (id: number, body: ServerPatchBody) => callApi(serverContracts.update, { params: { id }, body }),
  remove: (id: number) => callApi(serverContracts.remove, { params: { id } }),
  test: (id: number) => callApi(serverContracts.test, { params: { id } }),
  checkAll: () => callApi(serverContracts.checkAll),
  /** Mints a new token each call: the command works 24 hours, until the agent's login changes. */
  agentRelease: (signal?: AbortSignal) => callApi(agentInstallContracts.release, {}, { signal }),
  installCommand: (id: number) => callApi(agentInstallContracts.createCommand, { params: { id } }),
  setStandby: (id: number, standbyId: number | null) =>
    callApi(serverContracts.setStandby, { params: { id }, body: { standby_id: standbyId } }),
  promoteStandby: (id: number) => callApi(serverContracts.promoteStandby, { params: { id } }),
  callAgent: (id: number, body: AgentCallBody) =>
    callApi(serverContracts.callAgent, { params: { id }, body }),
};
