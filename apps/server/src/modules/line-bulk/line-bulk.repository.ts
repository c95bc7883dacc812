import type { LineBulkItemResult } from '@linedesk/shared';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { itemsJobQueue } from '../../platform/leased-queue.js';
import {
  authUsers,
  cccamServers,
  lineBulkItems as items,
  lineBulkJobs as jobs,
  lines,
} from '../../db/schema.js';

export type BulkJobRow = typeof jobs.$inferSelect;
export type BulkItemRow = typeof items.$inferSelect;
export type BulkItemInsert = Omit<typeof items.$inferInsert, 'id' | 'jobId'>;

/** Rows per INSERT when a job's items are written. */
const INSERT_SLICE = 1000;

/** Bulk jobs to run: done once none of their lines is pending (platform/leased-job.ts). */
export const openBulkJobs = itemsJobQueue(jobs, { table: items, jobId: items.jobId, result: items.result });

export const lineBulkRepository = {
  async insertJob(
    tx: Db,
    values: Pick<typeof jobs.$inferInsert, 'accountId' | 'isAdmin' | 'action' | 'params' | 'total'>,
  ): Promise<BulkJobRow> {
    const [row] = await tx.insert(jobs).values(values).returning();
    return row!;
  },
  async insertItems(tx: Db, jobId: number, rows: BulkItemInsert[]): Promise<void> {
    for (let start = 0; start < rows.length; start += INSERT_SLICE) {
      await tx
        .insert(items)
        .values(rows.slice(start, start + INSERT_SLICE).map((row) => ({ ...row, jobId })));
    }
  },
  async findJob(db: Db, id: number): Promise<BulkJobRow | undefined> {
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
    return row;
  },
  pendingItems(db: Db, jobId: number, afterSeq: number, limit: number): Promise<BulkItemRow[]> {
    return db
      .select()
      .from(items)
      .where(and(eq(items.jobId, jobId), eq(items.result, 'pending'), gt(items.seq, afterSeq)))
      .orderBy(asc(items.seq))
      .limit(limit);
  },
  /** Takes the item's row lock; undefined when another runner already settled it. */
  async lockPendingItem(tx: Db, id: number): Promise<BulkItemRow | undefined> {
    const [row] = await tx
      .select()
      .from(items)
      .where(and(eq(items.id, id), eq(items.result, 'pending')))
      .for('update');
    return row;
  },
  async settleItem(
    db: Db,
    id: number,
    outcome: {
      result: Exclude<LineBulkItemResult, 'pending'>;
      lineId?: number | null;
      charged?: number;
      code?: string | null;
      message?: string | null;
      connectionLine?: string | null;
    },
  ): Promise<boolean> {
    const rows = await db
      .update(items)
      .set(outcome)
      .where(and(eq(items.id, id), eq(items.result, 'pending')))
      .returning({ id: items.id });
    return rows.length > 0;
  },
  /** Recounts the job's totals from its items (one statement, so never out of step with them). */
  async refreshCounts(db: Db, jobId: number): Promise<BulkJobRow | undefined> {
    const [row] = await db
      .update(jobs)
      .set({
        succeeded: sql`(select count(*)::int from ${items} where ${items.jobId} = ${jobId} and ${items.result} = 'done')`,
        refused: sql`(select count(*)::int from ${items} where ${items.jobId} = ${jobId} and ${items.result} = 'refused')`,
        charged: sql`(select coalesce(sum(${items.charged}), 0)::int from ${items} where ${items.jobId} = ${jobId})`,
      })
      .where(eq(jobs.id, jobId))
      .returning();
    return row;
  },
  refusals(db: Db, jobId: number, limit: number): Promise<BulkItemRow[]> {
    return db
      .select()
      .from(items)
      .where(and(eq(items.jobId, jobId), eq(items.result, 'refused')))
      .orderBy(asc(items.seq))
      .limit(limit);
  },
  /** The job's items from `afterSeq` on, for the result CSV read in slices. */
  itemsAfter(db: Db, jobId: number, afterSeq: number, limit: number): Promise<BulkItemRow[]> {
    return db
      .select()
      .from(items)
      .where(and(eq(items.jobId, jobId), gt(items.seq, afterSeq)))
      .orderBy(asc(items.seq))
      .limit(limit);
  },
  /** Of `ids`, those that exist and belong to the scope (null = every owner), with their usernames. */
  async visibleLines(
    db: Db,
    ids: number[],
    scopeOwnerId: string | null,
  ): Promise<Map<number, { username: string; ownerId: string | null }>> {
    const found = new Map<number, { username: string; ownerId: string | null }>();
    for (let start = 0; start < ids.length; start += INSERT_SLICE) {
      const slice = ids.slice(start, start + INSERT_SLICE);
      const rows = await db
        .select({ id: lines.id, username: lines.username, ownerId: lines.ownerId })
        .from(lines)
        .where(
          and(inArray(lines.id, slice), scopeOwnerId === null ? undefined : eq(lines.ownerId, scopeOwnerId)),
        );
      for (const row of rows) found.set(row.id, { username: row.username, ownerId: row.ownerId });
    }
    return found;
  },
  /** What a plan change of these lines depends on: their plan, paid duration and server's protocol. */
  async planChangeLines(db: Db, ids: number[]) {
    const out: {
      id: number;
      planId: number;
      subscriptionMonths: number | null;
      isTrial: boolean;
      protocol: string | null;
    }[] = [];
    for (let start = 0; start < ids.length; start += INSERT_SLICE) {
      const rows = await db
        .select({
          id: lines.id,
          planId: lines.planId,
          subscriptionMonths: lines.subscriptionMonths,
          isTrial: lines.isTrial,
          protocol: cccamServers.protocol,
        })
        .from(lines)
        .leftJoin(cccamServers, eq(cccamServers.id, lines.serverId))
        .where(inArray(lines.id, ids.slice(start, start + INSERT_SLICE)));
      out.push(...rows);
    }
    return out;
  },
  async usernamesTaken(db: Db, usernames: string[]): Promise<Set<string>> {
    if (usernames.length === 0) return new Set();
    const rows = await db
      .select({ username: lines.username })
      .from(lines)
      .where(inArray(lines.username, usernames));
    return new Set(rows.map((row) => row.username));
  },
  async moveLine(tx: Db, id: number, owner: { id: string; email: string }) {
    const [row] = await tx
      .update(lines)
      .set({ ownerId: owner.id, ownerEmail: owner.email, updatedAt: new Date() })
      .where(eq(lines.id, id))
      .returning({ id: lines.id });
    return row;
  },
  async findAccount(db: Db, id: string) {
    const [row] = await db
      .select({
        id: authUsers.id,
        email: authUsers.email,
        groupId: authUsers.groupId,
        ownerId: authUsers.ownerId,
      })
      .from(authUsers)
      .where(eq(authUsers.id, id));
    return row;
  },
};
