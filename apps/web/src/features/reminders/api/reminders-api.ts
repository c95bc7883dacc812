import type { ReminderPreference, ReminderSettings } from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

export const reminderKeys = {
  // Under 'settings' so an app_settings event refreshes the window everywhere.
  settings: ['settings', 'reminders'] as const,
  preference: ['reminders', 'preference'] as const,
};

export const remindersApi = {
  settings: (signal?: AbortSignal) => apiClient.get<ReminderSettings>('/api/reminders/settings', { signal }),
  saveSettings: (body: ReminderSettings) => apiClient.put<ReminderSettings>('/api/reminders/settings', body),
  preference: (signal?: AbortSignal) =>
    apiClient.get<ReminderPreference>('/api/reminders/preference', { signal }),
  savePreference: (body: ReminderPreference) =>
    apiClient.put<ReminderPreference>('/api/reminders/preference', body),
};
