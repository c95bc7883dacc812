import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { CreditChangeResult } from '../credits/credit-ledger.js';
import { AppError } from '../../platform/errors.js';
import { planOfLine } from '../line-plans/line-plans.service.js';
import { lineUpsertPayload } from '../line-sync/line-payload.js';
import { chargeForLine, type LineCharge } from './line-charge.js';
import { lineHistoryRepository, type OwnedLineEvent } from './line-history.repository.js';
import { lineOutboxRepository, type OutboxKey, type OutboxRow } from '../line-sync/line-outbox.repository.js';
import { leaseMs, syncTiming } from '../line-sync/line-sync.js';
import { linesRepository, type LineRecord, type LineUpdate } from './lines.repository.js';

/** A delivery the request's own transaction already leased: delivered right after the commit. */
export type Claimed = { row: OutboxRow; leaseId: string };

/**
 * When an outbox row is due for the worker, and whether the writer leases it to deliver it itself
 * right after the commit (a request does; a bulk job leaves its rows to the worker's batches).
 */
export type OutboxDelivery = { workerAfterMs: number; leaseMs?: number };

/** A request delivers its own rows: the worker takes them only when that has not happened by then. */
export function requestDelivery(ctx: AppContext): Required<OutboxDelivery> {
  const ms = leaseMs(syncTiming(ctx));
  return { workerAfterMs: ms, leaseMs: ms };
}

/**
 * Where the line's changes go; null without a server, and for a line its server refused (it never
 * had the entry: a delete is not sent, and the agent would refuse it for the hand-written one).
 */
export function keyOf(line: {
  serverId: number | null;
  username: string;
  syncState?: LineRecord['syncState'];
}): OutboxKey | null {
  if (line.serverId === null || line.syncState === 'refused') return null;
  return { serverId: line.serverId, username: line.username };
}

/** A line its server refused is given back, not changed: what reaches a server is refused for it. */
export function assertNotRefused(line: Pick<LineRecord, 'syncState'>): void {
  if (line.syncState === 'refused') throw new AppError('LINE_REFUSED_BY_SERVER');
}

/**
 * An archived line is off its server: nothing is sent there for it but its restore (the one change
 * that clears `archivedAt`), so a change of it is refused until it is restored.
 */
export function assertNotArchived(line: Pick<LineRecord, 'archivedAt'>, values: LineUpdate = {}): void {
  if (line.archivedAt !== null && values.archivedAt !== null) throw new AppError('LINE_ARCHIVED');
}

/**
 * Queues the line's whole entry (`lineUpsertPayload`) for `serverId`, in the write's own transaction.
 * With a lease the row is the writer's to deliver right after the commit (unless another deliverer
 * holds it: then undefined, and the writer waits for that one). `event`: the write's history row, in
 * the same statement.
 */
export async function queueUpsert(
  tx: Db,
  line: Pick<
    LineRecord,
    | 'id'
    | 'username'
    | 'password'
    | 'expiryDate'
    | 'enabled'
    | 'planId'
    | 'restrictionOverrides'
    | 'entryExtra'
    | 'sharingOscam'
  >,
  serverId: number,
  delivery: OutboxDelivery,
  event?: OwnedLineEvent,
): Promise<Claimed | undefined> {
  const plan = await planOfLine(tx, line.planId);
  const lease = delivery.leaseMs === undefined ? undefined : { ms: delivery.leaseMs, id: randomUUID() };
  const row = await lineOutboxRepository.enqueue(
    tx,
    {
      lineId: line.id,
      serverId,
      username: line.username,
      operation: 'upsert',
      payload: lineUpsertPayload(line, plan.restrictions),
    },
    delivery.workerAfterMs,
    { lease, event },
  );
  return row && lease && { row, leaseId: lease.id };
}

/** A history row of a line write. */
export type LineHistory = { actorId: string | null; action: string; details?: Record<string, unknown> };

export type LineChange = {
  values: LineUpdate;
  /** False when nothing the server holds (password, expiry, enabled) changes: no outbox row. */
  reachesServer?: boolean;
  charge?: LineCharge;
  /** Its history rows, in order; the first rides in the outbox statement when there is one. */
  history: LineHistory[];
  delivery: OutboxDelivery;
};

export type LineChanged = {
  line: LineRecord;
  /** The payer's balance after the charge; null when nothing was charged. */
  charged: CreditChangeResult | null;
  claimed: Claimed | undefined;
};

/**
 * One change of an existing line, under its row lock in the caller's transaction: the row (pending
 * for its server), the charge with its ledger row, the outbox upsert and the history rows commit
 * together, so a failed charge leaves the line as it was.
 */
export async function writeLineChange(tx: Db, current: LineRecord, change: LineChange): Promise<LineChanged> {
  assertNotArchived(current, change.values);
  if (change.reachesServer !== false) assertNotRefused(current);
  const serverId = change.reachesServer === false ? null : current.serverId;
  const line = (await linesRepository.update(tx, current.id, {
    ...change.values,
    ...(serverId !== null ? { syncState: 'pending' as const } : {}),
  }))!;
  const charged = await chargeForLine(tx, current, change.charge);
  const [first, ...rest] = change.history.map((entry) => ({
    lineId: current.id,
    ownerId: line.ownerId,
    ...entry,
  }));
  let claimed: Claimed | undefined;
  if (serverId !== null) claimed = await queueUpsert(tx, line, serverId, change.delivery, first);
  else if (first) await lineHistoryRepository.insert(tx, first);
  for (const entry of rest) await lineHistoryRepository.insert(tx, entry);
  return { line, charged, claimed };
}
