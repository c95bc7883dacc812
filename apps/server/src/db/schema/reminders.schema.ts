import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { authUsers } from './core.schema.js';
import { lines } from './lines.schema.js';

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
    /**
     * The claim this row was inserted by (`expiry_reminder_batches`); null on rows claimed before
     * rounds claimed in batches, which were all told in the transaction that claimed them.
     */
    batchId: integer('batch_id'),
  },
  (t) => [
    primaryKey({ columns: [t.lineId, t.expiryDate] }),
    index('expiry_reminders_sent_idx').on(t.sentAt),
    index('expiry_reminders_batch_idx').on(t.batchId),
  ],
);

/**
 * One row per batch of an owner's lines claimed (at most a few hundred lines, in a statement of its
 * own) whose digest is not written yet. A round claims an owner's lines batch by batch, then writes
 * the owner's one digest and deletes the owner's batches in one transaction: a batch is in exactly
 * one digest, and the batches of a round that stopped half-way are told by the next round.
 */
export const expiryReminderBatches = pgTable(
  'expiry_reminder_batches',
  {
    id: serial('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [index('expiry_reminder_batches_owner_idx').on(t.ownerId)],
);

/**
 * One row per (line, expiry date) whose customer was mailed a reminder: the same claim as
 * `expiry_reminders`, kept apart because the owner's digest and the customer's mail are sent (and
 * switched) independently. A renewal gives the line a new expiry date, which is reminded afresh.
 */
export const customerExpiryReminders = pgTable(
  'customer_expiry_reminders',
  {
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id, { onDelete: 'cascade' }),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lineId, t.expiryDate] })],
);

/**
 * When a line's customer last asked their reseller (from the portal) to renew it: one ask a day, so
 * a customer tapping the button again does not flood the reseller's messages. The ask stays on the
 * reseller's to-do list while the line still ends on the day it ended when asked (any renewal moves
 * that day on, whoever renews it and however) and the reseller has not dismissed it.
 */
export const lineRenewalRequests = pgTable(
  'line_renewal_requests',
  {
    lineId: integer('line_id')
      .primaryKey()
      .references(() => lines.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** The line's expiry date when asked; null for asks recorded before the to-do list had them. */
    expiryDate: date('expiry_date', { mode: 'string' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  // The to-do list reads the open asks, newest first.
  (t) => [
    index('line_renewal_requests_open_idx')
      .on(t.requestedAt)
      .where(sql`${t.dismissedAt} is null`),
  ],
);

/**
 * A line's customer asking (from the portal) for a freeze: from which day and for how many days,
 * within the admin's freeze limits. Open until the line's owner approves it (the line is frozen by
 * the panel's freeze, the one rule) or refuses it; one ask per line at a time. Approved for a later
 * day, it is `scheduled` until the `line-freeze-start` job freezes the line on that day (`approved`)
 * or finds it can no longer be frozen (`failed`); the owner may cancel it meanwhile (`refused`).
 */
export const lineFreezeRequests = pgTable(
  'line_freeze_requests',
  {
    lineId: integer('line_id')
      .primaryKey()
      .references(() => lines.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decision: text('decision').$type<'approved' | 'refused' | 'scheduled' | 'failed'>(),
  },
  // The to-do list reads the open asks, newest first; the freeze-start job the scheduled ones due.
  (t) => [
    index('line_freeze_requests_open_idx')
      .on(t.requestedAt)
      .where(sql`${t.decidedAt} is null`),
    index('line_freeze_requests_scheduled_idx')
      .on(t.startsOn)
      .where(sql`${t.decision} = 'scheduled'`),
    check(
      'line_freeze_requests_decision_check',
      sql`${t.decision} in ('approved', 'refused', 'scheduled', 'failed')`,
    ),
  ],
);
