import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi, authKeys } from '../../auth/api/auth-api';

export function useSessions() {
  return useQuery({
    queryKey: authKeys.sessions,
    queryFn: ({ signal }) => authApi.listSessions(signal),
    select: (data) => data.items,
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions }),
  });
}
