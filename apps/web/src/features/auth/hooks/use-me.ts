import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi, authKeys } from '../api/auth-api';

/** Who is signed in: the account, or null for nobody. */
export const meQuery = queryOptions({
  queryKey: authKeys.me,
  queryFn: ({ signal }) => authApi.getMe(signal),
  staleTime: 30_000,
});

export function useMe() {
  return useQuery(meQuery);
}
