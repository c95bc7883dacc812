import type { GroupBody } from '@linedesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { groupKeys, groupsApi } from '../api/groups-api';

export function useGroups() {
  return useQuery({
    queryKey: groupKeys.all,
    queryFn: ({ signal }) => groupsApi.list(signal),
    select: (data) => data.items,
  });
}

/** Create when `id` is null, otherwise update. */
export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: GroupBody }) =>
      id === null ? groupsApi.create(body) : groupsApi.update(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: groupsApi.remove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
