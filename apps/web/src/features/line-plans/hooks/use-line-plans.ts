import type { LinePlanBody, LinePlanPatch } from '@linedesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { linePlanKeys, linePlansApi } from '../api/line-plans-api';

/** Plans a line can be sold on; admins may include the archived ones. */
export function useLinePlans(includeArchived = false) {
  return useQuery({
    queryKey: linePlanKeys.list(includeArchived),
    queryFn: ({ signal }) => linePlansApi.list(includeArchived, signal),
    select: (data) => data.items,
  });
}

/** Create when `id` is null, otherwise update (an archive is an update too). */
export function useSaveLinePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: LinePlanBody | LinePlanPatch }) =>
      id === null
        ? linePlansApi.create(body as LinePlanBody)
        : linePlansApi.update(id, body as LinePlanPatch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linePlanKeys.all }),
  });
}
