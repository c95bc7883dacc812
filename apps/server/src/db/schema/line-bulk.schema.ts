import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  LineBulkItemResult,
  LineBulkJobAction,
  LineBulkJobStatus,
  LineMoveStage,
} from '@linedesk/shared';
import { leaseColumns, retryColumns } from './columns.js';
import { authUsers } from './core.schema.js';

/**
 * A bulk action on lines (renew, enable, disable, delete, move, create, move_server), run in the background by
 * whichever app instance claims it (FOR UPDATE SKIP LOCKED, with a lease that runs out when that
 * instance dies, so another one carries on from the first line still pending).
 * Work that throws is tried again with backoff and, after the last attempt, left `dead`: what was
 * done stays done, and what was not is reported as not done.
 */
export const lineBulkJobs = pgTable(
  'line_bulk_jobs',
  {
    id: serial('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** The caller's line scope when the action was asked for: null = every line (admins). */
    isAdmin: boolean('is_admin').notNull(),
    action: text('action').$type<LineBulkJobAction>().notNull(),
    /** What the action needs: subscription_months, target owner, server and prefix for create. */
    params: jsonb('params')
      .notNull()
      .default(sql`'{}'::jsonb`),
    status: text('status').$type<LineBulkJobStatus>().notNull().default('queued'),
    total: integer('total').notNull(),
    succeeded: integer('succeeded').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    charged: integer('charged').notNull().default(0),
    ...leaseColumns,
    ...retryColumns,
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('line_bulk_jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'dead')`),
    index('line_bulk_jobs_open_idx')
      .on(t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('line_bulk_jobs_account_idx').on(t.accountId, t.id),
  ],
);

/**
 * One line of a bulk action and what came of it. An item's result is written in the same
 * transaction as the line change and its charge, so a restarted job never charges a line twice.
 */
export const lineBulkItems = pgTable(
  'line_bulk_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => lineBulkJobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** No foreign key: the result of a deleted line stays readable. */
    lineId: integer('line_id'),
    username: text('username'),
    /** Bulk create: the generated password, for the credentials CSV. */
    password: text('password'),
    /** Bulk create: the connection line, for the credentials CSV. */
    connectionLine: text('connection_line'),
    result: text('result').$type<LineBulkItemResult>().notNull().default('pending'),
    code: text('code'),
    message: text('message'),
    charged: integer('charged').notNull().default(0),
    /**
     * move_server: the step a pending line has reached ('added': on the target, waiting for its
     * delivery; 'removing': its removal from the old server queued) and the server it came from.
     */
    stage: text('stage').$type<LineMoveStage>(),
    fromServerId: integer('from_server_id'),
    /** move_server: the customer's connection line changed with the move (its owner is told). */
    addressChanged: boolean('address_changed'),
    /**
     * move_server, stage 'grace': the old entry is removed at this time at the latest (earlier once
     * the line is seen connected on the new server).
     */
    graceUntil: timestamp('grace_until', { withTimezone: true }),
  },
  (t) => [
    check('line_bulk_items_result_check', sql`${t.result} in ('pending', 'done', 'refused')`),
    uniqueIndex('line_bulk_items_job_seq_idx').on(t.jobId, t.seq),
  ],
);
