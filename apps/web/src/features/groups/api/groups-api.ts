import { groupContracts, type GroupBody, type GroupPatch } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

export const groupKeys = { all: ['groups'] as const };

export const groupsApi = {
  list: (signal?: AbortSignal) => callApi(groupContracts.list, {}, { signal }),
  create: (body: GroupBody) => callApi(groupContracts.create, { body }),
  update: (id: number, body: GroupPatch) => callApi(groupContracts.update, { params: { id }, body }),
  remove: (id: number) => callApi(groupContracts.remove, { params: { id } }),
};
