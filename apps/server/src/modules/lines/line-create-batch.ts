import type { ChangeEvent } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { groupCommit } from '../../platform/group-commit.js';
import { balanceEvents } from '../credits/credit-events.js';
import { lineEvent } from './line-events.js';
import type { NewLine } from './line-rules.js';
import { outboxStatements, type OutboxRow } from '../line-sync/line-outbox.repository.js';
import type { LineRecord } from './lines.repository.js';
import { lineCreateRepository } from './line-create.repository.js';

/** A create `checkNewLine` allowed, only to be written (no trial, no idempotency key). */
export type BatchedCreate = Pick<NewLine, 'values' | 'payload' | 'details' | 'charge'> & { leaseId: string };

export type BatchedOutcome =
  | {
      kind: 'created';
      line: LineRecord;
      /** The outbox row leased for the request, which delivers it (undefined: another deliverer has it). */
      claimed: { row: OutboxRow; leaseId: string } | undefined;
      /** The owner's balance after the whole batch, when the line was charged. */
      charged: { balance: number; ownerId: string | null } | undefined;
    }
  | { kind: 'username_taken' }
  /** The batch could not decide this one (a balance that cannot pay, an unexpected error): the
   * request writes it in a transaction of its own, which answers with that line's own refusal. */
  | { kind: 'alone' };

/** Enough to make a burst of creates a handful of transactions; few enough to keep each short. */
const MAX_BATCH = 100;

class BalanceShort extends Error {}

async function commitCreates(
  ctx: AppContext,
  items: BatchedCreate[],
  timing: { workerAfterMs: number; leaseMs: number },
): Promise<BatchedOutcome[]> {
  let written: Awaited<ReturnType<typeof lineCreateRepository.insertCreatedMany>>;
  try {
    written = await ctx.db.transaction(async (tx) => {
      const result = await lineCreateRepository.insertCreatedMany(
        tx,
        items.map((item) => ({
          values: item.values,
          outbox: { payload: item.payload, leaseId: item.leaseId },
          details: item.details,
          charge: item.charge,
        })),
        timing,
      );
      // Lines that stand uncharged must not stay: roll the whole batch back.
      if (result.short.length > 0) throw new BalanceShort();
      return result;
    });
  } catch {
    // Each one again in its own transaction, so every line gets its own answer (the balance it
    // could not pay, or whatever else failed) and the others are written.
    return items.map(() => ({ kind: 'alone' }));
  }

  const created = new Map(written.lines.map((line) => [line.username, line]));
  const events: ChangeEvent[] = written.lines.map((line) => lineEvent('insert', line));
  for (const [accountId, charged] of written.balances) {
    events.push(...balanceEvents({ id: accountId, ownerId: charged.ownerId }));
  }
  // Every line and balance change of the batch reaches every instance in one NOTIFY round trip.
  await ctx.bus.publishAll(events);

  return items.map((item): BatchedOutcome => {
    const line = created.get(item.values.username);
    // Not inserted: an existing line, or an earlier create in the same batch, holds the username.
    if (!line || line.ownerId !== item.values.ownerId || line.serverId !== item.values.serverId) {
      return { kind: 'username_taken' };
    }
    created.delete(item.values.username);
    const queued = written.outbox.get(line.username);
    const lease = { ms: timing.leaseMs, id: item.leaseId };
    const row =
      queued &&
      outboxStatements.leasedRow(
        {
          lineId: line.id,
          serverId: item.values.serverId,
          username: line.username,
          operation: 'upsert',
          payload: item.payload,
        },
        timing.workerAfterMs,
        lease,
        queued,
      );
    return {
      kind: 'created',
      line,
      claimed: row ? { row, leaseId: item.leaseId } : undefined,
      charged: item.charge > 0 ? written.balances.get(item.values.ownerId) : undefined,
    };
  });
}

const batchers = new WeakMap<AppContext, (item: BatchedCreate) => Promise<BatchedOutcome>>();

/**
 * Writes a checked create together with the creates that arrive while the previous batch is being
 * written: one transaction of two statements for all of them instead of one transaction each.
 */
export function writeBatchedCreate(
  ctx: AppContext,
  item: BatchedCreate,
  timing: { workerAfterMs: number; leaseMs: number },
): Promise<BatchedOutcome> {
  let submit = batchers.get(ctx);
  if (!submit) {
    submit = groupCommit((items: BatchedCreate[]) => commitCreates(ctx, items, timing), MAX_BATCH);
    batchers.set(ctx, submit);
  }
  return submit(item);
}
