import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeyKeys, apiKeysApi } from '../api/api-keys-api';

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.all, queryFn: ({ signal }) => apiKeysApi.list(signal) });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: apiKeysApi.create,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: apiKeysApi.revoke,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
