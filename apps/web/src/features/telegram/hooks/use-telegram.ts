import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { telegramApi, telegramKeys } from '../api/telegram-api';

export function useTelegramSettings(enabled: boolean) {
  return useQuery({
    queryKey: telegramKeys.settings,
    queryFn: ({ signal }) => telegramApi.settings(signal),
    enabled,
  });
}

export function useSaveTelegramSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: telegramApi.saveSettings,
    onSuccess: (data) => {
      queryClient.setQueryData(telegramKeys.settings, data);
      void queryClient.invalidateQueries({ queryKey: telegramKeys.link });
    },
  });
}

export function useTestTelegram() {
  return useMutation({ mutationFn: telegramApi.test });
}

/** The caller's link; a `telegram_links` event (the bot linked or unlinked the chat) refreshes it. */
export function useTelegramLink() {
  return useQuery({ queryKey: telegramKeys.link, queryFn: ({ signal }) => telegramApi.link(signal) });
}

export function useTelegramLinkCode() {
  return useMutation({ mutationFn: telegramApi.createCode });
}

export function useUnlinkTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: telegramApi.unlink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: telegramKeys.link }),
  });
}
