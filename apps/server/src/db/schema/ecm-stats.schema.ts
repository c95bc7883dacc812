import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { cccamServers } from './core.schema.js';
import { lines } from './lines.schema.js';

/**
 * One table per rollup level, the same columns each. `kind` says what a row counts: 1 a line
 * (`subject_id` its id), 2 a whole server (every account on it, managed or not), 3 a reader of a
 * server (`reader` its label). Reader rows count polls (`polls`, and `up` those that found it
 * working) and, where the server counts them per reader, its ECMs. No foreign keys: a deleted line's or server's rows go with the retention.
 * `time_sum`/`time_n`: answer times in ms summed over the answers they were measured for.
 */
function ecmSeries(name: string) {
  return pgTable(
    name,
    {
      kind: smallint('kind').notNull(),
      subjectId: integer('subject_id').notNull(),
      reader: text('reader').notNull().default(''),
      bucket: timestamp('bucket', { withTimezone: true }).notNull(),
      ok: bigint('ok', { mode: 'number' }).notNull().default(0),
      nok: bigint('nok', { mode: 'number' }).notNull().default(0),
      timeSum: bigint('time_sum', { mode: 'number' }).notNull().default(0),
      timeN: bigint('time_n', { mode: 'number' }).notNull().default(0),
      polls: integer('polls').notNull().default(0),
      up: integer('up').notNull().default(0),
    },
    (t) => [
      // Range reads are per subject over buckets: the key serves them.
      primaryKey({ columns: [t.kind, t.subjectId, t.reader, t.bucket] }),
      // Rollups and retention go by bucket alone.
      index(`${name}_bucket_idx`).on(t.bucket),
    ],
  );
}

export const ecmMinute = ecmSeries('ecm_minute');
export const ecmHour = ecmSeries('ecm_hour');
export const ecmDay = ecmSeries('ecm_day');

/** The counters each server last reported per account: the next poll records the difference. */
export const ecmCounters = pgTable(
  'ecm_counters',
  {
    serverId: integer('server_id')
      .notNull()
      .references(() => cccamServers.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    ok: bigint('ok', { mode: 'number' }).notNull(),
    nok: bigint('nok', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.username] })],
);

/**
 * Each server's readers as last polled: the state the server page shows, and the reader's ECM
 * counters as the server reported them (null where it counts none per reader): the next poll
 * records the difference, as `ecm_counters` does for accounts.
 */
export const ecmReaders = pgTable(
  'ecm_readers',
  {
    serverId: integer('server_id')
      .notNull()
      .references(() => cccamServers.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    protocol: text('protocol').notNull(),
    state: text('state').notNull(),
    ok: bigint('ok', { mode: 'number' }),
    nok: bigint('nok', { mode: 'number' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.label] })],
);

/** The channels a line was found watching, per day: "which channels" without reading minute rows. */
export const ecmLineChannels = pgTable(
  'ecm_line_channels',
  {
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    caid: text('caid').notNull().default(''),
    srvid: text('srvid').notNull().default(''),
    channel: text('channel'),
    polls: integer('polls').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.lineId, t.day, t.caid, t.srvid] }),
    index('ecm_line_channels_day_idx').on(t.day),
  ],
);

/** One row per server: when its ECM counters are read next (claimed with SKIP LOCKED). */
export const ecmPolls = pgTable('ecm_polls', {
  serverId: integer('server_id')
    .primaryKey()
    .references(() => cccamServers.id, { onDelete: 'cascade' }),
  nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull().defaultNow(),
  lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/**
 * How far the rollups went (one row, id 1): every minute before `hours_through` is summed into its
 * hour, every hour before `days_through` into its day. Reads take each level up to its mark, so
 * a chart never counts a bucket twice nor misses one while a rollup is behind.
 */
export const ecmRollupState = pgTable('ecm_rollup_state', {
  id: smallint('id').primaryKey().default(1),
  hoursThrough: timestamp('hours_through', { withTimezone: true })
    .notNull()
    .default(sql`date_trunc('hour', now(), 'UTC')`),
  daysThrough: timestamp('days_through', { withTimezone: true })
    .notNull()
    .default(sql`date_trunc('day', now(), 'UTC')`),
});
