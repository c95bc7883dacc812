import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { LoadAlertOverrides } from '@linedesk/shared';
import { cccamServers } from './core.schema.js';

/** Per metric over its threshold: since when, and whether the admins were told (load alerts). */
export type LoadAlertState = Partial<Record<string, { since: string; raised: boolean }>>;

/**
 * One row per server: its machine's last reading through the agent's GET /load, what the last
 * reading failed with, and the state of its load alerts, changed with their notices in one
 * transaction so each alert and each recovery is told once.
 */
export const serverLoad = pgTable('server_load', {
  serverId: integer('server_id')
    .primaryKey()
    .references(() => cccamServers.id, { onDelete: 'cascade' }),
  readAt: timestamp('read_at', { withTimezone: true }),
  cpuPercent: doublePrecision('cpu_percent'),
  cpuCores: integer('cpu_cores'),
  memoryPercent: doublePrecision('memory_percent'),
  diskPercent: doublePrecision('disk_percent'),
  diskPath: text('disk_path'),
  clients: integer('clients'),
  lastError: text('last_error'),
  alertState: jsonb('alert_state').$type<LoadAlertState>().notNull().default({}),
  /** The server's own thresholds over the global ones (`serverLoadThresholds`); {}: none. */
  alertOverrides: jsonb('alert_overrides').$type<LoadAlertOverrides>().notNull().default({}),
});

/** The readings of each minute (the last one wins), for the server page's sparklines. */
export const serverLoadMinute = pgTable(
  'server_load_minute',
  {
    serverId: integer('server_id')
      .notNull()
      .references(() => cccamServers.id, { onDelete: 'cascade' }),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    cpuPercent: doublePrecision('cpu_percent').notNull(),
    memoryPercent: doublePrecision('memory_percent').notNull(),
    diskPercent: doublePrecision('disk_percent').notNull(),
    clients: integer('clients'),
  },
  (t) => [
    primaryKey({ columns: [t.serverId, t.bucket] }),
    index('server_load_minute_bucket_idx').on(t.bucket),
  ],
);
