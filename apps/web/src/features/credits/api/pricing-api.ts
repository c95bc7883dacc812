import { pricingContracts, type CreditPackageBody, type CreditPackagePatch } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

/** Under ['credit-packages'], the key a `credit_packages` live event refreshes. */
export const pricingKeys = {
  all: ['credit-packages'] as const,
  pricing: ['credit-packages', 'pricing'] as const,
  packages: (includeInactive: boolean) => ['credit-packages', 'list', { includeInactive }] as const,
};

export const pricingApi = {
  pricing: (signal?: AbortSignal) => callApi(pricingContracts.getPricing, {}, { signal }),
  listPackages: (includeInactive: boolean, signal?: AbortSignal) =>
    callApi(
      pricingContracts.listPackages,
      { query: { include_inactive: includeInactive ? 'true' : undefined } },
      { signal },
    ),
  createPackage: (body: CreditPackageBody) => callApi(pricingContracts.createPackage, { body }),
  updatePackage: (id: number, body: CreditPackagePatch) =>
    callApi(pricingContracts.updatePackage, { params: { id }, body }),
  removePackage: (id: number) => callApi(pricingContracts.deletePackage, { params: { id } }),
};
