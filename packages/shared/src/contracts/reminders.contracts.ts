import { defineContract } from '../contract.js';
import { reminderPreferenceSchema, reminderRunResultSchema, reminderSettingsSchema } from '../reminder.js';

const tags = ['reminders'];

export const getSettings = defineContract({
  method: 'GET',
  path: '/api/reminders/settings',
  access: 'signedIn',
  tags,
  summary: 'How many days ahead owners are reminded',
  response: reminderSettingsSchema,
});

export const setSettings = defineContract({
  method: 'PUT',
  path: '/api/reminders/settings',
  access: 'admin',
  tags,
  summary: 'Set the reminder window (admin)',
  body: reminderSettingsSchema,
  response: reminderSettingsSchema,
  errors: ['ADMIN_ONLY'],
});

export const getPreference = defineContract({
  method: 'GET',
  path: '/api/reminders/preference',
  access: 'signedIn',
  tags,
  summary: 'Whether I get expiry reminders',
  response: reminderPreferenceSchema,
});

export const setPreference = defineContract({
  method: 'PUT',
  path: '/api/reminders/preference',
  access: 'signedIn',
  tags,
  summary: 'Switch my expiry reminders on or off',
  body: reminderPreferenceSchema,
  response: reminderPreferenceSchema,
});

export const run = defineContract({
  method: 'POST',
  path: '/api/reminders/run',
  access: 'admin',
  tags,
  summary: 'Send due expiry reminders now (admin); the daily job does the same',
  response: reminderRunResultSchema,
  errors: ['ADMIN_ONLY'],
});
