import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { LineSyncState } from '@linedesk/shared';
import { timestamps } from './columns.js';
import { authUsers, cccamServers } from './core.schema.js';

/**
 * Line accounts (the spec's table `users`): one login on a card-sharing server. The password is the
 * line's own CCcam/NewCamd credential: resellers hand it to customers and the agent writes it into
 * CCcam.cfg in clear, so it is stored as given.
 */
export const lines = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    password: text('password').notNull(),
    protocol: text('protocol').notNull().default('cccam'),
    hostPort: text('host_port')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    userValue: text('user_value'),
    addedDate: date('added_date', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    liveChannel: text('live_channel').notNull().default('Info'),
    info: text('info').notNull().default('Info'),
    notes: text('notes'),
    /** false = suspended (disabled by its owner or an admin); the other states derive from dates. */
    enabled: boolean('enabled').notNull().default(true),
    name: text('name'),
    company: text('company'),
    role: text('role'),
    avatarUrl: text('avatar_url'),
    email: text('email'),
    ownerId: text('owner_id').references(() => authUsers.id, { onDelete: 'set null' }),
    ownerEmail: text('owner_email'),
    serverId: integer('server_id').references(() => cccamServers.id, { onDelete: 'set null' }),
    isTrial: boolean('is_trial').notNull().default(false),
    subscriptionMonths: integer('subscription_months'),
    ...timestamps,
    syncState: text('sync_state').$type<LineSyncState>().notNull().default('pending'),
    syncError: text('sync_error'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
  },
  (t) => [
    check('users_sync_state_check', sql`${t.syncState} in ('synced', 'pending', 'failing')`),
    index('users_owner_created_idx').on(t.ownerId, t.createdAt),
    index('users_created_idx').on(t.createdAt),
    index('users_expiry_idx').on(t.expiryDate),
    index('users_server_idx').on(t.serverId),
  ],
);

/**
 * Deliveries to line agents, written in the same transaction as the line change. The worker claims
 * due rows with FOR UPDATE SKIP LOCKED, so several app instances never deliver the same one twice.
 */
export const lineSyncOutbox = pgTable(
  'line_sync_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** No foreign key: a delete must still be delivered after its line row is gone. */
    lineId: integer('line_id'),
    serverId: integer('server_id')
      .notNull()
      .references(() => cccamServers.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    operation: text('operation').$type<'upsert' | 'delete'>().notNull(),
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('line_sync_outbox_operation_check', sql`${t.operation} in ('upsert', 'delete')`),
    index('line_sync_outbox_due_idx').on(t.nextAttemptAt),
    index('line_sync_outbox_line_idx').on(t.lineId),
  ],
);

/** A line's history (created, renewed, edited, enabled, disabled, synced, sync failed, deleted). */
export const lineEvents = pgTable(
  'line_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineId: integer('line_id').notNull(),
    actorId: text('actor_id').references(() => authUsers.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('line_events_line_idx').on(t.lineId, t.createdAt)],
);
