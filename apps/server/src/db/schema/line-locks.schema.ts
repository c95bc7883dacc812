import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cccamServers } from './core.schema.js';
import { linePlans, lines } from './lines.schema.js';

/** The lock columns (docs/locks.md); ASNs are 32-bit unsigned, beyond an integer's range. */
const lockColumns = () => ({
  countries: text('countries').array().notNull(),
  asns: bigint('asns', { mode: 'number' }).array().notNull(),
  noDatacenters: boolean('no_datacenters').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A plan's lock: where its lines may be used from, unless a line has its own. */
export const linePlanLocks = pgTable('line_plan_locks', {
  planId: integer('plan_id')
    .primaryKey()
    .references(() => linePlans.id, { onDelete: 'cascade' }),
  ...lockColumns(),
});

/** A line's own lock, which replaces its plan's whole. */
export const lineLocks = pgTable('line_locks', {
  lineId: integer('line_id')
    .primaryKey()
    .references(() => lines.id, { onDelete: 'cascade' }),
  ...lockColumns(),
});

/**
 * Connections seen outside their line's lock, one row per line and address for as long as the address
 * stays connected outside it (an episode: `ended_at` null while it lasts). Newest LOCK_VIOLATION_LIMIT
 * kept per line.
 */
export const lineLockViolations = pgTable(
  'line_lock_violations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id, { onDelete: 'cascade' }),
    serverId: integer('server_id').references(() => cccamServers.id, { onDelete: 'set null' }),
    ip: text('ip').notNull(),
    country: text('country'),
    asn: bigint('asn', { mode: 'number' }),
    network: text('network'),
    /** country, network or datacenter (`lockReasons`). */
    reason: text('reason').notNull(),
    /** disconnected or reported (`lockActions`): what the last poll that saw it could do. */
    action: text('action').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('line_lock_violations_open_idx')
      .on(t.lineId, t.ip)
      .where(sql`${t.endedAt} is null`),
    index('line_lock_violations_line_idx').on(t.lineId, t.firstSeenAt),
    index('line_lock_violations_server_open_idx')
      .on(t.serverId)
      .where(sql`${t.endedAt} is null`),
  ],
);
