import type { LineLock } from '@linedesk/shared';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inJsonList } from '../../db/json-list.js';
import { cccamServers, lineLocks, lineLockViolations, linePlanLocks, lines } from '../../db/schema.js';

/** Violations kept per line, newest first (older episodes are dropped as new ones open). */
export const LOCK_VIOLATION_LIMIT = 100;

type LockRow = { countries: string[]; asns: number[]; noDatacenters: boolean };
const toLock = (row: LockRow | null | undefined): LineLock | null =>
  row ? { countries: row.countries, asns: row.asns.map(Number), no_datacenters: row.noDatacenters } : null;
const columnsOf = (lock: LineLock) => ({
  countries: lock.countries,
  asns: lock.asns,
  noDatacenters: lock.no_datacenters,
  updatedAt: new Date(),
});

export type ViolationInsert = {
  lineId: number;
  serverId: number;
  ip: string;
  country: string | null;
  asn: number | null;
  network: string | null;
  reason: string;
  action: string;
};

export const lineLocksRepository = {
  async planLock(db: Db, planId: number): Promise<LineLock | null> {
    const [row] = await db.select().from(linePlanLocks).where(eq(linePlanLocks.planId, planId));
    return toLock(row);
  },
  async setPlanLock(db: Db, planId: number, lock: LineLock | null): Promise<void> {
    if (!lock) {
      await db.delete(linePlanLocks).where(eq(linePlanLocks.planId, planId));
      return;
    }
    await db
      .insert(linePlanLocks)
      .values({ planId, ...columnsOf(lock) })
      .onConflictDoUpdate({ target: linePlanLocks.planId, set: columnsOf(lock) });
  },
  async lineLock(db: Db, lineId: number): Promise<LineLock | null> {
    const [row] = await db.select().from(lineLocks).where(eq(lineLocks.lineId, lineId));
    return toLock(row);
  },
  async setLineLock(db: Db, lineId: number, lock: LineLock | null): Promise<void> {
    if (!lock) {
      await db.delete(lineLocks).where(eq(lineLocks.lineId, lineId));
      return;
    }
    await db
      .insert(lineLocks)
      .values({ lineId, ...columnsOf(lock) })
      .onConflictDoUpdate({ target: lineLocks.lineId, set: columnsOf(lock) });
  },
  /** The own and plan locks of these lines, for those that have either (one query per poll). */
  async locksOfLines(db: Db, lineIds: number[]) {
    if (lineIds.length === 0) return [];
    const rows = await db
      .select({
        lineId: lines.id,
        username: lines.username,
        ownerId: lines.ownerId,
        own: {
          countries: lineLocks.countries,
          asns: lineLocks.asns,
          noDatacenters: lineLocks.noDatacenters,
        },
        plan: {
          countries: linePlanLocks.countries,
          asns: linePlanLocks.asns,
          noDatacenters: linePlanLocks.noDatacenters,
        },
      })
      .from(lines)
      .leftJoin(lineLocks, eq(lineLocks.lineId, lines.id))
      .leftJoin(linePlanLocks, eq(linePlanLocks.planId, lines.planId))
      .where(
        and(
          inJsonList(lines.id, lineIds, 'int'),
          sql`(${lineLocks.lineId} is not null or ${linePlanLocks.planId} is not null)`,
        ),
      );
    return rows.map((row) => ({
      lineId: row.lineId,
      username: row.username,
      ownerId: row.ownerId,
      // A left join's missing row comes back as an object of nulls.
      own: row.own?.countries ? toLock(row.own as LockRow) : null,
      plan: row.plan?.countries ? toLock(row.plan as LockRow) : null,
    }));
  },
  /** The server's open violations, locked until the caller's transaction ends. */
  openOfServer(tx: Db, serverId: number) {
    return tx
      .select({
        id: lineLockViolations.id,
        lineId: lineLockViolations.lineId,
        ip: lineLockViolations.ip,
        lastSeenAt: lineLockViolations.lastSeenAt,
      })
      .from(lineLockViolations)
      .where(and(eq(lineLockViolations.serverId, serverId), isNull(lineLockViolations.endedAt)))
      .for('update');
  },
  /** Lines among these with an open violation on any server (their episode is already going on). */
  async linesWithOpen(tx: Db, lineIds: number[]): Promise<Set<number>> {
    if (lineIds.length === 0) return new Set();
    const rows = await tx
      .selectDistinct({ lineId: lineLockViolations.lineId })
      .from(lineLockViolations)
      .where(and(inArray(lineLockViolations.lineId, lineIds), isNull(lineLockViolations.endedAt)));
    return new Set(rows.map((row) => row.lineId));
  },
  async end(tx: Db, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .update(lineLockViolations)
      .set({ endedAt: new Date() })
      .where(inArray(lineLockViolations.id, ids));
  },
  async touch(tx: Db, id: number, action: string): Promise<void> {
    await tx
      .update(lineLockViolations)
      .set({ lastSeenAt: new Date(), action })
      .where(eq(lineLockViolations.id, id));
  },
  /** Opens the episodes; an address already open for its line (another instance's poll) is skipped. */
  async open(tx: Db, rows: ViolationInsert[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const inserted = await tx
      .insert(lineLockViolations)
      .values(rows)
      .onConflictDoNothing()
      .returning({ lineId: lineLockViolations.lineId });
    const lineIds = [...new Set(inserted.map((row) => row.lineId))];
    if (lineIds.length === 0) return [];
    // Keeps each line's newest rows only.
    await tx.execute(sql`
      delete from ${lineLockViolations} v
      where v.line_id in (${sql.join(
        lineIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and v.id < (
          select min(k.id) from (
            select id from ${lineLockViolations} w where w.line_id = v.line_id
            order by id desc limit ${LOCK_VIOLATION_LIMIT}
          ) k
        )`);
    return inserted.map((row) => row.lineId);
  },
  violationsOfLine(db: Db, lineId: number) {
    return db
      .select({ violation: lineLockViolations, serverName: cccamServers.serverName })
      .from(lineLockViolations)
      .leftJoin(cccamServers, eq(cccamServers.id, lineLockViolations.serverId))
      .where(eq(lineLockViolations.lineId, lineId))
      .orderBy(desc(lineLockViolations.firstSeenAt), desc(lineLockViolations.id))
      .limit(LOCK_VIOLATION_LIMIT);
  },
};
