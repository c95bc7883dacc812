import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  jsonb,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { authUsers } from './core.schema.js';

/** Internal messages: global, or addressed to one account. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    isGlobal: boolean('is_global').notNull().default(false),
    recipientId: text('recipient_id').references(() => authUsers.id, { onDelete: 'cascade' }),
    /** Null for messages the panel itself sends (top-up decisions, expiry reminders). */
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The notice (notification_outbox row) this message delivers; unique, so a delivery repeated
     * after a crash finds its message already there instead of writing a second one.
     */
    notificationId: bigint('notification_id', { mode: 'number' }),
    /**
     * What a message the panel wrote says, as a code (a notice kind, or another panel text) and its
     * values: the title and content are written from them in the reader's language each time it is
     * read, so a language switch changes old messages too. Null for messages people wrote, and for
     * panel messages older than the codes (those show the stored title and content).
     */
    textCode: text('text_code'),
    textParams: jsonb('text_params'),
  },
  (t) => [
    uniqueIndex('messages_notification_idx').on(t.notificationId),
    check('messages_target_check', sql`${t.isGlobal} or ${t.recipientId} is not null`),
    index('messages_recipient_idx').on(t.recipientId, t.createdAt),
    index('messages_global_idx').on(t.isGlobal, t.createdAt),
    // The panel messages older than the codes, which every start looks at again: without this, each
    // start of each instance would read through every message to find those few.
    index('messages_uncoded_idx')
      .on(t.id)
      .where(sql`${t.textCode} is null and ${t.createdBy} is null`),
  ],
);

/** Read state per account, so one user reading a global message leaves it unread for the others. */
export const messageReads = pgTable(
  'message_reads',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.accountId] }),
    index('message_reads_account_idx').on(t.accountId),
  ],
);
