import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authUsers, lineEvents, lines } from '../../db/schema.js';

/** One row of a line's history. `ownerId` left out: the line's owner as it is now. */
export type LineEventEntry = {
  lineId: number;
  ownerId?: string | null;
  actorId: string | null;
  action: string;
  details?: Record<string, unknown>;
};

/** A history row whose owner the writer knows (it rides in the write's own statement). */
export type OwnedLineEvent = LineEventEntry & { ownerId: string | null };

/** The columns every history insert fills, in this order. */
const columns = sql`(line_id, owner_id, actor_id, action, details)`;

/**
 * A line's history (`line_events`): the only place its rows are written, whether on their own or
 * riding in the statement of the write they record.
 */
export const lineHistoryRepository = {
  async insert(db: Db, event: LineEventEntry): Promise<void> {
    await db.insert(lineEvents).values({
      lineId: event.lineId,
      ownerId:
        event.ownerId !== undefined
          ? event.ownerId
          : sql`(select ${lines.ownerId} from ${lines} where ${lines.id} = ${event.lineId})`,
      actorId: event.actorId,
      action: event.action,
      details: event.details ?? {},
    });
  },
  /** The insert as the body of a WITH query; `lineId` may be SQL (a line inserted by that statement). */
  insertStatement(event: Omit<OwnedLineEvent, 'lineId'> & { lineId: number | SQL }): SQL {
    return sql`insert into ${lineEvents} ${columns}
    values (${event.lineId}, ${event.ownerId}, ${event.actorId}, ${event.action},
      ${JSON.stringify(event.details ?? {})}::jsonb)`;
  },
  /** The insert of the rows `select` yields (line_id, owner_id, actor_id, action, details), for a WITH query. */
  insertSelected(select: SQL): SQL {
    return sql`insert into ${lineEvents} ${columns} ${select}`;
  },
  /** How many times `action` happened to the line since `since` (freezes in the last 12 months). */
  async countSince(db: Db, lineId: number, action: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(lineEvents)
      .where(
        and(eq(lineEvents.lineId, lineId), eq(lineEvents.action, action), gte(lineEvents.createdAt, since)),
      );
    return Number(row?.n ?? 0);
  },
  list(db: Db, lineId: number) {
    return db
      .select({
        id: lineEvents.id,
        action: lineEvents.action,
        actorEmail: authUsers.email,
        details: lineEvents.details,
        createdAt: lineEvents.createdAt,
      })
      .from(lineEvents)
      .leftJoin(authUsers, eq(authUsers.id, lineEvents.actorId))
      .where(eq(lineEvents.lineId, lineId))
      .orderBy(desc(lineEvents.createdAt), desc(lineEvents.id));
  },
};
