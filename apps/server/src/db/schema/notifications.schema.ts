import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { leaseColumns, retryColumns } from './columns.js';
import { authUsers } from './core.schema.js';

/**
 * One row per notice and channel, written by notify() in the transaction of the change it reports,
 * so a notice exists exactly when its cause committed. The delivery job leases due rows
 * (FOR UPDATE SKIP LOCKED), delivers them, and marks them delivered, or gives them their next attempt
 * with backoff, or — after the last attempt — `dead`, which the account sees on its Notifications page.
 * The text is rendered in the recipient's language when the notice is written.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    /** { title, content, link?, data } — the rendered text and the kind's facts (the webhook's `data`). */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'dead'] })
      .notNull()
      .default('pending'),
    ...retryColumns,
    ...leaseColumns,
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('notification_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('notification_outbox_recipient_idx').on(t.recipientId, t.createdAt),
    // Notices given up on, which /api/metrics counts at every scrape: delivered rows stay in the
    // table for good, so without it the count would read them all.
    index('notification_outbox_dead_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'dead'`),
  ],
);

/** An account's choice for one kind on one channel; a missing row means the kind's default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.channel] })],
);

/** Per account: the low-balance threshold and the webhook (its secret sealed with the data folder's key). */
export const notificationSettings = pgTable('notification_settings', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  balanceThreshold: integer('balance_threshold'),
  /** Set when the balance fell below the threshold and the account was told; cleared once it is back above. */
  balanceLowNotified: boolean('balance_low_notified').notNull().default(false),
  webhookUrl: text('webhook_url'),
  webhookSecretSealed: text('webhook_secret_sealed'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
