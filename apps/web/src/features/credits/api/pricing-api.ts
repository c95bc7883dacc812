import type { CreditPackage, CreditPackageBody, CreditPackagePatch, Pricing } from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

/** Under ['credit-packages'], the key a `credit_packages` live event refreshes. */
export const pricingKeys = {
  all: ['credit-packages'] as const,
  pricing: ['credit-packages', 'pricing'] as const,
  packages: (includeInactive: boolean) => ['credit-packages', 'list', { includeInactive }] as const,
};

export const pricingApi = {
  pricing: (signal?: AbortSignal) => apiClient.get<Pricing>('/api/pricing', { signal }),
  listPackages: (includeInactive: boolean, signal?: AbortSignal) =>
    apiClient.get<{ items: CreditPackage[] }>(
      `/api/credit-packages${includeInactive ? '?include_inactive=true' : ''}`,
      { signal },
    ),
  createPackage: (body: CreditPackageBody) => apiClient.post<CreditPackage>('/api/credit-packages', body),
  updatePackage: (id: number, body: CreditPackagePatch) =>
    apiClient.patch<CreditPackage>(`/api/credit-packages/${id}`, body),
  removePackage: (id: number) => apiClient.delete(`/api/credit-packages/${id}`),
};
