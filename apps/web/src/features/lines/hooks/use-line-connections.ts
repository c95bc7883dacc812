import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SharingSettingsBody } from '@linedesk/shared';
import { lineConnectionKeys, lineConnectionsApi } from '../api/line-connections-api';

export function useLineConnections(id: number) {
  return useQuery({
    queryKey: lineConnectionKeys.detail(id),
    queryFn: ({ signal }) => lineConnectionsApi.get(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useLineSharing(id: number) {
  return useQuery({
    queryKey: lineConnectionKeys.sharing(id),
    queryFn: ({ signal }) => lineConnectionsApi.sharing(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useKickConnection(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: string) => lineConnectionsApi.kick(id, connectionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lineConnectionKeys.detail(id) }),
  });
}

export function useOnlineByServer(enabled = true) {
  return useQuery({
    queryKey: lineConnectionKeys.onlineByServer,
    queryFn: ({ signal }) => lineConnectionsApi.onlineByServer(signal),
    enabled,
  });
}

export function useSharingSettings(enabled: boolean) {
  return useQuery({
    queryKey: lineConnectionKeys.sharingSettings,
    queryFn: ({ signal }) => lineConnectionsApi.sharingSettings(signal),
    enabled,
  });
}

export function useUpdateSharingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SharingSettingsBody) => lineConnectionsApi.updateSharingSettings(body),
    onSuccess: (settings) => queryClient.setQueryData(lineConnectionKeys.sharingSettings, settings),
  });
}
