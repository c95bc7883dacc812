import type { AccountPatch, CreateAccountBody } from '@linedesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '../../auth/api/auth-api';
import { ledgerKeys } from '../../credits/api/ledger-api';
import { accountKeys, accountsApi, type AccountListParams } from '../api/accounts-api';

export function useAccounts(params: AccountListParams) {
  return useQuery({
    queryKey: accountKeys.list(params),
    queryFn: ({ signal }) => accountsApi.list(params, signal),
    placeholderData: (previous) => previous,
  });
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccountBody) => accountsApi.create(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AccountPatch }) => accountsApi.update(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
        // Moving one's own group or notes shows in the header too.
        queryClient.invalidateQueries({ queryKey: authKeys.me }),
      ]),
  });
}

export type CreditAction = 'add' | 'set' | 'transfer';

/** Add (holders of add_credits), set (admins) or transfer from one's own balance (resellers). */
export function useChangeCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
      amount,
      note,
    }: {
      id: string;
      action: CreditAction;
      amount: number;
      note?: string;
    }) => {
      if (action === 'set') return accountsApi.setCredits(id, amount, note);
      if (action === 'transfer') return accountsApi.transfer(id, amount, note);
      return accountsApi.addCredits(id, amount, note);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
        queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.me }),
      ]),
  });
}

export function useEndAccountSessions() {
  return useMutation({ mutationFn: (id: string) => accountsApi.endSessions(id) });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: (id: string) => accountsApi.resendConfirmation(id) });
}

export function useAcceptInvite() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      accountsApi.acceptInvite(token, password),
  });
}
