import { and, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

/** A table of work that runners lease: each row names who holds it (`leaseId`) and until when. */
export type LeasedTable = PgTable & { id: AnyPgColumn; leasedUntil: AnyPgColumn; leaseId: AnyPgColumn };

/** A table whose rows are tried again after a failure, and given up (`dead`) after the last try. */
export type RetriedTable = LeasedTable & {
  status: AnyPgColumn;
  attempts: AnyPgColumn;
  nextAttemptAt: AnyPgColumn;
  lastError: AnyPgColumn;
};

export type LeasedQueue<T extends LeasedTable> = {
  table: T;
  /** The rows with work left, whoever holds them (a row not yet due counts as not open). */
  open: SQL;
  /** Which open row is claimed first. */
  order: SQL | AnyPgColumn;
  /** Written with each claim (a job's status 'running'). */
  onClaim?: PgUpdateSetSource<T>;
  /** Written when a row's work is done; besides, the lease is cleared. */
  onFinish: PgUpdateSetSource<T>;
  /** What must hold of the row for its work to be done (a job without pending items). */
  finishedWhen?: (id: number) => SQL;
};

/** The statuses a retried row takes: waiting for its next attempt, or given up. */
export type RetryStatuses = { waiting: string; dead: string };

/** The statuses of an items job (platform/leased-job.ts `startItemsJob`) as it is retried. */
export const itemsJobStatuses: RetryStatuses = { waiting: 'queued', dead: 'dead' };

/** The table of an items job: its status, attempts, lease and end. */
export type ItemsJobTable = RetriedTable & { finishedAt: AnyPgColumn };

/**
 * The queue of an items job (`startItemsJob`): open while queued or running and due (a failed one
 * once its backoff has passed), oldest first, running once claimed, and done once none of its items
 * (`items.jobId` naming the job) is pending. Each item commits with its result, so a job taken over
 * after its lease ran out never does (nor charges) an item twice.
 */
export function itemsJobQueue<T extends ItemsJobTable>(
  table: T,
  items: { table: PgTable; jobId: AnyPgColumn; result: AnyPgColumn },
): LeasedQueue<T> {
  return {
    table,
    open: sql`${table.status} in ('queued', 'running') and ${table.nextAttemptAt} <= now()`,
    order: table.id,
    onClaim: { status: 'running' } as PgUpdateSetSource<T>,
    onFinish: { status: 'done', finishedAt: sql`now()` } as PgUpdateSetSource<T>,
    finishedWhen: (id) =>
      sql`not exists (select 1 from ${items.table} where ${items.jobId} = ${id} and ${items.result} = 'pending')`,
  };
}

const msFromNow = (ms: number) => sql`now() + (${ms})::float8 * interval '1 millisecond'`;
// Drizzle cannot check a set of columns against a table it only knows by its lease columns.
const setOf = <T extends LeasedTable>(values: Record<string, unknown>) => values as PgUpdateSetSource<T>;
const held = (table: LeasedTable, id: number, leaseId: string) =>
  and(eq(table.id, id), eq(table.leaseId, leaseId));

/**
 * The statements of the leased-job runner (platform/leased-job.ts) over any leased table. A claim
 * takes open rows whose lease is free or ran out (its runner died or stalled) with FOR UPDATE SKIP
 * LOCKED: on PostgreSQL, instances claiming at once each get other rows without waiting on each
 * other; on the embedded database, whose one connection runs one statement at a time, the same
 * statement simply runs alone. Every later statement holds only while the row still carries this
 * runner's lease, so a runner that lost its row to another changes nothing of it.
 */
export const leasedQueue = {
  async claim<T extends LeasedTable>(
    db: Db,
    queue: LeasedQueue<T>,
    limit: number,
    leaseMs: number,
    leaseId: string,
  ): Promise<T['$inferSelect'][]> {
    const { table } = queue;
    const free = or(isNull(table.leasedUntil), lt(table.leasedUntil, sql`now()`));
    const due = db
      .select({ id: table.id })
      .from(table as PgTable)
      .where(and(queue.open, free))
      .orderBy(queue.order)
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(table)
      .set(setOf<T>({ ...queue.onClaim, leasedUntil: msFromNow(leaseMs), leaseId }))
      .where(inArray(table.id, due))
      .returning();
    return rows as T['$inferSelect'][];
  },

  /** Keeps the row another `leaseMs`; false when another runner took it over meanwhile. */
  async extend(db: Db, table: LeasedTable, id: number, leaseId: string, leaseMs: number): Promise<boolean> {
    const rows = await db
      .update(table)
      .set(setOf({ leasedUntil: msFromNow(leaseMs) }))
      .where(held(table, id, leaseId))
      .returning({ id: table.id });
    return rows.length > 0;
  },

  /** Gives the row back; `pauseMs`: nobody claims it again before then. */
  async release(db: Db, table: LeasedTable, id: number, leaseId: string, pauseMs = 0): Promise<void> {
    await db
      .update(table)
      .set(setOf({ leasedUntil: pauseMs > 0 ? msFromNow(pauseMs) : null, leaseId: null }))
      .where(held(table, id, leaseId));
  },

  /** The row's work is done: false while `finishedWhen` does not hold yet or the row is another's. */
  async finish<T extends LeasedTable>(
    db: Db,
    queue: LeasedQueue<T>,
    id: number,
    leaseId: string,
  ): Promise<boolean> {
    const { table } = queue;
    const rows = await db
      .update(table)
      .set(setOf<T>({ ...queue.onFinish, leasedUntil: null, leaseId: null }))
      .where(and(held(table, id, leaseId), queue.finishedWhen?.(id)))
      .returning({ id: table.id });
    return rows.length > 0;
  },

  /** One more failed attempt: the next after `retryMs`, or dead once `maxAttempts` are used up. */
  async fail(
    db: Db,
    table: RetriedTable,
    statuses: RetryStatuses,
    id: number,
    leaseId: string,
    failure: { error: string; retryMs: number; maxAttempts: number },
  ): Promise<void> {
    const dead = sql`${table.attempts} + 1 >= ${failure.maxAttempts}`;
    await db
      .update(table)
      .set(
        setOf({
          attempts: sql`${table.attempts} + 1`,
          lastError: failure.error.slice(0, 1000),
          status: sql`case when ${dead} then ${statuses.dead} else ${statuses.waiting} end`,
          nextAttemptAt: msFromNow(failure.retryMs),
          leasedUntil: null,
          leaseId: null,
        }),
      )
      .where(held(table, id, leaseId));
  },
};
