import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationKeys, notificationsApi } from '../api/notifications-api';

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => notificationsApi.preferences(signal),
  });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: notificationsApi.savePreferences,
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.preferences, data),
  });
}

/** Webhook changes alter which channels are ready and what is queued: both lists are read again. */
function useWebhookMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

export const useSetWebhook = () => useWebhookMutation(notificationsApi.setWebhook);
export const useRemoveWebhook = () => useWebhookMutation(notificationsApi.removeWebhook);
export const useRotateWebhookSecret = () => useWebhookMutation(notificationsApi.rotateSecret);
export const useTestWebhook = () => useWebhookMutation(notificationsApi.testWebhook);
export const useSendTestNotice = () => useWebhookMutation(notificationsApi.sendTest);
export const useRetryDelivery = () => useWebhookMutation(notificationsApi.retry);

export function useDeliveryFailures() {
  return useQuery({
    queryKey: notificationKeys.deliveries,
    queryFn: ({ signal }) => notificationsApi.deliveries(signal),
    // Retries run in the background: what is still failing is read again while the page is open.
    refetchInterval: 10_000,
  });
}
