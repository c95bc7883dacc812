import type { CreateTopUpBody, TopUpSettings } from '@linedesk/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { authKeys } from '../../auth/api/auth-api';
import { ledgerKeys } from '../api/ledger-api';
import { topUpKeys, topUpsApi, type TopUpListParams, type TopUpPaymentInput } from '../api/topups-api';

export function useTopUps(params: TopUpListParams) {
  return useQuery({
    queryKey: topUpKeys.list(params),
    queryFn: ({ signal }) => topUpsApi.list(params, signal),
    placeholderData: (previous) => previous,
  });
}

/** One request, refreshed live by its `topup_requests` events (the key is under ['topups']). */
export function useTopUp(id: number) {
  return useQuery({
    queryKey: topUpKeys.one(id),
    queryFn: ({ signal }) => topUpsApi.get(id, signal),
    enabled: Number.isInteger(id),
    retry: false,
  });
}

/** A credited request's receipt; a reversal's `topup_requests` event refreshes it (under ['topups']). */
export function useTopUpReceipt(id: number) {
  return useQuery({
    queryKey: topUpKeys.receipt(id),
    queryFn: ({ signal }) => topUpsApi.receipt(id, signal),
    enabled: Number.isInteger(id),
    retry: false,
  });
}

export function useCreateTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTopUpBody) => topUpsApi.create(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topUpKeys.all }),
  });
}

export function useSubmitTopUpPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: TopUpPaymentInput }) => topUpsApi.submit(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topUpKeys.all }),
  });
}

/** A decision that moved credits: the requests, balances and ledgers on screen refresh. */
function refreshMovedCredits(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: topUpKeys.all }),
    queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
    queryClient.invalidateQueries({ queryKey: authKeys.me }),
    queryClient.invalidateQueries({ queryKey: ['accounts'] }),
  ]);
}

/** Approving moves credits, so balances and ledgers on screen refresh too. */
export function useDecideTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { id: number; approve: true } | { id: number; approve: false; reason: string }) =>
      decision.approve ? topUpsApi.approve(decision.id) : topUpsApi.reject(decision.id, decision.reason),
    onSettled: () => refreshMovedCredits(queryClient),
  });
}

/** Undoing a manual approval takes credits back: balances and ledgers on screen refresh too. */
export function useRevokeTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => topUpsApi.revoke(id, reason),
    onSettled: () => refreshMovedCredits(queryClient),
  });
}

export function useCancelTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => topUpsApi.cancel(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: topUpKeys.all }),
  });
}

export function useTopUpSettings() {
  return useQuery({ queryKey: topUpKeys.settings, queryFn: ({ signal }) => topUpsApi.settings(signal) });
}

export function useSaveTopUpSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TopUpSettings) => topUpsApi.saveSettings(body),
    onSuccess: (saved) => queryClient.setQueryData(topUpKeys.settings, saved),
  });
}
