import { and, count, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cccamServers, lines, serverOutages } from '../../db/schema.js';
import type { ServerRow } from './servers.repository.js';

/** The queries of a server's standby (docs/standby.md). */
export const serverStandbyRepository = {
  /** The servers, locked in id order (two admins pairing the same servers wait for each other). */
  async lock(tx: Db, ids: number[]): Promise<Map<number, ServerRow>> {
    const rows = await tx
      .select()
      .from(cccamServers)
      .where(inArray(cccamServers.id, ids))
      .orderBy(cccamServers.id)
      .for('update');
    return new Map(rows.map((row) => [row.id, row]));
  },
  /** The server whose standby this one is, other than `except`. */
  async primaryOf(db: Db, standbyId: number, except?: number): Promise<ServerRow | undefined> {
    const [row] = await db
      .select()
      .from(cccamServers)
      .where(
        and(
          eq(cccamServers.standbyId, standbyId),
          except === undefined ? undefined : ne(cccamServers.id, except),
        ),
      );
    return row;
  },
  /** Of these servers, those the outage watch has down now: a confirmed outage not ended yet. */
  async withOpenOutage(db: Db, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ serverId: serverOutages.serverId })
      .from(serverOutages)
      .where(
        and(
          inArray(serverOutages.serverId, [...ids]),
          isNotNull(serverOutages.confirmedAt),
          isNull(serverOutages.endedAt),
        ),
      );
    return new Set(rows.map((row) => row.serverId));
  },
  async lineCount(db: Db, serverId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(lines)
      .where(and(eq(lines.serverId, serverId), isNull(lines.archivedAt)));
    return row?.n ?? 0;
  },
  /** The owners of the server's lines (unarchived, owned), each with how many it has there. */
  async lineCountsByOwner(db: Db, serverId: number): Promise<Map<string, number>> {
    const rows = await db
      .select({ ownerId: lines.ownerId, n: count() })
      .from(lines)
      .where(and(eq(lines.serverId, serverId), isNull(lines.archivedAt), isNotNull(lines.ownerId)))
      .groupBy(lines.ownerId);
    return new Map(rows.map((row) => [row.ownerId!, row.n]));
  },
  async setStandby(tx: Db, id: number, standbyId: number | null): Promise<ServerRow | undefined> {
    const [row] = await tx.update(cccamServers).set({ standbyId }).where(eq(cccamServers.id, id)).returning();
    return row;
  },
  /**
   * The primary's lines get `address` ("host:port") as one more connection line, after theirs.
   * Returns the owners of the lines changed.
   */
  async addAddress(tx: Db, primaryId: number, address: string): Promise<(string | null)[]> {
    const rows = await tx
      .update(lines)
      .set({ hostPort: sql`array_append(${lines.hostPort}, ${address}::text)`, updatedAt: new Date() })
      .where(and(eq(lines.serverId, primaryId), sql`not (${address}::text = any(${lines.hostPort}))`))
      .returning({ ownerId: lines.ownerId });
    return [...new Set(rows.map((row) => row.ownerId))];
  },
  /** The primary's lines lose `address`, unless it is the only one a line has. */
  async removeAddress(tx: Db, primaryId: number, address: string): Promise<(string | null)[]> {
    const rows = await tx
      .update(lines)
      .set({ hostPort: sql`array_remove(${lines.hostPort}, ${address}::text)`, updatedAt: new Date() })
      .where(
        and(
          eq(lines.serverId, primaryId),
          sql`${address}::text = any(${lines.hostPort})`,
          sql`cardinality(${lines.hostPort}) > 1`,
        ),
      )
      .returning({ ownerId: lines.ownerId });
    return [...new Set(rows.map((row) => row.ownerId))];
  },
};
