import { and, eq, getTableName, sql, type WithSubquery } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lines, trialLineUsage } from '../../db/schema.js';
import { creditLedger, type CreditChange } from '../credits/credit-ledger.js';
import { outboxStatements, type OutboxRow, type UpsertPayload } from '../line-sync/line-outbox.repository.js';
import { lineHistoryRepository, type OwnedLineEvent } from './line-history.repository.js';
import { storedColumns, type LineInsert, type LineRecord } from './lines.repository.js';

/**
 * The statements that create lines: each writes the line with its outbox row, its history row and
 * its charge (through the credit ledger's statements) at once, and the trial allowance they use.
 */
export const lineCreateRepository = {
  /**
   * Counts one trial line for the account on `day` unless it already has `limit`: one guarded upsert,
   * so concurrent creates queue on the row and never pass the limit. False = limit reached.
   */
  async claimTrial(tx: Db, accountId: string, day: string, limit: number): Promise<boolean> {
    if (limit <= 0) return false;
    const rows = await tx
      .insert(trialLineUsage)
      .values({ accountId, day, used: 1 })
      .onConflictDoUpdate({
        target: [trialLineUsage.accountId, trialLineUsage.day],
        set: { used: sql`${trialLineUsage.used} + 1` },
        setWhere: sql`${trialLineUsage.used} < ${limit}`,
      })
      .returning({ used: trialLineUsage.used });
    return rows.length > 0;
  },
  async trialsUsed(db: Db, accountId: string, day: string): Promise<number> {
    const [row] = await db
      .select({ used: trialLineUsage.used })
      .from(trialLineUsage)
      .where(and(eq(trialLineUsage.accountId, accountId), eq(trialLineUsage.day, day)));
    return row?.used ?? 0;
  },
  /**
   * A new line and what its creation writes besides, in one statement: its outbox row (leased for
   * the caller when free), its history row and, when it is charged, the balance change with its
   * ledger row. The line's id is drawn from its sequence first, so the other rows can name it.
   * `charged` is null when the balance could not pay (the caller must roll back), undefined when
   * nothing was charged.
   */
  async insertCreated(
    tx: Db,
    values: LineInsert,
    extra: {
      outbox: {
        serverId: number;
        payload: UpsertPayload;
        workerAfterMs: number;
        /** Leased for the caller to deliver after the commit; none: left to the worker. */
        lease?: { ms: number; id: string };
      };
      event: Omit<OwnedLineEvent, 'lineId'>;
      charge: (Omit<CreditChange, 'refId'> & { refType: string }) | null;
    },
  ): Promise<{
    line: LineRecord;
    outbox: OutboxRow | undefined;
    charged: { balance: number; ownerId: string | null } | null | undefined;
  }> {
    const lineId = sql`(select id from new_line)`;
    const outboxEntry = {
      lineId: 0,
      serverId: extra.outbox.serverId,
      username: values.username,
      operation: 'upsert' as const,
      payload: extra.outbox.payload,
    };
    const ctes: WithSubquery[] = [
      tx
        .$with('new_line', {})
        .as(sql`select nextval(pg_get_serial_sequence(${getTableName(lines)}, 'id'))::int as id`),
      tx
        .$with('queued', {})
        .as(
          outboxStatements.upsertStatement(
            { ...outboxEntry, lineId },
            extra.outbox.workerAfterMs,
            extra.outbox.lease,
          ),
        ),
      tx.$with('logged', {}).as(lineHistoryRepository.insertStatement({ ...extra.event, lineId })),
    ];
    if (extra.charge) {
      const charge = creditLedger.changeCtes({
        ...extra.charge,
        refId: sql`(select id::text from new_line)`,
      });
      ctes.push(tx.$with('charged', {}).as(charge.charged), tx.$with('entry', {}).as(charge.entry));
    }
    const [row] = await tx
      .with(...ctes)
      .insert(lines)
      .values({ ...values, id: lineId as unknown as number })
      .returning({
        ...storedColumns,
        queuedId: sql<string | number | null>`(select id from queued)`,
        queuedLease: sql<string | null>`(select lease_id from queued)`,
        queuedAttempts: sql<number | null>`(select attempts from queued)`,
        balance: extra.charge ? sql<number | null>`(select credits from charged)` : sql<null>`null`,
        accountOwner: extra.charge ? sql<string | null>`(select owner_id from charged)` : sql<null>`null`,
      });
    const { queuedId, queuedLease, queuedAttempts, balance, accountOwner, ...line } = row!;
    const outbox =
      queuedId === null
        ? undefined
        : outboxStatements.leasedRow(
            { ...outboxEntry, lineId: line.id },
            extra.outbox.workerAfterMs,
            extra.outbox.lease,
            { id: queuedId, lease_id: queuedLease, attempts: queuedAttempts ?? 0 },
          );
    const charged = !extra.charge ? undefined : balance === null ? null : { balance, ownerId: accountOwner };
    return { line, outbox, charged };
  },
  /**
   * Many new lines in one transaction's two statements (group commit of concurrent creates, or a
   * chunk of a bulk create): the lines, in order, skipping any whose username is taken (by an
   * existing line or an earlier one in `values`); then for the inserted ones, in one statement, their
   * outbox rows (each leased for its own request, or left to the worker), their history rows and the
   * charges with one ledger row per line, each account's balance moved once by its lines' total.
   * `short`: accounts whose balance could not pay their total; the caller must roll back, since their
   * lines stand uncharged.
   */
  async insertCreatedMany(
    tx: Db,
    items: {
      values: LineInsert;
      /** Leased for its own request to deliver; null: left to the worker's batches. */
      outbox: { payload: UpsertPayload; leaseId: string | null };
      details: Record<string, unknown>;
      charge: number;
    }[],
    timing: { workerAfterMs: number; leaseMs: number | null },
  ): Promise<{
    lines: LineRecord[];
    outbox: Map<string, { id: number; lease_id: string | null; attempts: number }>;
    balances: Map<string, { balance: number; ownerId: string | null }>;
    short: string[];
  }> {
    // Of several creates for one username only the first is written (the caller answers the others
    // that it is taken): its values, charge, agent payload and lease must all be that first one's.
    const byUsername = new Map<string, (typeof items)[number]>();
    for (const item of items) {
      if (!byUsername.has(item.values.username)) byUsername.set(item.values.username, item);
    }
    const inserted = await tx
      .insert(lines)
      .values([...byUsername.values()].map((item) => item.values))
      .onConflictDoNothing({ target: lines.username })
      .returning(storedColumns);
    if (inserted.length === 0) return { lines: [], outbox: new Map(), balances: new Map(), short: [] };
    // One JSON parameter for all rows: building thousands of bound parameters costs more than the
    // statement itself.
    const rows = inserted.map((line) => {
      const item = byUsername.get(line.username)!;
      return {
        line_id: line.id,
        owner_id: line.ownerId,
        server_id: line.serverId,
        username: line.username,
        charge: item.charge,
        payload: item.outbox.payload,
        details: item.details,
        lease_id: item.outbox.leaseId,
      };
    });
    // Each owner's balance moves once, by the total of its lines, through the credit ledger.
    const spend = creditLedger.spendManyCtes({
      from: sql`v`,
      payer: sql`v.owner_id`,
      amount: sql`v.charge`,
      actorId: sql`v.owner_id`,
      order: sql`v.line_id`,
      refType: 'line',
      refId: sql`v.line_id::text`,
      note: sql`v.username`,
      reason: 'line_create',
    });
    const result = await tx.execute<ResultRow>(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r (line_id int, owner_id text,
          server_id int, username text, charge int, payload jsonb, details jsonb, lease_id text)
      ),
      need as (${spend.need}),
      charged as (${spend.charged}),
      entry as (${spend.entry}),
      queued as (${outboxStatements.upsertManyStatement(sql`v`, timing.workerAfterMs, timing.leaseMs)}),
      logged as (${lineHistoryRepository.insertSelected(
        sql`select v.line_id, v.owner_id, v.owner_id, 'created', v.details from v`,
      )})
      select 'queued' as kind, q.username as key, q.id, q.lease_id, q.attempts, null::int as credits,
        null::text as owner_id
      from queued q
      union all
      select 'charged', c.id, null, null, null, c.credits, c.owner_id from charged c
      union all
      select 'short', n.owner_id, null, null, null, null, null from need n
        where not exists (select 1 from charged c where c.id = n.owner_id)`);
    const outbox = new Map<string, { id: number; lease_id: string | null; attempts: number }>();
    const balances = new Map<string, { balance: number; ownerId: string | null }>();
    const short: string[] = [];
    type ResultRow = {
      kind: 'queued' | 'charged' | 'short';
      key: string;
      id: string | number | null;
      lease_id: string | null;
      attempts: number | null;
      credits: number | null;
      owner_id: string | null;
    };
    for (const row of result.rows) {
      if (row.kind === 'queued') {
        outbox.set(row.key, { id: Number(row.id), lease_id: row.lease_id, attempts: row.attempts ?? 0 });
      } else if (row.kind === 'charged') {
        balances.set(row.key, { balance: row.credits!, ownerId: row.owner_id });
      } else {
        short.push(row.key);
      }
    }
    return { lines: inserted, outbox, balances, short };
  },
};
