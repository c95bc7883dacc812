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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  ErrorCode,
  ErrorParams,
  LineEntryExtra,
  LineRestrictions,
  LineSyncState,
  PlanPrice,
  SharingStep,
} from '@linedesk/shared';
import { timestamps } from './columns.js';
import { authUsers, cccamServers } from './core.schema.js';

/**
 * Line plans: a name, the price per offered duration and the restrictions the line's server
 * enforces (stored compact, as the agent receives them: only what is set). Plans are archived, never
 * deleted, so a line always has its plan. Id 1 is the spec's cost table (seeded by the migration).
 */
export const linePlans = pgTable('line_plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  prices: jsonb('prices').$type<PlanPrice[]>().notNull(),
  restrictions: jsonb('restrictions').$type<LineRestrictions>().notNull().default({}),
  /** The plan's anti-sharing ladder (docs/sharing-score.md, "Steps"); [] takes no step. */
  sharingSteps: jsonb('sharing_steps').$type<SharingStep[]>().notNull().default([]),
  isDefault: boolean('is_default').notNull().default(false),
  archived: boolean('archived').notNull().default(false),
  ...timestamps,
});

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
    /** The customer's language for the mails the panel sends them; null = their reseller's language. */
    language: text('language'),
    ownerId: text('owner_id').references(() => authUsers.id, { onDelete: 'set null' }),
    ownerEmail: text('owner_email'),
    serverId: integer('server_id').references(() => cccamServers.id, { onDelete: 'set null' }),
    isTrial: boolean('is_trial').notNull().default(false),
    /**
     * Set while the line's clock is stopped (docs/resellers.md, "Freezing a line"): the line is
     * disabled on its server and `frozen_days` are the days it gets back from the day it is unfrozen.
     */
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    frozenDays: integer('frozen_days'),
    /**
     * Set when the line was archived some days after it ended (docs/resellers.md, "Lines that
     * ended"): removed from its server, left out of the lists unless asked for, restorable.
     * `restored_at`: its last restore; the job leaves a line restored after it expired alone until it
     * is renewed and ends again.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    subscriptionMonths: integer('subscription_months'),
    ...timestamps,
    // A constant default: adding the column rewrites no existing line, and every line is on a plan.
    planId: integer('plan_id')
      .notNull()
      .default(1)
      .references(() => linePlans.id),
    /**
     * The line's own restriction values over its plan's, key by key ("kept from the server": read
     * from the entry it was adopted or imported from); `{}` = the plan's alone. Stored compact.
     */
    restrictionOverrides: jsonb('restriction_overrides').$type<LineRestrictions>().notNull().default({}),
    /** What the panel does not model of the line's entry, kept verbatim and sent with every upsert. */
    entryExtra: jsonb('entry_extra').$type<LineEntryExtra>(),
    /**
     * The OSCam anti-sharing lines (`penalty = 1`, …) a sharing step put on the line's account while
     * its episode lasts; sent with every upsert over the entry's own keys of the same name. Null: none.
     */
    sharingOscam: jsonb('sharing_oscam').$type<string[]>(),
    syncState: text('sync_state').$type<LineSyncState>().notNull().default('pending'),
    syncError: text('sync_error'),
    /** The failure's code and template parameters, so a reader sees it in their own language. */
    syncErrorCode: text('sync_error_code').$type<ErrorCode>(),
    syncErrorParams: jsonb('sync_error_params').$type<ErrorParams>(),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    /**
     * What the list's search looks in, lower-cased once on write: one LIKE over this is several times
     * cheaper than ILIKE over four columns on every row of every search.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(username || ' ' || coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(notes, ''))`,
    ),
  },
  (t) => [
    check('users_sync_state_check', sql`${t.syncState} in ('synced', 'pending', 'failing', 'refused')`),
    // A frozen line is disabled and knows its days; a running line has neither.
    check(
      'users_frozen_check',
      sql`(${t.frozenAt} is null and ${t.frozenDays} is null) or (${t.frozenAt} is not null and ${t.frozenDays} >= 0 and not ${t.enabled})`,
    ),
    // The job that ends freezes past the longest one reads only the frozen lines, oldest first.
    index('users_frozen_idx')
      .on(t.frozenAt)
      .where(sql`${t.frozenAt} is not null`),
    // The "Archived" filter reads only the archived lines, which the other lists leave out.
    index('users_archived_idx')
      .on(t.archivedAt, t.id)
      .where(sql`${t.archivedAt} is not null`),
    // The list pages read 25 rows in index order instead of sorting every line: one index per sort
    // the list offers (the id breaks ties), for the whole panel and per owner. Status and server name
    // sorts read each status's (or server's) lines in id order (users_enabled_idx, users_trial_idx,
    // users_server_idx). The columns a status or an expiry window is decided by (expiry date,
    // enabled, trial) ride along after the id in the indexes the default order and the status sort
    // walk: those walks skip non-matching lines inside the index, never reading the table for them
    // (a reseller's status sort read 1,200 rows of other owners and other statuses to find 100;
    // "expiring within 7 days" read 2,800 lines to find 25).
    index('users_created_idx').on(t.createdAt, t.id, t.expiryDate, t.enabled, t.isTrial),
    index('users_expiry_idx').on(t.expiryDate, t.id),
    index('users_added_idx').on(t.addedDate, t.id),
    index('users_owner_email_idx').on(t.ownerEmail, t.id),
    index('users_sync_state_idx').on(t.syncState, t.id),
    index('users_enabled_idx').on(t.enabled, t.id, t.expiryDate, t.isTrial),
    index('users_server_idx').on(t.serverId, t.id),
    index('users_plan_idx').on(t.planId),
    index('users_owner_created_idx').on(t.ownerId, t.createdAt, t.id, t.expiryDate, t.enabled, t.isTrial),
    // Resellers' lists sorted or filtered by expiry stay index-ordered within their own lines.
    index('users_owner_expiry_idx').on(t.ownerId, t.expiryDate, t.id),
    index('users_owner_username_idx').on(t.ownerId, t.username),
    index('users_owner_added_idx').on(t.ownerId, t.addedDate, t.id),
    index('users_owner_email_order_idx').on(t.ownerId, t.ownerEmail, t.id),
    index('users_owner_sync_state_idx').on(t.ownerId, t.syncState, t.id),
    index('users_owner_enabled_idx').on(t.ownerId, t.enabled, t.id, t.expiryDate, t.isTrial),
    index('users_owner_server_idx').on(t.ownerId, t.serverId, t.id),
    // The status sort's trial bucket: trial lines in id order without walking every line to find them.
    index('users_trial_idx')
      .on(t.id, t.enabled, t.expiryDate)
      .where(sql`${t.isTrial}`),
    index('users_owner_trial_idx')
      .on(t.ownerId, t.id, t.enabled, t.expiryDate)
      .where(sql`${t.isTrial}`),
    // Trigrams find the lines containing a search text without reading every line (pg_trgm). Without
    // fastupdate each new line's trigrams go straight into the index: with it they wait in a pending
    // list that every search reads through until a vacuum merges it (a few thousand new lines made a
    // rare search 2.5 times slower).
    index('users_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/**
 * Deliveries to line agents, written in the same transaction as the line change. One row per
 * (server, username): it holds the state that server still has to be given, so a newer change
 * replaces an undelivered older one instead of queueing behind it. A deliverer leases the row
 * (leased_until, lease_id) for the duration of its agent calls; the worker claims due rows with FOR
 * UPDATE SKIP LOCKED, so several app instances never deliver the same row at the same time.
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
    /**
     * `adopt`: the server's own hand-written entry is to be moved into the agent's managed block with
     * its login unchanged (payload: the fingerprint it was listed with, the expiry for an entry without
     * one, and the charge to give back if the agent refuses). A later change of the line never
     * replaces it: the agent would refuse an add-user for a name it still has outside its block.
     */
    operation: text('operation').$type<'upsert' | 'delete' | 'adopt'>().notNull(),
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while one deliverer is talking to the agent for this row; expires if it dies. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    leaseId: text('lease_id'),
  },
  (t) => [
    check('line_sync_outbox_operation_check', sql`${t.operation} in ('upsert', 'delete', 'adopt')`),
    uniqueIndex('line_sync_outbox_key_idx').on(t.serverId, t.username),
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
    /** The line's owner when it happened, so one owner's renewals per day need no join with the lines. */
    ownerId: text('owner_id').references(() => authUsers.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('line_events_line_idx').on(t.lineId, t.createdAt),
    // The dashboard's renewals per day reads only the last 30 days of renewals, the panel's or one owner's.
    index('line_events_renewed_idx')
      .on(t.createdAt)
      .where(sql`${t.action} = 'renewed'`),
    index('line_events_owner_renewed_idx')
      .on(t.ownerId, t.createdAt)
      .where(sql`${t.action} = 'renewed'`),
  ],
);

/**
 * Free trial lines each reseller created per (UTC) day, counted with one guarded upsert in the
 * create's transaction, so concurrent trials can never pass the admin's daily limit and a failed
 * create counts nothing. Deleting a trial line gives nothing back.
 */
export const trialLineUsage = pgTable(
  'trial_line_usage',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    used: integer('used').notNull(),
  },
  (t) => [uniqueIndex('trial_line_usage_account_day_idx').on(t.accountId, t.day)],
);
