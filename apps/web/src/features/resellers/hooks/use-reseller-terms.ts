import type { ResellerLimits, ResellerPrice } from '@linedesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { linePlanKeys } from '../../line-plans/api/line-plans-api';
import { resellerTermsApi, resellerTermsKeys } from '../api/reseller-terms-api';

export function useResellerTerms(id: string | null) {
  return useQuery({
    queryKey: resellerTermsKeys.one(id ?? ''),
    queryFn: ({ signal }) => resellerTermsApi.get(id!, signal),
    enabled: id !== null,
  });
}

export function useSaveResellerTerms(id: string) {
  const queryClient = useQueryClient();
  const onSuccess = async () => {
    await queryClient.invalidateQueries({ queryKey: resellerTermsKeys.one(id) });
    await queryClient.invalidateQueries({ queryKey: linePlanKeys.all });
  };
  return {
    prices: useMutation({
      mutationFn: (prices: ResellerPrice[]) => resellerTermsApi.setPrices(id, prices),
      onSuccess,
    }),
    limits: useMutation({
      mutationFn: (limits: ResellerLimits) => resellerTermsApi.setLimits(id, limits),
      onSuccess,
    }),
  };
}
