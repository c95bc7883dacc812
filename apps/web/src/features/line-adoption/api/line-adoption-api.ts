import { lineAdoptionContracts, type AdoptionBody } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

/** Under ['servers', …]: a server's change event refreshes what its agent lists. */
export const lineAdoptionKeys = {
  unmanaged: (serverId: number) => ['servers', serverId, 'unmanaged-accounts'] as const,
};

export const lineAdoptionApi = {
  unmanaged: (serverId: number, signal?: AbortSignal) =>
    callApi(lineAdoptionContracts.listUnmanaged, { params: { id: serverId } }, { signal }),
  preview: (serverId: number, body: AdoptionBody) =>
    callApi(lineAdoptionContracts.preview, { params: { id: serverId }, body }),
  adopt: (serverId: number, body: AdoptionBody) =>
    callApi(lineAdoptionContracts.adopt, { params: { id: serverId }, body }),
};
