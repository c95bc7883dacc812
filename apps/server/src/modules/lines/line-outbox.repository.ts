import { and, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lines, lineSyncOutbox as outbox } from '../../db/schema.js';

export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxKey = { serverId: number; username: string };
/** What an agent must hold for a line: add-user/edit-user fields, the date as DD-MM-YYYY. */
export type UpsertPayload = { password: string; expiryDate: string; enabled: boolean };

const msFromNow = (ms: number) => sql`now() + (${ms})::float8 * interval '1 millisecond'`;
const notLeased = or(isNull(outbox.leasedUntil), lt(outbox.leasedUntil, sql`now()`)) as SQL;
const keyIs = (key: OutboxKey) =>
  and(eq(outbox.serverId, key.serverId), eq(outbox.username, key.username)) as SQL;
/** The row still asks for what the deliverer sent (no newer change replaced it meanwhile). */
const unchangedSince = (row: OutboxRow) =>
  and(
    eq(outbox.id, row.id),
    eq(outbox.operation, row.operation),
    sql`${outbox.payload} = ${JSON.stringify(row.payload)}::jsonb`,
  ) as SQL;

export const lineOutboxRepository = {
  /**
   * Records what a server must be told about a username, replacing whatever was still undelivered
   * for it: only the newest state matters. A running delivery keeps its lease; when it finishes it
   * sees the row changed and leaves it for the next one. Call under the line's row lock.
   *
   * `workerAfterMs`: the caller delivers the row itself right after its commit; the worker only
   * takes it when that has not happened by then (the process died), instead of racing the caller.
   */
  async enqueue(
    tx: Db,
    entry: OutboxKey & { lineId: number | null } & (
        { operation: 'upsert'; payload: UpsertPayload } | { operation: 'delete' }
      ),
    workerAfterMs: number,
  ): Promise<void> {
    const payload = entry.operation === 'upsert' ? entry.payload : {};
    await tx
      .insert(outbox)
      .values({
        lineId: entry.lineId,
        serverId: entry.serverId,
        username: entry.username,
        operation: entry.operation,
        payload,
        nextAttemptAt: msFromNow(workerAfterMs),
      })
      .onConflictDoUpdate({
        target: [outbox.serverId, outbox.username],
        set: {
          lineId: sql`excluded.line_id`,
          operation: sql`excluded.operation`,
          payload: sql`excluded.payload`,
          attempts: 0,
          nextAttemptAt: sql`excluded.next_attempt_at`,
          lastError: null,
        },
      });
  },
  /**
   * Reconcile: asks for the lines' current state to be delivered unless a delivery is already
   * pending for them (that pending row is the newer decision). Takes the lines' row locks first so a
   * concurrent edit either commits before (and is read here) or after (and replaces this row).
   */
  async enqueueCurrentState(tx: Db, lineIds: number[]): Promise<OutboxKey[]> {
    if (lineIds.length === 0) return [];
    await tx.select({ id: lines.id }).from(lines).where(inArray(lines.id, lineIds)).for('update');
    const inserted = await tx.execute(sql`
      insert into line_sync_outbox (line_id, server_id, username, operation, payload)
      select id, server_id, username, 'upsert',
        jsonb_build_object('password', password, 'expiryDate', to_char(expiry_date, 'DD-MM-YYYY'), 'enabled', enabled)
      from users
      where id in (${sql.join(
        lineIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and server_id is not null
      on conflict (server_id, username) do nothing
      returning server_id, username`);
    return rowsOf<{ server_id: number; username: string }>(inserted).map((r) => ({
      serverId: r.server_id,
      username: r.username,
    }));
  },
  /** Reconcile: removes an agent user the panel has no line for, unless something is pending for it. */
  async enqueueDeleteIfNoLine(db: Db, key: OutboxKey): Promise<boolean> {
    const inserted = await db.execute(sql`
      insert into line_sync_outbox (line_id, server_id, username, operation, payload)
      select null, ${key.serverId}, ${key.username}, 'delete', '{}'::jsonb
      where not exists (select 1 from users where server_id = ${key.serverId} and username = ${key.username})
      on conflict (server_id, username) do nothing
      returning id`);
    return rowsOf(inserted).length > 0;
  },
  /** A deleted line's pending upsert (an edit that raced the delete) becomes a delete. */
  async turnIntoDelete(tx: Db, key: OutboxKey): Promise<void> {
    await tx
      .update(outbox)
      .set({ operation: 'delete', payload: {}, attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
      .where(and(keyIs(key), eq(outbox.operation, 'upsert')));
  },
  async findByKey(db: Db, key: OutboxKey): Promise<OutboxRow | undefined> {
    const [row] = await db.select().from(outbox).where(keyIs(key));
    return row;
  },
  /** Leases this key's row now, due or not (a user is waiting), unless another deliverer holds it. */
  async claimKey(db: Db, key: OutboxKey, leaseMs: number, leaseId: string): Promise<OutboxRow | undefined> {
    const [row] = await db
      .update(outbox)
      .set({ leasedUntil: msFromNow(leaseMs), leaseId })
      .where(and(keyIs(key), notLeased))
      .returning();
    return row;
  },
  /**
   * Leases up to `limit` due rows for this instance in one statement. SKIP LOCKED lets several
   * instances claim at once without waiting for, or taking, each other's rows.
   */
  async claimDue(db: Db, limit: number, leaseMs: number, leaseId: string): Promise<OutboxRow[]> {
    const due = sql`(
      select ${outbox.id} from ${outbox}
      where ${outbox.nextAttemptAt} <= now() and (${outbox.leasedUntil} is null or ${outbox.leasedUntil} < now())
      order by ${outbox.nextAttemptAt}
      limit ${limit}
      for update skip locked
    )`;
    return db
      .update(outbox)
      .set({ leasedUntil: msFromNow(leaseMs), leaseId })
      .where(sql`${outbox.id} in ${due}`)
      .returning();
  },
  /** Delivered: the row goes, unless a newer change replaced it meanwhile (then only the lease goes). */
  async complete(db: Db, row: OutboxRow, leaseId: string): Promise<void> {
    const deleted = await db
      .delete(outbox)
      .where(and(unchangedSince(row), eq(outbox.leaseId, leaseId)))
      .returning({ id: outbox.id });
    if (deleted.length === 0) await lineOutboxRepository.release(db, row.id, leaseId);
  },
  /** Not delivered: retry after `delayMs`; a row replaced meanwhile is due at once instead. */
  async fail(db: Db, row: OutboxRow, leaseId: string, error: string, delayMs: number): Promise<void> {
    const updated = await db
      .update(outbox)
      .set({
        attempts: sql`${outbox.attempts} + 1`,
        nextAttemptAt: msFromNow(delayMs),
        lastError: error,
        leasedUntil: null,
        leaseId: null,
      })
      .where(and(unchangedSince(row), eq(outbox.leaseId, leaseId)))
      .returning({ id: outbox.id });
    if (updated.length === 0) await lineOutboxRepository.release(db, row.id, leaseId);
  },
  async release(db: Db, id: number, leaseId: string): Promise<void> {
    await db
      .update(outbox)
      .set({ leasedUntil: null, leaseId: null })
      .where(and(eq(outbox.id, id), eq(outbox.leaseId, leaseId)));
  },
  async pendingCount(db: Db): Promise<number> {
    const result = await db.execute(sql`select count(*)::int as n from line_sync_outbox`);
    return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
  },
};

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
