import type { LineBulkItemResult } from '@linedesk/shared';
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { itemsJobQueue } from '../../platform/leased-queue.js';
import { creditLedger } from '../credits/credit-ledger.js';
import { outboxStatements, type UpsertPayload } from '../line-sync/line-outbox.repository.js';
import { lineHistoryRepository } from '../lines/line-history.repository.js';
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

/** The actions whose lines a job writes a chunk at a time, in one statement (line-bulk-chunk.ts). */
export type ChunkAction = 'renew' | 'enable' | 'disable' | 'delete' | 'change_plan';

/**
 * One line of a chunk, checked (and priced) under its lock (line-bulk-chunk.ts): what its own write
 * would do to it, its charge, its outbox row, its history row and its item.
 */
export type ChunkRow = {
  item_id: number;
  seq: number;
  line_id: number;
  /** The history row's owner. */
  owner_id: string | null;
  /** Null: nothing is queued for its server (none, or one that refused the line). */
  server_id: number | null;
  username: string;
  charge: number;
  /** The entry an upsert sends; `{}` for a delete. */
  payload: UpsertPayload | Record<string, never>;
  /** The history row's action and details. */
  event: string;
  details: Record<string, unknown>;
  lease_id: null;
  /** renew: the line's new dates. */
  expiry_date?: string;
  subscription_months?: number;
  frozen_days?: number | null;
  /** enable, disable. */
  enabled?: boolean;
  /** change_plan: the new plan, and the line's own values when they are dropped (absent: kept). */
  plan_id?: number;
  restriction_overrides?: Record<string, never>;
};

/**
 * How each action changes its lines, as each line's own write does (pending for its server when it
 * has one; `v` is the chunk's rows).
 */
function changeStatement(action: ChunkAction): SQL {
  const pending = sql`sync_state = case when v.server_id is null then u.sync_state else 'pending' end,
    updated_at = now()`;
  switch (action) {
    case 'renew':
      return sql`update ${lines} u set expiry_date = v.expiry_date, subscription_months = v.subscription_months,
          is_trial = false, frozen_days = v.frozen_days, ${pending}
        from v where u.id = v.line_id returning u.id`;
    case 'enable':
    case 'disable':
      return sql`update ${lines} u set enabled = v.enabled, ${pending}
        from v where u.id = v.line_id returning u.id`;
    case 'change_plan':
      return sql`update ${lines} u set plan_id = v.plan_id,
          restriction_overrides = coalesce(v.restriction_overrides, u.restriction_overrides), ${pending}
        from v where u.id = v.line_id returning u.id`;
    case 'delete':
      return sql`delete from ${lines} u using v where u.id = v.line_id returning u.id`;
  }
}

/** An item's result as a chunk settles it (`settleItems`). */
export type SettledItem = {
  id: number;
  result: Exclude<LineBulkItemResult, 'pending'>;
  line_id: number | null;
  charged: number;
  code: string | null;
  message: string | null;
  connection_line: string | null;
};

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
  /**
   * Many items' results in one statement (a chunk of creates or gives): each as `settleItem` writes
   * it, and only while still pending.
   */
  async settleItems(tx: Db, rows: SettledItem[]): Promise<void> {
    if (rows.length === 0) return;
    await tx.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r (id bigint, result text,
          line_id int, charged int, code text, message text, connection_line text)
      )
      update ${items} i set result = v.result, line_id = v.line_id, charged = v.charged, code = v.code,
        message = v.message, connection_line = v.connection_line
      from v where i.id = v.id and i.result = 'pending'`);
  },
  /** Takes the row locks of those of `ids` still pending; the others another runner settled. */
  lockPendingItems(tx: Db, ids: number[]): Promise<BulkItemRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return tx
      .select()
      .from(items)
      .where(and(inArray(items.id, ids), eq(items.result, 'pending')))
      .orderBy(asc(items.id))
      .for('update');
  },
  /**
   * A chunk of a job's lines in one statement, as each line's own write does it (writeLineChange, or
   * the delete): the lines changed, one ledger row per charged line through the credit ledger (the
   * payer's balance moved once by the chunk's total), each line's outbox row for the worker's batches
   * (its whole entry, or its delete), its history row, and its item settled done. Returns false,
   * having written nothing the caller may keep, when the payer cannot pay the chunk's total: the
   * caller rolls back and takes the chunk line by line, so each line gets its own answer.
   */
  async writeChunk(
    tx: Db,
    job: Pick<BulkJobRow, 'accountId'>,
    action: ChunkAction,
    rows: ChunkRow[],
  ): Promise<boolean> {
    if (rows.length === 0) return true;
    const spend = creditLedger.spendManyCtes({
      from: sql`v`,
      payer: sql`${job.accountId}::text`,
      amount: sql`v.charge`,
      actorId: sql`${job.accountId}::text`,
      order: sql`v.seq`,
      refType: 'line',
      refId: sql`v.line_id::text`,
      note: sql`v.username`,
      // Only renewals and plan changes charge: the other actions' rows are all 0 and book nothing.
      reason: action === 'change_plan' ? 'line_plan_change' : 'line_renew',
    });
    const outbox = sql`(select * from v where v.server_id is not null)`;
    const result = await tx.execute<{ short: boolean }>(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r (item_id int, seq int,
          line_id int, owner_id text, server_id int, username text, charge int, payload jsonb,
          event text, details jsonb, lease_id text, expiry_date date, subscription_months int,
          frozen_days int, enabled boolean, plan_id int, restriction_overrides jsonb)
      ),
      changed as (${changeStatement(action)}),
      need as (${spend.need}),
      charged as (${spend.charged}),
      entry as (${spend.entry}),
      queued as (${outboxStatements.upsertManyStatement(outbox, 0, null, action === 'delete' ? 'delete' : 'upsert')}),
      logged as (${lineHistoryRepository.insertSelected(
        sql`select v.line_id, v.owner_id, ${job.accountId}::text, v.event, v.details from v`,
      )}),
      settled as (
        update ${items} i set result = 'done', line_id = v.line_id, charged = v.charge
        from v where i.id = v.item_id and i.result = 'pending'
        returning i.id
      )
      select exists (select 1 from need n where not exists (select 1 from charged c where c.id = n.owner_id)) as short,
        (select count(*) from changed) + (select count(*) from queued) + (select count(*) from settled) as n`);
    return !result.rows[0]?.short;
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
      expiryDate: string;
      frozenDays: number | null;
      protocol: string | null;
    }[] = [];
    for (let start = 0; start < ids.length; start += INSERT_SLICE) {
      const rows = await db
        .select({
          id: lines.id,
          planId: lines.planId,
          subscriptionMonths: lines.subscriptionMonths,
          isTrial: lines.isTrial,
          expiryDate: lines.expiryDate,
          frozenDays: lines.frozenDays,
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
  /**
   * Gives lines to `owner` in one statement, as `moveLine` and its history row do for one line: each
   * line's owner changes, with a `moved` row (its own details) in its history.
   */
  async moveLines(
    tx: Db,
    rows: { line_id: number; details: Record<string, unknown> }[],
    owner: { id: string; email: string },
    actorId: string,
  ): Promise<void> {
    if (rows.length === 0) return;
    await tx.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r (line_id int, details jsonb)
      ),
      moved as (
        update ${lines} u set owner_id = ${owner.id}, owner_email = ${owner.email}, updated_at = now()
        from v where u.id = v.line_id returning u.id
      ),
      logged as (${lineHistoryRepository.insertSelected(
        sql`select v.line_id, ${owner.id}::text, ${actorId}::text, 'moved', v.details from v`,
      )})
      select count(*) from moved`);
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
