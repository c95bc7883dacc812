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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  permissions: text('permissions')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * better-auth's four tables, written by hand (its CLI crashes on Node 20). Property names are the
 * field names better-auth uses; our own account fields ride along as better-auth additionalFields.
 */
export const authUsers = pgTable(
  'auth_users',
  {
    id: text('id').primaryKey(),
    /** better-auth's `name` is the spec's full_name. */
    name: text('full_name').notNull().default(''),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    ...timestamps,
    role: text('role'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    username: text('username').notNull().default(''),
    credits: integer('credits').notNull().default(0),
    groupId: integer('group_id')
      .notNull()
      .default(3)
      .references(() => groups.id),
    isAdmin: boolean('is_admin').notNull().default(false),
    ownerId: text('owner_id').references((): AnyPgColumn => authUsers.id, { onDelete: 'set null' }),
    notes: text('notes'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /**
     * Account preference from /settings: daily expiry reminders. (The mail on a ticket reply is the
     * `ticket_answered` × email switch in notification_preferences.)
     */
    expiryReminders: boolean('expiry_reminders').notNull().default(true),
    /** Set by better-auth's two-factor plugin once the first authenticator code is confirmed. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** Whether this reseller's customers may sign in to the portal (`/my`), and the contact it shows. */
    portalEnabled: boolean('portal_enabled').notNull().default(true),
    portalContact: text('portal_contact').notNull().default(''),
    /** Days before a line's expiry its customer gets a reminder mail (lines with an email); 0 = none. */
    customerReminderDays: integer('customer_reminder_days').notNull().default(0),
    /**
     * The language the account chose (its language switcher, or the API); null = never chosen, and
     * then a new browser keeps the language it detected rather than taking this account's.
     */
    language: text('language'),
    /**
     * The language the account's browser last showed the panel in without a choice (detected, or the
     * sign-up page's): what server-made texts are written in while `language` is null; null = not
     * known (then English).
     */
    browserLanguage: text('browser_language'),
    /**
     * A staff role: the account acts for the admin in that role's operations only (support, billing,
     * operations); null = none. The rule of what each role may do is `staffOperations` (shared).
     */
    staffRole: text('staff_role'),
    /**
     * Where a staff role acts: the subtree of this reseller (it and every account below it); null =
     * every account. No foreign key on purpose: a deleted reseller's id then scopes to no row at all,
     * where a cleared one (on delete set null) would widen the role to every account.
     */
    staffScopeId: text('staff_scope_id'),
  },
  (t) => [
    check('auth_users_staff_role', sql`${t.staffRole} in ('support', 'billing', 'operations')`),
    // No check on credits >= 0: a refunded or charged-back top-up may take a balance below 0
    // (credit_ledger's check holds that only a reversal can); the ledger's guard refuses every spend there.
    index('auth_users_group_idx').on(t.groupId),
    index('auth_users_owner_idx').on(t.ownerId),
  ],
);

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ...timestamps,
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('auth_accounts_user_idx').on(t.userId)],
);

export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

/**
 * better-auth's two-factor table (written by hand, like the four above): the TOTP secret and the
 * backup codes, both encrypted with the panel secret; `verified` turns true with the first code.
 */
export const authTwoFactors = pgTable('auth_two_factors', {
  id: text('id').primaryKey(),
  secret: text('secret').notNull(),
  backupCodes: text('backup_codes').notNull(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  verified: boolean('verified').notNull().default(false),
  failedVerificationCount: integer('failed_verification_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Failed sign-ins, kept in the database so the limit holds across app instances. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * `ip`/`account-ip` (`<email> <ip>`)/`account`: failed sign-ins (passwords and two-factor
     * codes), the first two limited, the third only counted; `account-guessed`: the episode of
     * guessing its owner was told about; `reset-*`: reset mails asked for (`reset-email-ip` is
     * `<email> <ip>`; `reset-email`, no longer written, was per email); `totp-used`: authenticator codes
     * already accepted (`<account id>:<code>`), never taken twice; `resend-*`: requests for a new
     * confirmation mail; `portal-*`: failed portal sign-ins per address, per line and address
     * (`<username> <ip>`), and per line (only counted); `install-started-ip`: install.sh's reports
     * that an agent started, per address (each runs a server test).
     */
    scope: text('scope')
      .$type<
        | 'account'
        | 'account-ip'
        | 'account-guessed'
        | 'ip'
        | 'reset-email'
        | 'reset-email-ip'
        | 'reset-ip'
        | 'totp-used'
        | 'resend-email'
        | 'resend-ip'
        | 'portal-ip'
        | 'portal-line-ip'
        | 'portal-line'
        | 'install-started-ip'
      >()
      .notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_failures_lookup_idx').on(t.scope, t.key, t.createdAt)],
);

/** Card-sharing servers and how to reach the line agent on each. */
export const cccamServers = pgTable(
  'cccam_servers',
  {
    id: serial('id').primaryKey(),
    serverName: text('server_name').notNull(),
    hostIp: text('host_ip').notNull(),
    /**
     * The public DNS name customers connect to, when the server has one: connection lines use it
     * instead of host_ip, so a server replaced behind the same name changes nothing for customers.
     */
    hostname: text('hostname'),
    port: integer('port').notNull().default(12000),
    apiPort: integer('api_port').notNull().default(3000),
    username: text('username').notNull(),
    /** The agent's Basic-auth password, AES-256-GCM under a key derived from the panel secret. */
    passwordEncrypted: text('password_encrypted').notNull(),
    protocol: text('protocol').$type<'CCcam' | 'NewCamd'>().notNull().default('CCcam'),
    /** 28 hex characters; goes into the customers' `N:` lines (NewCamd servers). */
    newcamdDesKey: text('newcamd_des_key').notNull().default('0102030405060708091011121314'),
    status: text('status').$type<'active' | 'inactive' | 'error'>().notNull().default('inactive'),
    useTls: boolean('use_tls').notNull().default(false),
    tlsInsecure: boolean('tls_insecure').notNull().default(false),
    userId: text('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastConnection: timestamp('last_connection', { withTimezone: true }),
    lastError: text('last_error'),
    version: text('version'),
    /** When the background check is next due; claimed with SKIP LOCKED so instances never share one. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    /** The names of its OSCam groups, the packages plans sell: `{"1": "Sports"}`. */
    groupNames: jsonb('group_names').$type<Record<string, string>>().notNull().default({}),
    /** The labels of its oscam.services sections, when the admin lists them (plans' services are checked). */
    serviceNames: jsonb('service_names').$type<string[]>().notNull().default([]),
    /**
     * The identity of the agent this record answers for (its GET / `agent_id`), bound at the first
     * successful test: one agent, one record, so two records never delete each other's lines.
     */
    agentId: text('agent_id'),
    /**
     * The file its agent writes (GET / `backend`: `oscam` or `cccam`), recorded at each successful
     * test; null until then. A line's entry is kept in its file's syntax, so it moves only to a
     * server whose agent writes the same file.
     */
    agentBackend: text('agent_backend').$type<'oscam' | 'cccam'>(),
    /**
     * The server that holds this one's lines in advance (docs/standby.md): every outbox row for this
     * server is copied to it by a trigger, and customers' receivers have a second connection line to it.
     */
    standbyId: integer('standby_id').references((): AnyPgColumn => cccamServers.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('cccam_servers_standby_check', sql`${t.standbyId} <> ${t.id}`),
    // One primary per standby: a standby filled from two primaries could not tell whose lines it holds.
    uniqueIndex('cccam_servers_standby_idx').on(t.standbyId),
    check('cccam_servers_protocol_check', sql`${t.protocol} in ('CCcam', 'NewCamd')`),
    check('cccam_servers_status_check', sql`${t.status} in ('active', 'inactive', 'error')`),
    check('cccam_servers_port_check', sql`${t.port} between 1 and 65535`),
    check('cccam_servers_api_port_check', sql`${t.apiPort} between 1 and 65535`),
    check('cccam_servers_newcamd_des_key_check', sql`${t.newcamdDesKey} ~ '^[0-9A-F]{28}$'`),
    index('cccam_servers_status_idx').on(t.status, t.createdAt),
    index('cccam_servers_next_check_idx').on(t.nextCheckAt),
    uniqueIndex('cccam_servers_agent_id_idx').on(t.agentId),
  ],
);

/**
 * Install command tokens that install.sh has exchanged for a server's agent login: a token works
 * once. The primary key makes the first exchange win when two panel instances (or two copies of a
 * leaked command) race; rows of tokens past their expiry are deleted, as expiry refuses those anyway.
 */
export const agentInstallTokensUsed = pgTable(
  'agent_install_tokens_used',
  {
    /** The token's random id (agent-install-token.ts): which command was used, without the token. */
    tokenId: text('token_id').primaryKey(),
    serverId: integer('server_id')
      .notNull()
      .references(() => cccamServers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
    /** When install.sh reported the agent it installed with this token as started: once per token. */
    startedAt: timestamp('started_at', { withTimezone: true }),
  },
  (t) => [index('agent_install_tokens_used_expires_idx').on(t.expiresAt)],
);
