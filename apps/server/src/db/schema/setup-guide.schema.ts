import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { authUsers } from './core.schema.js';

/** Per admin: whether the dashboard's first-run guide is hidden (each admin decides for themselves). */
export const setupGuidePreferences = pgTable('setup_guide_preferences', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  hidden: boolean('hidden').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
