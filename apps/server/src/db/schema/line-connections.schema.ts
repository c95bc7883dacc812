import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cccamServers } from './core.schema.js';
import { lines } from './lines.schema.js';

/**
 * The live connections each server's agent reported at its last poll, replaced whole per server on
 * every poll: a row exists only while the connection does.
 */
export const lineSessions = pgTable(
  'line_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    serverId: integer('server_id')
      .notNull()
      .references(() => cccamServers.id, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id, { onDelete: 'cascade' }),
    /** The agent's id for POST /kick-connection; null where the server cannot end one (CCcam). */
    connectionId: text('connection_id'),
    ip: text('ip').notNull(),
    protocol: text('protocol').notNull(),
    connectedSince: timestamp('connected_since', { withTimezone: true }),
    idleSeconds: integer('idle_seconds'),
    lastChannel: text('last_channel'),
    lastCaid: text('last_caid'),
    ecmOk: integer('ecm_ok'),
    ecmTotal: integer('ecm_total'),
    state: text('state'),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('line_sessions_line_idx').on(t.lineId), index('line_sessions_server_idx').on(t.serverId)],
);

/**
 * One row per line ever seen online: what the lines list shows (online, last seen) read by primary
 * key for the 25 lines of a page, so the list never aggregates the sessions. Also holds the line's
 * sharing episode: `sharing_since` is set while it lasts (one alert per episode).
 */
export const linePresence = pgTable(
  'line_presence',
  {
    lineId: integer('line_id')
      .primaryKey()
      .references(() => lines.id, { onDelete: 'cascade' }),
    serverId: integer('server_id').references(() => cccamServers.id, { onDelete: 'set null' }),
    sessions: integer('sessions').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    sharingSince: timestamp('sharing_since', { withTimezone: true }),
    sharingDetectedAt: timestamp('sharing_detected_at', { withTimezone: true }),
    /** The sharing score (0–100) of the line's last poll; 0 while it looks like one viewer. */
    sharingScore: integer('sharing_score').notNull().default(0),
    /**
     * The plan's sharing steps in the line's current episode (sharing-steps.ts): polls in a row at
     * or above each step's score, and the steps already taken. Null outside an episode.
     */
    sharingLadder: jsonb('sharing_ladder').$type<{ counts: Record<string, number>; applied: string[] }>(),
  },
  (t) => [
    // Lines online now per server (the dashboard) reads only the online ones.
    index('line_presence_online_idx')
      .on(t.serverId)
      .where(sql`${t.sessions} > 0`),
    index('line_presence_sharing_idx')
      .on(t.serverId)
      .where(sql`${t.sharingSince} is not null`),
  ],
);

/** The addresses each line connected from, newest kept (LINE_IP_HISTORY_LIMIT per line). */
export const lineIpHistory = pgTable(
  'line_ip_history',
  {
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.lineId, t.ip] }),
    index('line_ip_history_recent_idx').on(t.lineId, t.lastSeenAt),
  ],
);

/**
 * What a line's sharing score was built from, one row per address seen while the line scored above
 * zero: when, from where (network, country) and what was seen. Bounded per line
 * (SHARING_EVIDENCE_LIMIT) and by age (SHARING_EVIDENCE_RETENTION_DAYS).
 */
export const lineSharingEvidence = pgTable(
  'line_sharing_evidence',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    asn: integer('asn'),
    network: text('network'),
    country: text('country'),
    /** The last channel watched from this address while the line looked shared. */
    channel: text('channel'),
    /** The signals seen with this address (addresses, networks, countries, ecm, channels). */
    signals: text('signals').array().notNull(),
    score: integer('score').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('line_sharing_evidence_line_ip_idx').on(t.lineId, t.ip),
    index('line_sharing_evidence_recent_idx').on(t.lastSeenAt),
  ],
);

/**
 * When each server's connections are next due to be read. Instances claim a due row with FOR UPDATE
 * SKIP LOCKED and push it out by the interval, so every server is polled by one instance per round.
 */
export const lineConnectionPolls = pgTable('line_connection_polls', {
  serverId: integer('server_id')
    .primaryKey()
    .references(() => cccamServers.id, { onDelete: 'cascade' }),
  nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull().defaultNow(),
  lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
  lastError: text('last_error'),
});
