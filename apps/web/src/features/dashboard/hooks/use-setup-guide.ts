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

export function useSignUpSettings(enabled: boolean) {
  return useQuery({
    queryKey: setupGuideKeys.signUp,
    queryFn: ({ signal }) => setupGuideApi.getSignUp(signal),
    enabled,
  });
}

/** The guide's sign-up question: the answer is stored, and the guide ticks the step. */
export function useSetSignUpOpen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (open: boolean) => setupGuideApi.setSignUp(open),
    onSuccess: async (settings) => {
      queryClient.setQueryData(setupGuideKeys.signUp, settings);
      await queryClient.invalidateQueries({ queryKey: setupGuideKeys.guide });
    },
  });
}
