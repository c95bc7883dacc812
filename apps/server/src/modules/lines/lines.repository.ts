import { and, asc, eq, getTableColumns, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cccamServers, lines } from '../../db/schema.js';
import { endedCondition } from './line-list-filter.js';

export type LineRecord = Omit<typeof lines.$inferSelect, 'searchText'>;
export type LineInsert = typeof lines.$inferInsert;
export type LineUpdate = Partial<
  Pick<
    LineInsert,
    | 'password'
    | 'expiryDate'
    | 'notes'
    | 'name'
    | 'email'
    | 'language'
    | 'company'
    | 'hostPort'
    | 'enabled'
    | 'isTrial'
    | 'subscriptionMonths'
    | 'syncState'
    | 'planId'
    | 'serverId'
    | 'restrictionOverrides'
    | 'entryExtra'
    | 'sharingOscam'
    | 'frozenAt'
    | 'frozenDays'
    | 'archivedAt'
    | 'restoredAt'
  >
>;
/** A line with its server's name, protocol and DES key, as lists, details and exports show it. */
export type LineRow = LineRecord & {
  serverName: string | null;
  serverProtocol: string | null;
  serverDesKey: string | null;
};

/** Every stored column but the search text (a derived index column no answer shows). */
export const { searchText: _searchText, ...storedColumns } = getTableColumns(lines);
/** A line's columns with its server's, as `LineRow` has them. */
export const lineColumns = {
  ...storedColumns,
  serverName: cccamServers.serverName,
  // Named apart from the line's own `protocol`: the list reads rows as JSON objects by name.
  serverProtocol: sql<string | null>`${cccamServers.protocol}`.as('server_protocol'),
  serverDesKey: cccamServers.newcamdDesKey,
};

/** Lines read, locked, changed and deleted one at a time; lists, creates and sync state have their own. */
export const linesRepository = {
  async findManyByIds(db: Db, ids: number[]): Promise<LineRow[]> {
    if (ids.length === 0) return [];
    return (await db
      .select(lineColumns)
      .from(lines)
      .leftJoin(cccamServers, eq(cccamServers.id, lines.serverId))
      .where(inArray(lines.id, ids))) as LineRow[];
  },
  async findById(db: Db, id: number): Promise<LineRow | undefined> {
    const [row] = (await db
      .select(lineColumns)
      .from(lines)
      .leftJoin(cccamServers, eq(cccamServers.id, lines.serverId))
      .where(eq(lines.id, id))) as LineRow[];
    return row;
  },
  /** Locks the line for the rest of the transaction: every outbox write for a line happens under it. */
  /** Who owns the line of this username (any server), for telling a caller it is theirs. */
  async ownerOfUsername(
    db: Db,
    username: string,
  ): Promise<{ id: number; ownerId: string | null } | undefined> {
    const [row] = await db
      .select({ id: lines.id, ownerId: lines.ownerId })
      .from(lines)
      .where(eq(lines.username, username));
    return row;
  },
  async lockById(tx: Db, id: number): Promise<LineRecord | undefined> {
    const [row] = await tx.select(storedColumns).from(lines).where(eq(lines.id, id)).for('update');
    return row;
  },
  /** Locks these lines (in id order, as any two lockers then queue rather than deadlock). */
  lockByIds(tx: Db, ids: number[]): Promise<LineRecord[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return tx
      .select(storedColumns)
      .from(lines)
      .where(inArray(lines.id, ids))
      .orderBy(asc(lines.id))
      .for('update');
  },
  /** Lines frozen at or before `cutoff`, oldest first: freezes past the longest one. */
  async frozenSince(db: Db, cutoff: Date, limit: number): Promise<number[]> {
    const rows = await db
      .select({ id: lines.id })
      .from(lines)
      .where(lte(lines.frozenAt, cutoff))
      .orderBy(asc(lines.frozenAt))
      .limit(limit);
    return rows.map((row) => row.id);
  },
  /**
   * Lines that ended on or before `lastDay` (their expiry date) and are neither frozen nor archived,
   * nor restored since they expired: what the ended-lines job archives or deletes, oldest first.
   */
  async endedBy(db: Db, lastDay: string, limit: number): Promise<number[]> {
    const rows = await db
      .select({ id: lines.id })
      .from(lines)
      .where(and(endedCondition(lastDay), isNull(lines.archivedAt)))
      .orderBy(asc(lines.expiryDate), asc(lines.id))
      .limit(limit);
    return rows.map((row) => row.id);
  },
  async update(tx: Db, id: number, values: LineUpdate): Promise<LineRecord | undefined> {
    const [row] = await tx
      .update(lines)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(lines.id, id))
      .returning();
    return row;
  },
  async delete(tx: Db, id: number): Promise<LineRecord | undefined> {
    const [row] = await tx.delete(lines).where(eq(lines.id, id)).returning();
    return row;
  },
};
