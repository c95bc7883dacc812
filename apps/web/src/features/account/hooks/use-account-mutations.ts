import type { Me } from '@linedesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, authKeys } from '../../auth/api/auth-api';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions }),
  });
}
