import {
  resellerTermsContracts,
  type ResellerLimits,
  type ResellerPrice,
  type StaffBody,
} from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

/** Under ['accounts'], so an `auth_users` live event (terms saved elsewhere) refreshes it. */
export const resellerTermsKeys = {
  one: (id: string) => ['accounts', 'terms', id] as const,
};

export const resellerTermsApi = {
  get: (id: string, signal?: AbortSignal) =>
    callApi(resellerTermsContracts.get, { params: { id } }, { signal }),
  setPrices: (id: string, prices: ResellerPrice[]) =>
    callApi(resellerTermsContracts.setPrices, { params: { id }, body: { prices } }),
  setLimits: (id: string, limits: ResellerLimits) =>
    callApi(resellerTermsContracts.setLimits, { params: { id }, body: limits }),
  setStaff: (id: string, body: StaffBody) =>
    callApi(resellerTermsContracts.setStaff, { params: { id }, body }),
};
