import type { GroupBody, ResellerPrice } from '@linedesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { linePlanKeys } from '../../line-plans/api/line-plans-api';
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

/** A tier's (group's) price list. */
export function useTierPrices(id: number | null) {
  return useQuery({
    queryKey: groupKeys.prices(id ?? 0),
    queryFn: ({ signal }) => groupsApi.prices(id!, signal),
    enabled: id !== null,
  });
}

export function useSaveTierPrices(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prices: ResellerPrice[]) => groupsApi.setPrices(id, prices),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: groupKeys.prices(id) });
      await queryClient.invalidateQueries({ queryKey: linePlanKeys.all });
    },
  });
}
