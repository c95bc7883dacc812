import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setupGuideApi, setupGuideKeys } from '../api/setup-guide-api';

/** Admins' first-run guide (the endpoint is admin-only). */
export const setupGuideQuery = queryOptions({
  queryKey: setupGuideKeys.guide,
  queryFn: ({ signal }) => setupGuideApi.get(signal),
});

export function useSetupGuide(enabled: boolean) {
  return useQuery({ ...setupGuideQuery, enabled });
}

export function useSetSetupGuideHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hidden: boolean) => setupGuideApi.setHidden(hidden),
    onSuccess: (guide) => queryClient.setQueryData(setupGuideKeys.guide, guide),
  });
}
