import { and, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { LineEntryExtra, LineRestrictions } from '@linedesk/shared';
import type { Db } from '../../db/client.js';
import { rawRows } from '../../db/raw-rows.js';
import { linePlans, lines, lineSyncOutbox as outbox } from '../../db/schema.js';
import { lineHistoryRepository, type OwnedLineEvent } from '../lines/line-history.repository.js';

export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxKey = { serverId: number; username: string };
/**
 * What an agent must hold for a line: add-user/edit-user fields, the date as DD-MM-YYYY, the
 * restrictions (the plan's, the line's own values over them) only when there are any (so a line
 * without them is sent as before plans), and the entry's verbatim `extra` when it has one.
 */
export type UpsertPayload = {
  password: string;
  expiryDate: string;
  enabled: boolean;
  restrictions?: LineRestrictions;
  extra?: LineEntryExtra;
};
/** What an adopt row of the outbox carries. */
export type AdoptPayload = {
  fingerprint: string;
  /** DD-MM-YYYY, for an entry without its own expiry. */
  expiryDate?: string;
  /** Given back to this account if the agent refuses the adoption. */
  charge: { accountId: string; amount: number } | null;
};

/**
 * A line's upsert payload in SQL, from `users u` joined to its plan `p`: `lineUpsertPayload`
 * (line-payload.ts) in SQL. Both restriction objects are stored compact, so `||` is the per-key merge;
 * a key the line sets to none (null) is then left out.
 */
const currentPayload = sql`jsonb_build_object('password', u.password, 'expiryDate', to_char(u.expiry_date, 'DD-MM-YYYY'), 'enabled', u.enabled)
  || case when jsonb_strip_nulls(p.restrictions || u.restriction_overrides) = '{}'::jsonb then '{}'::jsonb
     else jsonb_build_object('restrictions', jsonb_strip_nulls(p.restrictions || u.restriction_overrides)) end
  || case when u.sharing_oscam is not null and not coalesce(u.entry_extra ? 'cccam', false)
       then jsonb_build_object('extra', jsonb_build_object('oscam', coalesce((
         select jsonb_agg(l.line order by l.n) from jsonb_array_elements_text(u.entry_extra->'oscam')
           with ordinality as l(line, n)
         where lower(btrim(split_part(l.line, '=', 1))) not in ('penalty', 'numusers', 'fakedelay')
       ), '[]'::jsonb) || u.sharing_oscam))
     when u.entry_extra is null then '{}'::jsonb else jsonb_build_object('extra', u.entry_extra) end`;
export type OutboxEntry = OutboxKey & { lineId: number | null } & (
    { operation: 'upsert'; payload: UpsertPayload } | { operation: 'delete' }
  );
export type EnqueueOptions = {
  /** Lease the row for the caller, who delivers it right after the commit (as claimKey would). */
  lease?: { ms: number; id: string };
  /** A history row for the line, written by the same statement. */
  event?: OwnedLineEvent;
};
/**
 * A pending adoption is never replaced: until the agent has moved the entry into its block, an
 * add-user or delete-user for the name would be refused (it is still hand-written). Whatever changed
 * meanwhile is queued when the adoption is recorded (`line-adoption-settle.ts`).
 */
const keepAdoption = sql`where o.operation <> 'adopt'`;
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

/**
 * The upsert of an outbox row, `returning id, lease_id, attempts`. The caller's lease is taken unless
 * another deliverer holds the row: then the caller waits for that one instead (a delivery running
 * for this key keeps its lease). `lineId` may be SQL (a line inserted by the same statement).
 */
function upsertStatement(
  entry: OutboxKey & { lineId: number | null | SQL; operation: OutboxEntry['operation']; payload: object },
  workerAfterMs: number,
  lease: EnqueueOptions['lease'],
): SQL {
  const payload = entry.payload;
  const free = sql`(o.leased_until is null or o.leased_until < now())`;
  return sql`
    insert into ${outbox} as o
      (line_id, server_id, username, operation, payload, next_attempt_at, leased_until, lease_id)
    values (${entry.lineId}, ${entry.serverId}, ${entry.username}, ${entry.operation},
      ${JSON.stringify(payload)}::jsonb, ${msFromNow(workerAfterMs)},
      ${lease ? msFromNow(lease.ms) : null}, ${lease?.id ?? null})
    on conflict (server_id, username) do update set
      line_id = excluded.line_id, operation = excluded.operation, payload = excluded.payload,
      attempts = 0, next_attempt_at = excluded.next_attempt_at, last_error = null,
      leased_until = case when ${free} then excluded.leased_until else o.leased_until end,
      lease_id = case when ${free} then excluded.lease_id else o.lease_id end
      ${keepAdoption}
    returning o.id, o.lease_id, o.attempts`;
}

/** The row as the caller leased it, when it did (else undefined: someone else holds it). */
function leasedRow(
  entry: OutboxEntry,
  workerAfterMs: number,
  lease: EnqueueOptions['lease'],
  row: { id: string | number; lease_id: string | null; attempts: number },
): OutboxRow | undefined {
  if (!lease || row.lease_id !== lease.id) return undefined;
  return {
    id: Number(row.id),
    lineId: entry.lineId,
    serverId: entry.serverId,
    username: entry.username,
    operation: entry.operation,
    payload: entry.operation === 'upsert' ? entry.payload : {},
    attempts: row.attempts,
    nextAttemptAt: new Date(Date.now() + workerAfterMs),
    lastError: null,
    createdAt: new Date(),
    leasedUntil: new Date(Date.now() + lease.ms),
    leaseId: lease.id,
  };
}

/**
 * Many lines' upserts (as `upsertStatement`), each leased for its own request, read from the WITH
 * query `source` with columns line_id, server_id, username, payload, lease_id. Returns per row its
 * key and lease, like `upsertStatement`. `leaseMs` null: nobody leases them (a bulk job leaves its
 * rows to the worker's batches), as `upsertStatement` without a lease. `operation` delete: the
 * usernames' removals instead (their `payload` is `{}`).
 */
function upsertManyStatement(
  source: SQL,
  workerAfterMs: number,
  leaseMs: number | null,
  operation: OutboxEntry['operation'] = 'upsert',
): SQL {
  const free = sql`(o.leased_until is null or o.leased_until < now())`;
  return sql`
    insert into ${outbox} as o
      (line_id, server_id, username, operation, payload, next_attempt_at, leased_until, lease_id)
    select s.line_id, s.server_id, s.username, ${operation}, s.payload, ${msFromNow(workerAfterMs)},
      ${leaseMs === null ? sql`null::timestamptz` : msFromNow(leaseMs)}, s.lease_id
    from ${source} s
    on conflict (server_id, username) do update set
      line_id = excluded.line_id, operation = excluded.operation, payload = excluded.payload,
      attempts = 0, next_attempt_at = excluded.next_attempt_at, last_error = null,
      leased_until = case when ${free} then excluded.leased_until else o.leased_until end,
      lease_id = case when ${free} then excluded.lease_id else o.lease_id end
      ${keepAdoption}
    returning o.id, o.server_id, o.username, o.lease_id, o.attempts`;
}

export const outboxStatements = { upsertStatement, upsertManyStatement, leasedRow };

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
    entry: OutboxEntry,
    workerAfterMs: number,
    options: EnqueueOptions = {},
  ): Promise<OutboxRow | undefined> {
    const payload = entry.operation === 'upsert' ? entry.payload : {};
    const lease = options.lease;
    const upsert = upsertStatement({ ...entry, payload }, workerAfterMs, lease);
    const event = options.event;
    // The line's history row rides in the same statement: one round trip for both.
    const statement = event
      ? sql`with queued as (${upsert}), logged as (${lineHistoryRepository.insertStatement(event)}) select id, lease_id, attempts from queued`
      : upsert;
    const [row] = await rawRows<{ id: string | number; lease_id: string | null; attempts: number }>(
      tx,
      statement,
    );
    return row && leasedRow(entry, workerAfterMs, lease, row);
  },
  /**
   * Reconcile: asks for the lines' current state to be delivered unless a delivery is already
   * pending for them (that pending row is the newer decision); never for a line its server refused.
   * Takes the lines' row locks first so a concurrent edit either commits before (and is read here)
   * or after (and replaces this row).
   */
  async enqueueCurrentState(tx: Db, lineIds: number[]): Promise<OutboxKey[]> {
    if (lineIds.length === 0) return [];
    await tx.select({ id: lines.id }).from(lines).where(inArray(lines.id, lineIds)).for('update');
    const inserted = await rawRows<{ server_id: number; username: string }>(
      tx,
      sql`
      insert into ${outbox} (line_id, server_id, username, operation, payload)
      select u.id, u.server_id, u.username, 'upsert', ${currentPayload}
      from ${lines} u join ${linePlans} p on p.id = u.plan_id
      where u.id in (${sql.join(
        lineIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and u.server_id is not null and u.sync_state <> 'refused' and u.archived_at is null
      on conflict (server_id, username) do nothing
      returning server_id, username`,
    );
    return inserted.map((r) => ({
      serverId: r.server_id,
      username: r.username,
    }));
  },
  /**
   * A plan's restrictions changed: every line of the plan on a server gets its current state
   * queued. A pending upsert takes the new payload (its deliverer, if any, then finds the row changed
   * and leaves it for the next round); a pending delete stays.
   */
  async enqueuePlanLines(tx: Db, planId: number): Promise<number> {
    const queued = await rawRows(
      tx,
      sql`
      insert into ${outbox} as o (line_id, server_id, username, operation, payload)
      select u.id, u.server_id, u.username, 'upsert', ${currentPayload}
      from ${lines} u join ${linePlans} p on p.id = u.plan_id
      where u.plan_id = ${planId} and u.server_id is not null and u.sync_state <> 'refused'
        and u.archived_at is null
      on conflict (server_id, username) do update set
        payload = excluded.payload, attempts = 0, next_attempt_at = now(), last_error = null
        where o.operation = 'upsert'
      returning o.id`,
    );
    await tx.execute(
      sql`update ${lines} set sync_state = 'pending' where plan_id = ${planId} and server_id is not null and sync_state <> 'refused' and archived_at is null`,
    );
    return queued.length;
  },
  /** The business time zone changed: every line on a server gets its current state queued, as above. */
  async enqueueEveryLine(tx: Db): Promise<number> {
    const queued = await rawRows(
      tx,
      sql`
      insert into ${outbox} as o (line_id, server_id, username, operation, payload)
      select u.id, u.server_id, u.username, 'upsert', ${currentPayload}
      from ${lines} u join ${linePlans} p on p.id = u.plan_id
      where u.server_id is not null and u.archived_at is null
      on conflict (server_id, username) do update set
        payload = excluded.payload, attempts = 0, next_attempt_at = now(), last_error = null
        where o.operation = 'upsert'
      returning o.id`,
    );
    await tx.execute(
      sql`update ${lines} set sync_state = 'pending' where server_id is not null and archived_at is null`,
    );
    return queued.length;
  },
  /**
   * A server's standby was given (`upsert`: every line of the primary as it is now) or taken away
   * (`delete`: each of them removed from it), as rows of the standby's own (docs/standby.md). No
   * line_id: a line's sync state is its primary's. A pending adoption is kept, as everywhere.
   */
  async enqueueForStandby(
    tx: Db,
    primaryId: number,
    standbyId: number,
    operation: 'upsert' | 'delete',
  ): Promise<number> {
    const payload = operation === 'upsert' ? currentPayload : sql`'{}'::jsonb`;
    const queued = await rawRows(
      tx,
      sql`
      insert into ${outbox} as o (line_id, server_id, username, operation, payload)
      select null, ${standbyId}, u.username, ${operation}, ${payload}
      from ${lines} u join ${linePlans} p on p.id = u.plan_id
      where u.server_id = ${primaryId} and u.archived_at is null
        ${operation === 'upsert' ? sql`and u.sync_state <> 'refused'` : sql``}
      on conflict (server_id, username) do update set
        operation = excluded.operation, payload = excluded.payload, attempts = 0,
        next_attempt_at = now(), last_error = null
        ${keepAdoption}
      returning o.id`,
    );
    return queued.length;
  },
  /** Reconcile: removes an agent user the panel has no line for, unless something is pending for it. */
  async enqueueDeleteIfNoLine(db: Db, key: OutboxKey): Promise<boolean> {
    const inserted = await rawRows(
      db,
      sql`
      insert into ${outbox} (line_id, server_id, username, operation, payload)
      select null, ${key.serverId}, ${key.username}, 'delete', '{}'::jsonb
      where not exists (select 1 from ${lines} where server_id = ${key.serverId} and username = ${key.username} and archived_at is null)
      on conflict (server_id, username) do nothing
      returning id`,
    );
    return inserted.length > 0;
  },
  /** Adoptions of new lines, leased for the request that delivers them right after its commit. */
  async enqueueAdoptions(
    tx: Db,
    entries: (OutboxKey & { lineId: number; payload: AdoptPayload })[],
    workerAfterMs: number,
    lease: { ms: number; id: string },
  ): Promise<OutboxRow[]> {
    if (entries.length === 0) return [];
    return tx
      .insert(outbox)
      .values(
        entries.map((entry) => ({
          lineId: entry.lineId,
          serverId: entry.serverId,
          username: entry.username,
          operation: 'adopt' as const,
          payload: entry.payload,
          nextAttemptAt: msFromNow(workerAfterMs),
          leasedUntil: msFromNow(lease.ms),
          leaseId: lease.id,
        })),
      )
      .returning();
  },
  /** The adoption the caller holds the lease of is settled: its row goes (false: someone else settled it). */
  async completeAdoption(tx: Db, row: OutboxRow, leaseId: string): Promise<boolean> {
    const done = await tx
      .delete(outbox)
      .where(and(eq(outbox.id, row.id), eq(outbox.leaseId, leaseId), eq(outbox.operation, 'adopt')))
      .returning({ id: outbox.id });
    return done.length > 0;
  },
  /** `completeAdoption` for many rows in one statement; returns the rows this call removed. */
  async completeAdoptions(
    tx: Db,
    rows: { id: number; leaseId: string }[],
  ): Promise<{ id: number; lineId: number | null; serverId: number; username: string }[]> {
    if (rows.length === 0) return [];
    const values = rows.map((row) => ({ id: row.id, lease_id: row.leaseId }));
    const result = await rawRows<{
      id: string | number;
      line_id: number | null;
      server_id: number;
      username: string;
    }>(
      tx,
      sql`
      delete from ${outbox} o
      using jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v (id bigint, lease_id text)
      where o.id = v.id and o.lease_id = v.lease_id and o.operation = 'adopt'
      returning o.id, o.line_id, o.server_id, o.username`,
    );
    return result.map((row) => ({
      id: Number(row.id),
      lineId: row.line_id,
      serverId: row.server_id,
      username: row.username,
    }));
  },
  /** Pending adoptions of these usernames on a server (a rerun reports them as still under way). */
  async pendingAdoptions(db: Db, serverId: number, usernames: string[]): Promise<Set<string>> {
    if (usernames.length === 0) return new Set();
    const rows = await db
      .select({ username: outbox.username })
      .from(outbox)
      .where(
        and(
          eq(outbox.serverId, serverId),
          eq(outbox.operation, 'adopt'),
          inArray(outbox.username, usernames),
        ),
      );
    return new Set(rows.map((row) => row.username));
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
  /**
   * Delivered, for a batch of rows at once: each row goes unless a newer change replaced it
   * meanwhile; those only lose the lease. One statement however many rows.
   */
  async completeMany(db: Db, rows: { row: OutboxRow; leaseId: string }[]): Promise<void> {
    if (rows.length === 0) return;
    // One JSON parameter for the whole batch rather than four bound parameters a row.
    const values = rows.map(({ row, leaseId }) => ({
      id: row.id,
      lease_id: leaseId,
      operation: row.operation,
      payload: row.payload,
    }));
    await db.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
          as r (id bigint, lease_id text, operation text, payload jsonb)
      ),
      done as (
        delete from ${outbox} o using v
        where o.id = v.id and o.lease_id = v.lease_id and o.operation = v.operation and o.payload = v.payload
        returning o.id
      )
      update ${outbox} o set leased_until = null, lease_id = null
      from v
      where o.id = v.id and o.lease_id = v.lease_id and o.id not in (select id from done)`);
  },
  /**
   * Settled for good without a delivery (the agent refused it): the row goes, unless a newer change
   * replaced it meanwhile (false: that one is still to deliver).
   */
  async completeUnchanged(tx: Db, row: OutboxRow, leaseId: string): Promise<boolean> {
    const done = await tx
      .delete(outbox)
      .where(and(unchangedSince(row), eq(outbox.leaseId, leaseId)))
      .returning({ id: outbox.id });
    return done.length > 0;
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
    const [row] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from ${outbox}`);
    return row?.n ?? 0;
  },
};
