import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setupGuideApi, setupGuideKeys } from '../api/setup-guide-api';

export function useSetupGuide(enabled: boolean) {
  return useQuery({
    queryKey: setupGuideKeys.guide,
    queryFn: ({ signal }) => setupGuideApi.get(signal),
    enabled,
  });
}

export function useSetSetupGuideHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hidden: boolean) => setupGuideApi.setHidden(hidden),
    onSuccess: (guide) => queryClient.setQueryData(setupGuideKeys.guide, guide),
  });
}
