import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ActivationCodeState } from '@linedesk/shared';
import { authUsers } from './core.schema.js';
import { linePlans, lines } from './lines.schema.js';

/**
 * Prepaid line codes: a reseller buys a line (plan, months or a trial) now and a customer's line is
 * made from it later, its term starting that day. The code is kept readable (unlike redeem codes,
 * which keep only a hash) because its owner prints and hands it out again; it is only ever shown to
 * its owner and admins. `charged` is what generating it cost, refunded in full when it is voided.
 */
export const activationCodes = pgTable(
  'activation_codes',
  {
    id: serial('id').primaryKey(),
    /** 16 characters without look-alikes, stored without the dashes it is shown with. */
    code: text('code').notNull().unique(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => linePlans.id),
    /** Months the line runs; null for a trial. */
    subscriptionMonths: integer('subscription_months'),
    isTrial: boolean('is_trial').notNull().default(false),
    charged: integer('charged').notNull(),
    state: text('state').$type<ActivationCodeState>().notNull().default('unused'),
    /** Unused until then, the code is voided and refunded by the expiry job. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** The line made or renewed by the activation; null again if that line is deleted. */
    lineId: integer('line_id').references(() => lines.id, { onDelete: 'set null' }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    check('activation_codes_state_check', sql`${t.state} in ('unused', 'activated', 'void')`),
    check('activation_codes_charged_not_negative', sql`${t.charged} >= 0`),
    check(
      'activation_codes_term_check',
      sql`(${t.isTrial} and ${t.subscriptionMonths} is null) or (not ${t.isTrial} and ${t.subscriptionMonths} > 0)`,
    ),
    index('activation_codes_owner_idx').on(t.ownerId, t.id),
    // The expiry job reads only unused codes with a validity.
    index('activation_codes_valid_until_idx')
      .on(t.validUntil)
      .where(sql`${t.state} = 'unused' and ${t.validUntil} is not null`),
  ],
);
