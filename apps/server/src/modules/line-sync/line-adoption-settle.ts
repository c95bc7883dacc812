import { fromDisplayDate } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { balanceEvents } from '../credits/credit-events.js';
import { creditLedger } from '../credits/credit-ledger.js';
import { lineEvent } from '../lines/line-events.js';
import { lineHistoryRepository } from '../lines/line-history.repository.js';
import { linesRepository } from '../lines/lines.repository.js';
import type { AdoptPayload, AdoptRefusal, Outcome } from './line-agent-delivery.js';
import { lineOutboxRepository, type OutboxRow } from './line-outbox.repository.js';
import { lineSyncStateRepository } from './line-sync-state.repository.js';

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
    const adopted = outcome.adopted;
    const events = await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      if (!(await lineOutboxRepository.completeAdoption(tx, row, leaseId))) return [];
      const line = row.lineId === null ? undefined : await linesRepository.lockById(tx, row.lineId);
      if (!line || line.serverId !== row.serverId || line.username !== row.username) {
        // The line was deleted while the entry was being moved: its owner's decision stands.
        await lineOutboxRepository.enqueueDeleteIfNoLine(tx, { serverId: row.serverId, username: row.username });
        return [];
      }
      const recorded = await lineSyncStateRepository.recordAdopted(tx, line.id, adopted.password);
      if (!recorded) return [];
      await lineHistoryRepository.insert(tx, {
        lineId: line.id,
        ownerId: recorded.ownerId,
        actorId: null,
        action: 'adopted',
        details: { server_id: row.serverId, moved: adopted.moved },
      });
      // Edited while the adoption was pending (the edit could not replace it): deliver that now.
      if (
        recorded.password !== adopted.password ||
        recorded.expiryDate !== fromDisplayDate(adopted.expiryDate) ||
        recorded.enabled !== adopted.enabled
      ) {
        await lineOutboxRepository.enqueueCurrentState(tx, [line.id]);
      }
      return [lineEvent('update', { id: line.id, ownerId: recorded.ownerId })];
    });
    await ctx.bus.publishAll(events);
    return { status: 'adopted' };
  }
  if (outcome.ok || outcome.unreachable || !outcome.adoptRefusal) return null;
  const refusal = outcome.adoptRefusal;
  const payload = row.payload as AdoptPayload;
  const events = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    if (!(await lineOutboxRepository.completeAdoption(tx, row, leaseId))) return [];
    const line = row.lineId === null ? undefined : await linesRepository.lockById(tx, row.lineId);
    const ours = line && line.serverId === row.serverId && line.username === row.username;
    if (ours) await linesRepository.delete(tx, line.id);
    const refund =
      payload.charge && payload.charge.amount > 0
        ? await creditLedger.change(tx, {
            accountId: payload.charge.accountId,
            delta: payload.charge.amount,
            reason: 'refund',
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
    return [
      ...(ours ? [lineEvent('delete', { id: line.id, ownerId: line.ownerId })] : []),
      ...(refund && payload.charge
        ? balanceEvents({ id: payload.charge.accountId, ownerId: refund.ownerId })
        : []),
    ];
  });
  await ctx.bus.publishAll(events);
  return { status: 'refused', refusal };
}
