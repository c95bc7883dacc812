import { fromDisplayDate } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { balanceEvents } from '../credits/credit-events.js';
import { creditLedger } from '../credits/credit-ledger.js';
import { lineEvent } from '../lines/line-events.js';
import { lineHistoryRepository } from '../lines/line-history.repository.js';
import { linesRepository } from '../lines/lines.repository.js';
import { perContext } from '../../platform/per-context.js';
import { announceNotices, nothingNotified, notify } from '../notifications/notify.js';
import { serversRepository } from '../servers/servers.repository.js';
import type { AdoptedUser, AdoptRefusal, Outcome } from './line-agent-delivery.js';
import { lineOutboxRepository, type AdoptPayload, type OutboxRow } from './line-outbox.repository.js';
import { lineSyncStateRepository } from './line-sync-state.repository.js';

type Adopted = { row: OutboxRow; leaseId: string; adopted: AdoptedUser };
type Recording = Adopted & { done: () => void; fail: (error: unknown) => void };
const recorderOf = perContext(() => ({ waiting: [] as Recording[], running: false }));
/** Adoptions per recording transaction. */
const RECORD_BATCH = 1000;

/**
 * Adopted accounts are recorded together: the answers of one POST /adopt settle in the same turn and
 * share one transaction of a few statements, rather than one transaction per account.
 */
function recordAdopted(ctx: AppContext, adopted: Adopted): Promise<void> {
  const own = recorderOf(ctx);
  return new Promise((done, fail) => {
    own.waiting.push({ ...adopted, done, fail });
    if (own.running) return;
    own.running = true;
    setImmediate(() => {
      void (async () => {
        try {
          while (own.waiting.length > 0) {
            const batch = own.waiting.splice(0, RECORD_BATCH);
            await recordBatch(ctx, batch).then(
              () => batch.forEach((item) => item.done()),
              (error: unknown) => batch.forEach((item) => item.fail(error)),
            );
          }
        } finally {
          own.running = false;
        }
      })();
    });
  });
}

async function recordBatch(ctx: AppContext, batch: Adopted[]): Promise<void> {
  const events = await ctx.db.transaction(async (tx) => {
    const done = await lineOutboxRepository.completeAdoptions(
      tx,
      batch.map(({ row, leaseId }) => ({ id: row.id, leaseId })),
    );
    const answers = new Map(batch.map((item) => [item.row.id, item.adopted]));
    const recorded = await lineSyncStateRepository.recordAdoptedMany(
      tx,
      done.flatMap((row) => {
        const adopted = answers.get(row.id);
        return row.lineId === null || !adopted
          ? []
          : [{ lineId: row.lineId, serverId: row.serverId, username: row.username, ...adopted }];
      }),
    );
    const kept = new Set(recorded.map((line) => line.username));
    for (const row of done) {
      // The line was deleted while the entry was being moved: its owner's decision stands.
      if (!kept.has(row.username)) await lineOutboxRepository.enqueueDeleteIfNoLine(tx, row);
    }
    const byName = new Map(done.map((row) => [row.username, answers.get(row.id)!]));
    // Edited while the adoption was pending (the edit could not replace it): deliver that now.
    const edited = recorded.filter((line) => {
      const agent = byName.get(line.username)!;
      return (
        line.password !== agent.password ||
        line.expiryDate !== fromDisplayDate(agent.expiryDate) ||
        line.enabled !== agent.enabled
      );
    });
    await lineOutboxRepository.enqueueCurrentState(
      tx,
      edited.map((line) => line.id),
    );
    return recorded.map((line) => lineEvent('update', { id: line.id, ownerId: line.ownerId }));
  });
  await ctx.bus.publishAll(events);
}

export type AdoptionSettled = { status: 'adopted' } | { status: 'refused'; refusal: AdoptRefusal };

/**
 * Records how the agent answered an adoption, in one transaction with the removal of its outbox row;
 * null when the answer settles nothing (unreachable, a failed reload, a server error): the row then
 * waits for its retry like any delivery. A refusal removes the line again and gives its charge back:
 * the entry stayed where it was on the server, so nothing of it was bought.
 */
export async function settleAdoption(
  ctx: AppContext,
  row: OutboxRow,
  leaseId: string,
  outcome: Outcome,
): Promise<AdoptionSettled | null> {
  if (outcome.ok && outcome.adopted) {
    await recordAdopted(ctx, { row, leaseId, adopted: outcome.adopted });
    return { status: 'adopted' };
  }
  if (outcome.ok || outcome.unreachable || !outcome.adoptRefusal) return null;
  const refusal = outcome.adoptRefusal;
  const payload = row.payload as AdoptPayload;
  let notified = nothingNotified();
  const events = await ctx.db.transaction(async (tx) => {
    if (!(await lineOutboxRepository.completeAdoption(tx, row, leaseId))) return [];
    const line = row.lineId === null ? undefined : await linesRepository.lockById(tx, row.lineId);
    const ours = line && line.serverId === row.serverId && line.username === row.username;
    if (ours) await linesRepository.delete(tx, line.id);
    const refund =
      payload.charge && payload.charge.amount > 0
        ? await creditLedger.change(tx, {
            accountId: payload.charge.accountId,
            delta: payload.charge.amount,
            reason: 'line_refused_refund',
            actorId: null,
            refType: 'line',
            refId: String(row.lineId),
            note: row.username,
          })
        : null;
    if (row.lineId !== null) {
      await lineHistoryRepository.insert(tx, {
        lineId: row.lineId,
        ownerId: line?.ownerId ?? null,
        actorId: null,
        action: 'adoption_refused',
        details: { server_id: row.serverId, code: refusal, error: outcome.serverMessage },
      });
    }
    // Its owner hears why, as for any line its server refused (line-refusal-settle.ts).
    if (ours && line.ownerId) {
      const server = await serversRepository.findById(tx, row.serverId);
      notified = await notify(ctx, tx, line.ownerId, {
        kind: 'line_refused',
        params: {
          // The line is removed again: the notice points to the lines list.
          line_id: null,
          username: row.username,
          server: server?.serverName ?? String(row.serverId),
          reason: outcome.serverMessage ?? refusal,
          refunded: refund && payload.charge ? payload.charge.amount : 0,
          codes: [],
        },
      });
    }
    return [
      ...(ours ? [lineEvent('delete', { id: line.id, ownerId: line.ownerId })] : []),
      ...(refund && payload.charge
        ? balanceEvents({ id: payload.charge.accountId, ownerId: refund.ownerId })
        : []),
    ];
  });
  await ctx.bus.publishAll(events);
  await announceNotices(ctx, notified);
  return { status: 'refused', refusal };
}
