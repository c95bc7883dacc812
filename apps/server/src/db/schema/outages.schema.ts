import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cccamServers } from './core.schema.js';
import { lines } from './lines.schema.js';

/**
 * A server's outage (docs/outages.md). A row starts when a poll first finds the server unhealthy
 * (`confirmed_at` null: suspected); it is an outage once it stayed so for the admin's minutes
 * (`confirmed_at`, its start notice), and ends at the first healthy poll (`ended_at`, its end notice
 * and compensation). A suspicion that heals before then is deleted. The partial unique index keeps
 * one unended row per server whichever instance polls it.
 */
export const serverOutages = pgTable(
  'server_outages',
  {
    id: serial('id').primaryKey(),
    serverId: integer('server_id')
      .notNull()
      .references(() => cccamServers.id, { onDelete: 'cascade' }),
    /** `unreachable`, `server_not_answering` or `low_answer_rate` (outageCauses). */
    cause: text('cause').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('server_outages_open_idx')
      .on(t.serverId)
      .where(sql`${t.endedAt} is null`),
    index('server_outages_started_idx').on(t.startedAt),
  ],
);

/**
 * The lines an outage affected (running on its server when it was confirmed), with their owner then.
 * `compensated_at` is claimed by one guarded update, so a line is extended once per outage even
 * when two instances end it at the same moment.
 */
export const serverOutageLines = pgTable(
  'server_outage_lines',
  {
    outageId: integer('outage_id')
      .notNull()
      .references(() => serverOutages.id, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id'),
    compensatedMinutes: integer('compensated_minutes'),
    compensatedAt: timestamp('compensated_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.outageId, t.lineId] }),
    index('server_outage_lines_owner_idx').on(t.ownerId, t.compensatedAt),
  ],
);
