import { apiKeyContracts, type ApiKeyCreateBody } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

export const apiKeyKeys = { all: ['api-keys'] as const };

export const apiKeysApi = {
  list: (signal?: AbortSignal) => callApi(apiKeyContracts.list, {}, { signal }),
  create: (body: ApiKeyCreateBody) => callApi(apiKeyContracts.create, { body }),
  revoke: (id: string) => callApi(apiKeyContracts.revoke, { params: { id } }),
};
