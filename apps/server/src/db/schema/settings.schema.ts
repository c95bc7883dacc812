import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Admin-editable settings (trial length, contact details, reminder days ...), one row per key. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
