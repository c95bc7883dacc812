import { randomUUID } from 'node:crypto';
import {
  toDisplayDate,
  type AdoptionBody,
  type AdoptionRefusal,
  type AdoptionReport,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { balanceEvents } from '../credits/credit-events.js';
import { creditLedger } from '../credits/credit-ledger.js';
import type { AdoptRefusal } from '../line-sync/line-agent-delivery.js';
import { lineOutboxRepository, type OutboxRow } from '../line-sync/line-outbox.repository.js';
import { deliverNowDetailed } from '../line-sync/line-sync.js';
import { lineEvent } from '../lines/line-events.js';
import { defaultHostPort } from '../lines/line-rules.js';
import { inTransaction } from '../lines/line-scope.js';
import { requestDelivery } from '../lines/line-write.js';
import { decideAdoption } from './adoption-decision.js';
import { lineAdoptionRepository } from './line-adoption.repository.js';

const refusalOf: Record<AdoptRefusal, AdoptionRefusal> = {
  ACCOUNT_CHANGED: 'CHANGED',
  ACCOUNT_NOT_FOUND: 'NOT_FOUND',
  ACCOUNT_NOT_ADOPTABLE: 'NOT_ADOPTABLE',
  EXPIRY_DATE_REQUIRED: 'EXPIRY_REQUIRED',
};

type Written = { lineId: number; username: string; row: OutboxRow };

/**
 * Adopts accounts as lines. One transaction records every adoptable account: its line (password
 * still unread), its charge with the ledger row, and an `adopt` outbox row; only then is the agent
 * asked to move the entries (one POST /adopt for all). Whatever happens after the commit, the
 * outbox holds the adoption until the agent has answered it: adopted (the line takes the entry's
 * password and is in sync) or refused (the line goes and its charge comes back, in one transaction).
 * The reconcile job never removes an entry the panel has a line for, nor re-adds one whose adoption
 * row is pending, so no customer's entry is lost in between.
 */
export async function adoptAccounts(
  ctx: AppContext,
  actor: Actor,
  serverId: number,
  body: AdoptionBody,
): Promise<AdoptionReport> {
  const me = access.admin(actor);
  const { server, plan, owner, price, items } = await decideAdoption(ctx, serverId, body);
  const adoptable = items.filter((item) => item.status === 'adoptable');
  const delivery = requestDelivery(ctx);
  const leaseId = randomUUID();
  const hostPort = defaultHostPort(server);

  const written: Written[] = await inTransaction(ctx, async (tx) => {
    const inserted = await lineAdoptionRepository.insertLines(
      tx,
      adoptable.map((item) => ({
        username: item.username,
        expiryDate: item.expiryDate!,
        enabled: item.enabled,
        hostPort,
        ownerId: owner.id,
        ownerEmail: owner.email,
        serverId: server.id,
        planId: plan.id,
        subscriptionMonths: body.charge_months,
        restrictionOverrides: item.restrictions,
        entryExtra: item.extra,
      })),
      { actorId: me.id, details: { adopted: true, server_id: server.id, charged: price } },
    );
    if (price > 0) {
      for (const line of inserted) {
        // A balance that cannot pay refuses the whole adoption: nothing of it stays.
        await creditLedger.change(tx, {
          accountId: owner.id,
          delta: -price,
          reason: 'line_create',
          actorId: me.id,
          refType: 'line',
          refId: String(line.id),
          note: line.username,
        });
      }
    }
    const byName = new Map(adoptable.map((item) => [item.username, item]));
    const rows = await lineOutboxRepository.enqueueAdoptions(
      tx,
      inserted.map((line) => {
        const item = byName.get(line.username)!;
        return {
          serverId: server.id,
          username: line.username,
          lineId: line.id,
          payload: {
            fingerprint: item.fingerprint,
            ...(item.expiryGiven ? { expiryDate: toDisplayDate(item.expiryDate!) } : {}),
            charge: price > 0 ? { accountId: owner.id, amount: price } : null,
          },
        };
      }),
      delivery.workerAfterMs,
      { ms: delivery.leaseMs, id: leaseId },
    );
    const lineIds = new Map(inserted.map((line) => [line.username, line.id]));
    return rows.map((row) => ({ lineId: lineIds.get(row.username)!, username: row.username, row }));
  });

  await ctx.bus.publishAll([
    ...written.map((line) => lineEvent('insert', { id: line.lineId, ownerId: owner.id })),
    ...(price > 0 && written.length > 0 ? balanceEvents({ id: owner.id, ownerId: owner.ownerId }) : []),
  ]);
  // Handed to the delivery in one turn, so they go to the agent in one POST /adopt.
  const settled = await Promise.all(
    written.map((line) =>
      deliverNowDetailed(ctx, { serverId: server.id, username: line.username }, 'add', {
        row: line.row,
        leaseId,
      }),
    ),
  );
  const outcome = new Map(written.map((line, i) => [line.username, { line, delivered: settled[i]! }]));

  const report = items.map((item): AdoptionReport['items'][number] => {
    const base = { username: item.username, problems: item.problems };
    if (item.status !== 'adoptable') {
      return { ...base, status: item.status, reason: item.reason, line_id: item.lineId, charged: 0 };
    }
    const done = outcome.get(item.username);
    // Taken by a line created since the decision: the unique index refused it, nothing was charged.
    if (!done) return { ...base, status: 'refused', reason: 'USERNAME_TAKEN', line_id: null, charged: 0 };
    const adoption = done.delivered.adoption;
    if (adoption?.status === 'refused') {
      return { ...base, status: 'refused', reason: refusalOf[adoption.refusal], line_id: null, charged: 0 };
    }
    return {
      ...base,
      status: adoption?.status === 'adopted' ? 'adopted' : 'pending',
      reason: null,
      line_id: done.line.lineId,
      charged: price,
    };
  });
  const after = await accountsRepository.findById(ctx.db, owner.id);
  return {
    items: report,
    adopted: report.filter((item) => item.status === 'adopted').length,
    pending: report.filter((item) => item.status === 'pending').length,
    refused: report.filter((item) => item.status === 'refused').length,
    charged: report.reduce((sum, item) => sum + item.charged, 0),
    owner_balance: after?.credits ?? 0,
  };
}
