import type { CreditPackageBody } from '@linedesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pricingApi, pricingKeys } from '../api/pricing-api';

export function usePricing() {
  return useQuery({ queryKey: pricingKeys.pricing, queryFn: ({ signal }) => pricingApi.pricing(signal) });
}

/** Every package, the inactive ones included (admins' editor). */
export function useAllCreditPackages(enabled: boolean) {
  return useQuery({
    queryKey: pricingKeys.packages(true),
    queryFn: ({ signal }) => pricingApi.listPackages(true, signal),
    select: (data) => data.items,
    enabled,
  });
}

/** Create when `id` is null, otherwise update. */
export function useSaveCreditPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreditPackageBody }) =>
      id === null ? pricingApi.createPackage(body) : pricingApi.updatePackage(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pricingKeys.all }),
  });
}

export function useDeleteCreditPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => pricingApi.removePackage(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pricingKeys.all }),
  });
}
