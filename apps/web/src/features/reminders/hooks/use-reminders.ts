import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reminderKeys, remindersApi } from '../api/reminders-api';

export function useReminderSettings() {
  return useQuery({
    queryKey: reminderKeys.settings,
    queryFn: ({ signal }) => remindersApi.settings(signal),
  });
}

export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remindersApi.saveSettings,
    onSuccess: (data) => queryClient.setQueryData(reminderKeys.settings, data),
  });
}

export function useReminderPreference() {
  return useQuery({
    queryKey: reminderKeys.preference,
    queryFn: ({ signal }) => remindersApi.preference(signal),
  });
}

export function useSaveReminderPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remindersApi.savePreference,
    onSuccess: (data) => queryClient.setQueryData(reminderKeys.preference, data),
  });
}
