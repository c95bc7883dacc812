import { boolean, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The dashboard's figures kept up to date on write, so it never rescans the lines: triggers on
 * users, line_events and credit_ledger (migration 0012) add each change's difference here in the
 * changing statement's own transaction, for the whole panel (scope '*') and for the owner (scope =
 * the owner's id). Triggers rather than service code, because lines also change through foreign keys
 * (a deleted server or account sets server_id / owner_id to null) that no service sees.
 *
 * Rows are differences, only ever inserted by the triggers, and a figure is the sum of its rows: no
 * writer waits for another on a shared counter row (every sale of the day would otherwise queue on
 * the panel's row, and a sale and a renewal of one reseller could deadlock against their account's
 * row). `dashboardRepository.compact` folds the rows into one per key now and then.
 */

/**
 * Lines per scope, enabled, trial and expiry date: every status count derives from these. No server
 * here (#52): with it the panel's scope held a row per server and expiry date (67,343 at a million
 * lines), and its dashboard read them all; the per-server totals are dashboard_server_lines.
 */
export const dashboardLineCounts = pgTable(
  'dashboard_line_counts',
  {
    scope: text('scope').notNull(),
    enabled: boolean('enabled').notNull(),
    isTrial: boolean('is_trial').notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    lines: integer('lines').notNull(),
  },
  (t) => [index('dashboard_line_counts_scope_idx').on(t.scope, t.expiryDate)],
);

/** Lines per scope and server (0 = none): the dashboard's lines-by-server chart. */
export const dashboardServerLines = pgTable(
  'dashboard_server_lines',
  {
    scope: text('scope').notNull(),
    serverId: integer('server_id').notNull(),
    lines: integer('lines').notNull(),
  },
  (t) => [index('dashboard_server_lines_scope_idx').on(t.scope, t.serverId)],
);

/** Per scope and UTC day: lines created (still existing), renewals, and credits spent on lines. */
export const dashboardDaily = pgTable(
  'dashboard_daily',
  {
    scope: text('scope').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    created: integer('created').notNull().default(0),
    renewed: integer('renewed').notNull().default(0),
    spent: integer('spent').notNull().default(0),
  },
  (t) => [index('dashboard_daily_scope_idx').on(t.scope, t.day)],
);
