import type { BillingDetailsInput, SellerDetailsInput } from '@linedesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingApi, billingKeys } from '../api/billing-api';
import { topUpKeys } from '../api/topups-api';

export function useSellerDetails() {
  return useQuery({ queryKey: billingKeys.seller, queryFn: ({ signal }) => billingApi.seller(signal) });
}

/** Receipts show the seller as it is now: open receipts refresh. */
export function useSaveSellerDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerDetailsInput) => billingApi.saveSeller(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(billingKeys.seller, saved);
      return queryClient.invalidateQueries({ queryKey: topUpKeys.all });
    },
  });
}

export function useMyBilling() {
  return useQuery({ queryKey: billingKeys.mine, queryFn: ({ signal }) => billingApi.mine(signal) });
}

export function useSaveMyBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingDetailsInput) => billingApi.saveMine(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(billingKeys.mine, saved);
      return queryClient.invalidateQueries({ queryKey: topUpKeys.all });
    },
  });
}
