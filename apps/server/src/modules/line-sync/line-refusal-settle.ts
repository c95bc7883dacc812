import {
  errorMessages,
  formatActivationCode,
  formatErrorMessage,
  type ChangeEvent,
  type ErrorParams,
} from '@linedesk/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { lines } from '../../db/schema.js';
import { activationCodesRepository } from '../activation-codes/activation-codes.repository.js';
import { balanceEvents } from '../credits/credit-events.js';
import { creditLedger } from '../credits/credit-ledger.js';
import { ledgerRepository } from '../credits/ledger.repository.js';
import { lineEvent } from '../lines/line-events.js';
import { lineHistoryRepository } from '../lines/line-history.repository.js';
import { linesRepository } from '../lines/lines.repository.js';
import { announceNotices, nothingNotified, notify, type Notified } from '../notifications/notify.js';
import { serversRepository } from '../servers/servers.repository.js';
import type { Outcome } from './line-agent-delivery.js';
import { lineOutboxRepository, type OutboxRow } from './line-outbox.repository.js';

export type LineRefused = { message: string; params: ErrorParams };

/** The refusal as the line shows it: the server's own words, in the panel's sentence. */
export function refusalText(outcome: Extract<Outcome, { unreachable: false }>): LineRefused {
  const params = { reason: outcome.serverMessage ?? errorMessages.LINE_SERVER_ADD_FAILED };
  return { message: formatErrorMessage('LINE_SERVER_REFUSED', params), params };
}

/**
 * A line the agent refused for good before it ever reached its server (docs/spec-rules.md, "A
 * refused line costs nothing"): in one transaction its outbox row goes (no retry), the line is marked
 * `refused`, what it cost comes back through the ledger (`line_refused_refund`, per payer: the net of
 * the line's own ledger rows, so a renewal bought meanwhile comes back too), an activation code it
 * was made from is unused again, and its owner is told why. Null when this is no such refusal to
 * settle: the line was live on the server once (the refusal is of a change, retried as a failure), it
 * was changed, moved or deleted meanwhile, or another deliverer settled it first. The line's row lock
 * and its state make the refund happen once, however many instances and retries see the refusal.
 */
export async function settleRefusal(
  ctx: AppContext,
  row: OutboxRow,
  leaseId: string,
  outcome: Extract<Outcome, { unreachable: false }>,
): Promise<LineRefused | null> {
  if (row.operation !== 'upsert' || row.lineId === null || !outcome.refused) return null;
  const lineId = row.lineId;
  const refused = refusalText(outcome);
  let notified: Notified = nothingNotified();
  const settled = await ctx.db.transaction(async (tx): Promise<ChangeEvent[] | null> => {
    const line = await linesRepository.lockById(tx, lineId);
    if (!line || line.serverId !== row.serverId || line.username !== row.username || line.syncedAt !== null) {
      return null;
    }
    if (!(await lineOutboxRepository.completeUnchanged(tx, row, leaseId))) return null;
    // Settled before (a retry that was already under way, another instance): the row just goes.
    if (line.syncState === 'refused') return [];
    await tx
      .update(lines)
      .set({
        syncState: 'refused',
        syncError: refused.message,
        syncErrorCode: 'LINE_SERVER_REFUSED',
        syncErrorParams: refused.params,
      })
      .where(eq(lines.id, lineId));
    const events: ChangeEvent[] = [lineEvent('update', { id: lineId, ownerId: line.ownerId })];
    let refunded = 0;
    for (const owed of await ledgerRepository.lineChargesOwed(tx, lineId)) {
      const refund = await creditLedger.change(tx, {
        accountId: owed.accountId,
        delta: owed.amount,
        reason: 'line_refused_refund',
        actorId: null,
        refType: 'line',
        refId: String(lineId),
        note: line.username,
      });
      refunded += owed.amount;
      events.push(...balanceEvents({ id: owed.accountId, ownerId: refund.ownerId }));
    }
    // A code paid at generation: the activation is undone, so the code is worth what it cost again
    // (activated anew, or voided by its owner or its expiry for the refund every unused code gets).
    const codes = await activationCodesRepository.giveBackForLine(tx, lineId);
    await lineHistoryRepository.insert(tx, {
      lineId,
      ownerId: line.ownerId,
      actorId: null,
      action: 'sync_refused',
      details: {
        server_id: row.serverId,
        error: refused.message,
        code: 'LINE_SERVER_REFUSED',
        params: refused.params,
        refunded,
        activation_codes: codes.map((code) => code.id),
      },
    });
    if (line.ownerId) {
      const server = await serversRepository.findById(tx, row.serverId);
      notified = await notify(ctx, tx, line.ownerId, {
        kind: 'line_refused',
        params: {
          line_id: lineId,
          username: line.username,
          server: server?.serverName ?? String(row.serverId),
          reason: String(refused.params.reason),
          refunded,
          codes: codes.map((code) => formatActivationCode(code.code)),
        },
      });
    }
    return events;
  });
  if (!settled) return null;
  await ctx.bus.publishAll(settled);
  await announceNotices(ctx, notified);
  return refused;
}
