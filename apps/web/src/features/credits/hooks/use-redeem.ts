import type { CreateRedeemCodesBody, RedeemCodePatch } from '@linedesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '../../auth/api/auth-api';
import { ledgerKeys } from '../api/ledger-api';
import { redeemApi, redeemKeys, type PageParams } from '../api/redeem-api';

export function useRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => redeemApi.redeem(code),
    // A failed attempt is recorded in the history too, so it refreshes either way; the balance and
    // the group (3 → 2 on the first credits) come with `me`.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.me }),
        queryClient.invalidateQueries({ queryKey: redeemKeys.all }),
        queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
      ]),
  });
}

export function useRedeemHistory(params: PageParams) {
  return useQuery({
    queryKey: redeemKeys.history(params),
    queryFn: ({ signal }) => redeemApi.history(params, signal),
    placeholderData: (previous) => previous,
  });
}

export function useRedeemCodes(params: PageParams) {
  return useQuery({
    queryKey: redeemKeys.codes(params),
    queryFn: ({ signal }) => redeemApi.listCodes(params, signal),
    placeholderData: (previous) => previous,
  });
}

export function useCreateRedeemCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRedeemCodesBody) => redeemApi.createCodes(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: redeemKeys.all }),
  });
}

export function useUpdateRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RedeemCodePatch }) => redeemApi.updateCode(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: redeemKeys.all }),
  });
}

export function useDeleteRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => redeemApi.removeCode(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: redeemKeys.all }),
  });
}
