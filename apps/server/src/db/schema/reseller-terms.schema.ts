import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ResellerPriceMode } from '@linedesk/shared';
import { authUsers, groups } from './core.schema.js';
import { linePlans } from './lines.schema.js';

/**
 * An account's own prices: per plan and duration, fixed credits or the plan's price ± a percentage.
 * A duration without a row costs the plan's price.
 */
export const resellerPrices = pgTable(
  'reseller_prices',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => linePlans.id, { onDelete: 'cascade' }),
    months: integer('months').notNull(),
    mode: text('mode').$type<ResellerPriceMode>().notNull(),
    value: integer('value').notNull(),
    setBy: text('set_by').references(() => authUsers.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.planId, t.months] }),
    check('reseller_prices_mode_check', sql`${t.mode} in ('fixed', 'percent')`),
  ],
);

/**
 * A tier's prices: the price list of a group (the reseller groups an admin makes, such as "Gold"),
 * paid by every account of the group for a plan and duration its own list (reseller_prices) does not
 * price. The same rule shapes as an account's own list.
 */
export const groupPrices = pgTable(
  'group_prices',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => linePlans.id, { onDelete: 'cascade' }),
    months: integer('months').notNull(),
    mode: text('mode').$type<ResellerPriceMode>().notNull(),
    value: integer('value').notNull(),
    setBy: text('set_by').references(() => authUsers.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.planId, t.months] }),
    check('group_prices_mode_check', sql`${t.mode} in ('fixed', 'percent')`),
  ],
);

/**
 * An account's limits (no row: none, and a credit limit of 0). `max_lines` and the allowed plans and
 * servers hold for the account's whole subtree; the rest for the account itself.
 */
export const resellerLimits = pgTable(
  'reseller_limits',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    maxLines: integer('max_lines'),
    allowedPlanIds: integer('allowed_plan_ids').array(),
    allowedServerIds: integer('allowed_server_ids').array(),
    trialsPerDay: integer('trials_per_day'),
    trialMinBalance: integer('trial_min_balance').notNull().default(0),
    subResellerDepth: integer('sub_reseller_depth'),
    subResellerPrice: integer('sub_reseller_price').notNull().default(0),
    /** How far below 0 a spend may take the balance; read by the credit ledger's guarded UPDATE. */
    creditLimit: integer('credit_limit').notNull().default(0),
    setBy: text('set_by').references(() => authUsers.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('reseller_limits_credit_limit_check', sql`${t.creditLimit} >= 0`)],
);
