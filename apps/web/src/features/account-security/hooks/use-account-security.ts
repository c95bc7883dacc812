import type { Me } from '@linedesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '../../auth/api/auth-api';
import { apiKeyKeys } from '../../api-keys/api/api-keys-api';
import { accountSecurityApi, accountSecurityKeys } from '../api/account-security-api';

export function useForgotPassword() {
  return useMutation({ mutationFn: accountSecurityApi.forgotPassword });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountSecurityApi.resetPassword,
    // The reset ended every session of the account, this browser's included.
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.me, null);
    },
  });
}

/** Every step that answers with the account (code at sign-in, turning it on or off) updates `me`. */
function useMeMutation<T>(mutationFn: (value: T) => Promise<Me>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (me: Me) => queryClient.setQueryData(authKeys.me, me),
  });
}

export function useVerifyTwoFactor() {
  return useMeMutation(accountSecurityApi.verifyTwoFactor);
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: accountSecurityApi.enableTwoFactor });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountSecurityApi.confirmTwoFactor,
    onSuccess: async (me: Me, body) => {
      queryClient.setQueryData(authKeys.me, me);
      if (body.revoke_api_keys) await queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
  });
}

export function useDisableTwoFactor() {
  return useMeMutation(accountSecurityApi.disableTwoFactor);
}

export function useSecuritySettings(enabled: boolean) {
  return useQuery({
    queryKey: accountSecurityKeys.settings,
    queryFn: ({ signal }) => accountSecurityApi.getSettings(signal),
    enabled,
  });
}

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountSecurityApi.updateSettings,
    onSuccess: (settings) => queryClient.setQueryData(accountSecurityKeys.settings, settings),
  });
}
