import { integer, text, timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at as most tables carry them. Not a table, so kept out of the schema barrel. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Who holds a row of leased work and until when, as the leased-job runner claims it
 * (platform/leased-queue.ts): null once the row is given back or done.
 */
export const leaseColumns = {
  leasedUntil: timestamp('leased_until', { withTimezone: true }),
  leaseId: text('lease_id'),
};

/**
 * How often a row of leased work failed, when it may be tried next, and its last failure
 * (platform/leased-queue.ts `fail`): after the last attempt the row's status is `dead`.
 */
export const retryColumns = {
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
};
