import type { Me } from '@linedesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, authKeys } from '../../auth/api/auth-api';
import { apiKeyKeys } from '../../api-keys/api/api-keys-api';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.updateMe,
    onSuccess: (me: Me) => queryClient.setQueryData(authKeys.me, me),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.changePassword,
    // The server ended the other sessions and every API key.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.sessions }),
        queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
      ]),
  });
}
