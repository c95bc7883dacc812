import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { authUsers } from './core.schema.js';

/**
 * One row per (line, expiry date) an owner was reminded of. Inserting it is the claim: a second run,
 * or a second app instance, finds the row and sends nothing, so each expiry is announced once; a
 * renewed line has a new expiry date and gets a new reminder in its time.
 */
export const expiryReminders = pgTable(
  'expiry_reminders',
  {
    lineId: integer('line_id').notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lineId, t.expiryDate] }), index('expiry_reminders_sent_idx').on(t.sentAt)],
);
