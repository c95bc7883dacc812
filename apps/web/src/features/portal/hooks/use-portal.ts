import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortalMe } from '@linedesk/shared';
import { portalApi, portalKeys } from '../api/portal-api';

/** The signed-in customer's line; null when no one is signed in to the portal. */
export function usePortalMe() {
  return useQuery({
    queryKey: portalKeys.me,
    queryFn: ({ signal }): Promise<PortalMe | null> => portalApi.me(signal),
    // The line page shows who is connected now: read it again now and then while it is open.
    refetchInterval: 30_000,
  });
}

function useSetMe() {
  const queryClient = useQueryClient();
  return (me: PortalMe | null) => queryClient.setQueryData(portalKeys.me, me);
}

export function usePortalSignIn() {
  const setMe = useSetMe();
  return useMutation({ mutationFn: portalApi.signIn, onSuccess: setMe });
}

export function usePortalSignOut() {
  const setMe = useSetMe();
  return useMutation({ mutationFn: portalApi.signOut, onSuccess: () => setMe(null) });
}

export function usePortalActivate() {
  const setMe = useSetMe();
  return useMutation({ mutationFn: portalApi.activate, onSuccess: (result) => setMe(result.me) });
}

export function usePortalChangePassword() {
  const setMe = useSetMe();
  return useMutation({ mutationFn: portalApi.changePassword, onSuccess: setMe });
}

/** Asks the line's reseller to renew it (once a day). */
export function usePortalRequestRenewal() {
  return useMutation({ mutationFn: portalApi.requestRenewal });
}

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
