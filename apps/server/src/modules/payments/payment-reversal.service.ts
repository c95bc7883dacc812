import type { TopUpReversalKind } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { recordAudit } from '../audit/audit.service.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { publishBalanceChange } from '../credits/credit-events.js';
import { creditLedger } from '../credits/credit-ledger.js';
import { announceNotices, notify, notifyEach, type Notified } from '../notifications/notify.js';
import { notificationsRepository } from '../notifications/notifications.repository.js';
import { publishRequest } from '../topups/topups.service.js';
import { topUpsRepository, type TopUpReversalRow, type TopUpRow } from '../topups/topups.repository.js';
import { providerNames } from './payment-settle.service.js';
import type { OnlineKind } from './providers/payment-providers.js';

/** One provider event about a credited request's money, as the reversal it books. */
export type ReversalEvent = {
  provider: OnlineKind;
  /** Unique per provider: the same event delivered twice, or to two instances, books once. */
  eventId: string;
  kind: TopUpReversalKind;
  providerRef: string;
  /** Refunds: everything refunded so far (cumulative); disputes: the disputed amount. */
  amountCents: number;
};

export type ReversalOutcome = { kind: 'booked'; credits: number } | { kind: 'repeat' };

const sum = (rows: TopUpReversalRow[]) => rows.reduce((total, row) => total + row.credits, 0);

/**
 * The credits an event moves, from the request's reversals booked before it (negative: taken back).
 * A refund takes back its share of the credits, rounded up (in the seller's favour: a refund of any
 * part takes at least that part), less what refunds took already, so a second partial refund takes
 * only the new part and refunds arriving out of order take the same in the end. A chargeback (or an
 * invoice marked invalid) takes back whatever is left; won, it gives back what it took. Never more
 * than the request credited is taken back in all.
 */
export function reversalCredits(
  request: Pick<TopUpRow, 'credits' | 'priceCents' | 'feeCents'>,
  earlier: TopUpReversalRow[],
  event: Pick<ReversalEvent, 'kind' | 'providerRef' | 'amountCents'>,
): number {
  const left = request.credits + sum(earlier);
  if (event.kind === 'refund') {
    const amount = request.priceCents + request.feeCents;
    const share = amount > 0 ? Math.ceil((request.credits * event.amountCents) / amount) : request.credits;
    const target = Math.min(request.credits, share);
    const taken = -sum(earlier.filter((row) => row.kind === 'refund'));
    return -Math.max(0, Math.min(target - taken, left));
  }
  if (event.kind === 'dispute_won') {
    const same = earlier.filter((row) => row.providerRef === event.providerRef);
    const took = -sum(same.filter((row) => row.kind === 'dispute'));
    const gaveBack = sum(same.filter((row) => row.kind === 'dispute_won'));
    return Math.max(0, took - gaveBack);
  }
  return -Math.max(0, left);
}

function money(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency}`;
}

/**
 * Books a provider's refund, chargeback or invalidation of a credited top-up: one `topup_reversals`
 * row per provider event and, when it moves credits, one ledger row (`topup_reversed`, which may take
 * the balance below 0; `topup_reinstated` for a chargeback won) referring to the request, the
 * requester's notice, a notice to every admin (`topup_reversed`, in their languages) and one audit entry — all in one
 * transaction under the request's row lock, so a repeated or concurrent event books nothing twice and
 * each reversal sees the ones before it. The request and its earlier rows are never changed.
 */
export async function reverseTopUp(
  ctx: AppContext,
  request: TopUpRow,
  event: ReversalEvent,
): Promise<ReversalOutcome> {
  const provider = providerNames[event.provider];
  type Booked = { credits: number; balance: number | null; notified: Notified[] };
  const booked = await ctx.db.transaction(async (txRaw): Promise<Booked | null> => {
    const tx = txRaw as unknown as Db;
    await topUpsRepository.lock(tx, request.id);
    const earlier = await topUpsRepository.reversalsOf(tx, request.id);
    if (earlier.some((row) => row.provider === event.provider && row.eventId === event.eventId)) return null;
    const credits = reversalCredits(request, earlier, event);
    const moved =
      credits === 0
        ? null
        : await creditLedger.change(tx, {
            accountId: request.accountId,
            delta: credits,
            reason: credits < 0 ? 'topup_reversed' : 'topup_reinstated',
            allowNegative: credits < 0,
            actorId: null,
            refType: 'topup_request',
            refId: String(request.id),
            note: `${provider} ${event.kind} ${event.providerRef}`,
          });
    const inserted = await topUpsRepository.insertReversal(tx, {
      topUpRequestId: request.id,
      accountId: request.accountId,
      provider: event.provider,
      eventId: event.eventId,
      kind: event.kind,
      providerRef: event.providerRef,
      amountCents: event.amountCents,
      credits,
      ledgerEntryId: moved?.entryId ?? null,
    });
    // Under the row lock another booking of this event is already visible above; kept as the last word.
    if (!inserted) throw new Error(`reversal event ${event.eventId} booked twice`);
    if (!moved) return { credits: 0, balance: null, notified: [] };

    const facts = {
      request_id: request.id,
      account_email: request.accountEmail ?? '',
      package_name: request.packageName,
      reference: request.paymentReference ?? request.referenceCode ?? '',
      provider,
      reversal: event.kind,
      payment: event.providerRef,
      amount: money(event.amountCents, request.currency),
      credits,
      balance: moved.balance,
    };
    const requester = await notify(ctx, tx, request.accountId, {
      kind: 'topup_reversed',
      params: { ...facts, audience: 'requester' },
    });
    const admins = (await notificationsRepository.adminIds(tx)).filter((id) => id !== request.accountId);
    const toAdmins = await notifyEach(ctx, tx, admins, {
      kind: 'topup_reversed',
      params: { ...facts, audience: 'admin' },
    });
    await recordAudit(tx, null, {
      action: credits < 0 ? 'topup.reversed' : 'topup.reinstated',
      target: { id: request.accountId, email: request.accountEmail },
      entity: { type: 'topup_request', id: request.id },
      before: { balance: moved.balance - credits },
      after: {
        balance: moved.balance,
        provider: event.provider,
        kind: event.kind,
        payment: event.providerRef,
        amount_cents: event.amountCents,
        credits,
      },
    });
    return { credits, balance: moved.balance, notified: [requester, toAdmins] };
  });
  if (!booked) return { kind: 'repeat' };
  await announceNotices(ctx, ...booked.notified);
  await publishRequest(ctx, 'update', request.id, request.accountId);
  if (booked.credits !== 0) {
    const account = await accountsRepository.findById(ctx.db, request.accountId);
    if (account) await publishBalanceChange(ctx, account);
    ctx.log.warn(
      {
        provider: event.provider,
        eventId: event.eventId,
        topUpId: request.id,
        kind: event.kind,
        credits: booked.credits,
        balance: booked.balance,
      },
      `Top-up ${event.kind} booked from ${provider}`,
    );
  }
  return { kind: 'booked', credits: booked.credits };
}
