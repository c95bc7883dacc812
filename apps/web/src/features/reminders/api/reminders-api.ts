import { reminderContracts, type ReminderPreference, type ReminderSettings } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

export const reminderKeys = {
  // Under 'settings' so an app_settings event refreshes the window everywhere.
  settings: ['settings', 'reminders'] as const,
  preference: ['reminders', 'preference'] as const,
};

export const remindersApi = {
  settings: (signal?: AbortSignal) => callApi(reminderContracts.getSettings, {}, { signal }),
  saveSettings: (body: ReminderSettings) => callApi(reminderContracts.setSettings, { body }),
  preference: (signal?: AbortSignal) => callApi(reminderContracts.getPreference, {}, { signal }),
  savePreference: (body: ReminderPreference) => callApi(reminderContracts.setPreference, { body }),
};
