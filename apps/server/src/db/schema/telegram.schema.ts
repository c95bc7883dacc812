import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { authUsers } from './core.schema.js';

/** The Telegram chat an account gets its bot messages in and sends its commands from. */
export const telegramLinks = pgTable('telegram_links', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  /** One chat speaks for one account: linking it again moves it. */
  chatId: bigint('chat_id', { mode: 'number' }).notNull().unique(),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  /** The chat's @username or name when it linked, so the owner can tell whose chat it is. */
  chatName: text('chat_name'),
});

/**
 * One-time codes an account sends to the bot as `/start <code>`. Only a SHA-256 of the code is kept;
 * a used code stays (with `used_at`) until it expires, so the bot can say "already used" rather
 * than "unknown".
 */
export const telegramLinkCodes = pgTable(
  'telegram_link_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('telegram_link_codes_account_idx').on(t.accountId)],
);

/**
 * Who reads the bot's updates: one row (id 1), held by one app instance at a time until
 * `lease_until`, with the offset of the next update to ask Telegram for, so an instance that takes
 * over goes on where the last one stopped.
 */
export const telegramPoller = pgTable('telegram_poller', {
  id: integer('id').primaryKey(),
  holder: text('holder').notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  nextOffset: bigint('next_offset', { mode: 'number' }).notNull().default(0),
});
