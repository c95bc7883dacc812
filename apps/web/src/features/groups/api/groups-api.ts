import {
  groupContracts,
  resellerTermsContracts,
  type GroupBody,
  type GroupPatch,
  type ResellerPrice,
} from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

export const groupKeys = {
  all: ['groups'] as const,
  prices: (id: number) => ['groups', 'prices', id] as const,
};

export const groupsApi = {
  list: (signal?: AbortSignal) => callApi(groupContracts.list, {}, { signal }),
  create: (body: GroupBody) => callApi(groupContracts.create, { body }),
  update: (id: number, body: GroupPatch) => callApi(groupContracts.update, { params: { id }, body }),
  remove: (id: number) => callApi(groupContracts.remove, { params: { id } }),
  prices: (id: number, signal?: AbortSignal) =>
    callApi(resellerTermsContracts.getTierPrices, { params: { id } }, { signal }),
  setPrices: (id: number, prices: ResellerPrice[]) =>
    callApi(resellerTermsContracts.setTierPrices, { params: { id }, body: { prices } }),
};
