import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServerCreateBody, ServerPatchBody } from '@linedesk/shared';
import { serverKeys, serversApi, type ServerListParams } from '../api/servers-api';

/** The API's largest page: the check and test pages list every server on one screen. */
export const ALL_SERVERS: ServerListParams = { page: 1, pageSize: 100 };

export function useServers(params: ServerListParams) {
  return useQuery({
    queryKey: serverKeys.list(params),
    queryFn: ({ signal }) => serversApi.list(params, signal),
    placeholderData: (previous) => previous,
  });
}

export function useCreateServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServerCreateBody) => serversApi.create(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serverKeys.all }),
  });
}

export function useUpdateServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ServerPatchBody }) => serversApi.update(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serverKeys.all }),
  });
}

export function useSetServerStandby() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, standbyId }: { id: number; standbyId: number | null }) =>
      serversApi.setStandby(id, standbyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serverKeys.all }),
  });
}

/** Moves the server's lines onto its standby (a server move): the lines and servers refresh. */
export function usePromoteServerStandby() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: serversApi.promoteStandby,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serverKeys.all }),
  });
}

export function useDeleteServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: serversApi.remove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serverKeys.all }),
  });
}

export function useTestServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: serversApi.test,
    onSettled: () => queryClient.invalidateQueries({ queryKey: serverKeys.all }),
  });
}

export function useCheckAllServers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: serversApi.checkAll,
    onSettled: () => queryClient.invalidateQueries({ queryKey: serverKeys.all }),
  });
}

export function useAgentCall() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Parameters<typeof serversApi.callAgent>[1] }) =>
      serversApi.callAgent(id, body),
  });
}

export function useInstallCommand() {
  return useMutation({ mutationFn: serversApi.installCommand });
}

/** The agent version the panel serves: a server whose agent reports an older one is offered the update. */
export function useAgentRelease() {
  return useQuery({
    queryKey: serverKeys.agentRelease,
    queryFn: ({ signal }) => serversApi.agentRelease(signal),
    staleTime: 5 * 60_000,
  });
}
