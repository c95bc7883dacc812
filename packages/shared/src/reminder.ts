import { z } from 'zod';

/** Expiry reminders: owners hear of their lines before they expire. */
export const DEFAULT_REMINDER_DAYS = 3;

export const reminderSettingsSchema = z.object({ days: z.number().int().min(1).max(60) });
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

export const reminderPreferenceSchema = z.object({ enabled: z.boolean() });
export type ReminderPreference = z.infer<typeof reminderPreferenceSchema>;

export const reminderRunResultSchema = z.object({
  /** Owners who got a message in this run, and the lines listed in them. */
  owners: z.number().int(),
  lines: z.number().int(),
  days: z.number().int(),
  /** Customers (lines with an email) mailed their own reminder in this run. */
  customers: z.number().int(),
});
export type ReminderRunResult = z.infer<typeof reminderRunResultSchema>;
