import { useQuery } from '@tanstack/react-query';
import { authApi, authKeys } from '../api/auth-api';

export function useMe() {
  return useQuery({
    queryKey: authKeys.me,
    queryFn: ({ signal }) => authApi.getMe(signal),
    staleTime: 30_000,
  });
}
