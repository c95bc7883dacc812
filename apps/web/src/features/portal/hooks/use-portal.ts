import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi, portalKeys } from '../api/portal-api';

/** `enabled` false for an account that sells no lines: it has no portal, and the server refuses it. */
export function usePortalSettings(enabled: boolean) {
  return useQuery({
    queryKey: portalKeys.settings,
    queryFn: ({ signal }) => portalApi.settings(signal),
    enabled,
  });
}

export function useSavePortalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: portalApi.saveSettings,
    onSuccess: (data) => queryClient.setQueryData(portalKeys.settings, data),
  });
}
