import type { AdoptionBody } from '@linedesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lineAdoptionApi, lineAdoptionKeys } from '../api/line-adoption-api';

/** The server's accounts its agent does not manage, read from the agent. */
export function useUnmanagedAccounts(serverId: number) {
  return useQuery({
    queryKey: lineAdoptionKeys.unmanaged(serverId),
    queryFn: ({ signal }) => lineAdoptionApi.unmanaged(serverId, signal),
    retry: false,
  });
}

export function useAdoptionPreview(serverId: number) {
  return useMutation({ mutationFn: (body: AdoptionBody) => lineAdoptionApi.preview(serverId, body) });
}

export function useAdoptAccounts(serverId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdoptionBody) => lineAdoptionApi.adopt(serverId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lineAdoptionKeys.unmanaged(serverId) }),
  });
}
