import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LedgerReason } from '@linedesk/shared';
import { authUsers } from './core.schema.js';

/**
 * Every change of a balance appends one row here in the same transaction that changes
 * auth_users.credits, so the sum of an account's deltas always equals its balance.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').$type<LedgerReason>().notNull(),
    /** Who caused it (an admin adding credits, the reseller buying a line); null for the system. */
    actorId: text('actor_id').references(() => authUsers.id, { onDelete: 'set null' }),
    /** What it is about, e.g. ('line', '42') or ('redeem_code', '7'). */
    refType: text('ref_type'),
    refId: text('ref_id'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('credit_ledger_balance_after_not_negative', sql`${t.balanceAfter} >= 0`),
    index('credit_ledger_account_idx').on(t.accountId, t.createdAt),
    index('credit_ledger_created_idx').on(t.createdAt),
  ],
);
