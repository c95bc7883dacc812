import type { TopUpProviderState, TopUpReversalKind } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../audit/audit.service.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { publishBalanceChange } from '../credits/credit-events.js';
import { creditLedger } from '../credits/credit-ledger.js';
import { announceNotices, notify, notifyEach, type Notified } from '../notifications/notify.js';
import { notificationsRepository } from '../notifications/notifications.repository.js';
import { publishRequest } from '../topups/topups.service.js';
import { topUpsRepository, type TopUpReversalRow, type TopUpRow } from '../topups/topups.repository.js';
import { providerNames } from './payment-settle.service.js';
import type { PaymentProvider, ProviderMoneyState } from './providers/payment-provider.js';
import type { OnlineKind } from './providers/payment-providers.js';
import { topUpProviderRepository } from '../topups/topup-provider.repository.js';

/** What made the panel ask the provider: a signed event (named for the log and the rows) or the reconciliation round. */
export type ReversalTrigger = { eventId: string; eventType: string; providerRef?: string };

export type ReversalOutcome = { moved: number };

const sum = (rows: Pick<TopUpReversalRow, 'credits'>[]) =>
  rows.reduce((total, row) => total + row.credits, 0);

/** The money the provider's state holds back from the seller: refunds made plus chargebacks not won, at most the amount paid. */
export function reversedCents(request: Pick<TopUpRow, 'priceCents' | 'feeCents'>, state: ProviderMoneyState) {
  const amount = request.priceCents + request.feeCents;
  if (state.invalidated) return amount;
  const refunded = state.refunds.filter((r) => r.counts).reduce((total, r) => total + r.amount_cents, 0);
  const disputed = state.disputes.filter((d) => d.counts).reduce((total, d) => total + d.amount_cents, 0);
  return Math.min(amount, refunded + disputed);
}

/**
 * The credits a paid request's provider state says should be taken back in all: the share of the
 * credits the reversed money is of the amount paid, rounded up (in the seller's favour: a refund of
 * any part takes at least that part), never more than were credited. A chargeback open or lost
 * holds its amount back, one won does not; a BTCPay invoice marked invalid takes everything.
 */
export function reversalTarget(
  request: Pick<TopUpRow, 'credits' | 'priceCents' | 'feeCents'>,
  state: ProviderMoneyState,
): number {
  const amount = request.priceCents + request.feeCents;
  const cents = reversedCents(request, state);
  if (cents <= 0) return 0;
  if (amount <= 0) return request.credits;
  return Math.min(request.credits, Math.ceil((request.credits * cents) / amount));
}

/** The kind a booking is recorded (and told) as: what in the state made the difference. */
function kindOf(moved: number, state: ProviderMoneyState): TopUpReversalKind {
  if (moved < 0) {
    if (state.invalidated) return 'invalidated';
    return state.disputes.some((d) => d.counts) ? 'dispute' : 'refund';
  }
  return state.disputes.some((d) => d.status === 'won') ? 'dispute_won' : 'restored';
}

function money(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency}`;
}

/** The state as stored on the request, comparable between two reads (the read time aside). */
function storedState(state: ProviderMoneyState): Omit<TopUpProviderState, 'checked_at'> {
  return { refunds: state.refunds, disputes: state.disputes, invalidated: state.invalidated };
}

type Booked = { moved: number; balance: number | null; notified: Notified[]; accountId: string };

/**
 * Books the difference between what a state of the provider says should be taken back and what the
 * request's reversals took so far, under the request's row lock: one `topup_reversals` row and one
 * ledger row (`topup_reversed`, which may take the balance below 0; `topup_reinstated` when the
 * state gives credits back), the requester's and the admins' notices and an audit entry, all in one
 * transaction. A state that implies what is booked already moves nothing, so a repeated, late or
 * concurrent event books nothing twice. The state is stored on the request either way (what it shows).
 */
async function bookState(
  ctx: AppContext,
  kind: OnlineKind,
  requestId: number,
  state: ProviderMoneyState,
  trigger: ReversalTrigger,
): Promise<Booked | null> {
  const provider = providerNames[kind];
  return ctx.db.transaction(async (tx): Promise<Booked | null> => {
    await topUpProviderRepository.lock(tx, requestId);
    const request = await topUpsRepository.findById(tx, requestId);
    if (!request) return null;
    await topUpProviderRepository.setProviderState(tx, requestId, {
      state: { ...storedState(state), checked_at: new Date().toISOString() },
      paymentIntentId: state.paymentIntentId ?? null,
    });
    // Only what was credited can be taken back; a request not credited (yet) shows the state only.
    if (request.status !== 'approved')
      return { moved: 0, balance: null, notified: [], accountId: request.accountId };
    const earlier = await topUpProviderRepository.reversalsOf(tx, requestId);
    const target = reversalTarget(request, state);
    const moved = -sum(earlier) - target;
    if (moved === 0) return { moved: 0, balance: null, notified: [], accountId: request.accountId };

    const reversal = kindOf(moved, state);
    const cents = reversedCents(request, state);
    const ref = trigger.providerRef ?? request.paymentIntentId ?? request.checkoutId ?? String(request.id);
    const change = await creditLedger.change(tx, {
      accountId: request.accountId,
      delta: moved,
      reason: moved < 0 ? 'topup_reversed' : 'topup_reinstated',
      allowNegative: moved < 0,
      actorId: null,
      refType: 'topup_request',
      refId: String(request.id),
      note: `${provider} ${reversal} ${ref}`,
    });
    await topUpProviderRepository.insertReversal(tx, {
      topUpRequestId: request.id,
      accountId: request.accountId,
      provider: kind,
      // Unique per request under its row lock: the n-th booking of this request.
      eventId: `${trigger.eventId}#${request.id}.${earlier.length + 1}`,
      kind: reversal,
      providerRef: ref,
      amountCents: cents,
      credits: moved,
      ledgerEntryId: change.entryId,
    });
    const facts = {
      request_id: request.id,
      account_email: request.accountEmail ?? '',
      package_name: request.packageName,
      reference: request.paymentReference ?? request.referenceCode ?? '',
      provider,
      reversal,
      payment: ref,
      amount: money(cents, request.currency),
      credits: moved,
      balance: change.balance,
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
      action: moved < 0 ? 'topup.reversed' : 'topup.reinstated',
      target: { id: request.accountId, email: request.accountEmail },
      entity: { type: 'topup_request', id: request.id },
      before: { balance: change.balance - moved, reversed_credits: -sum(earlier) },
      after: {
        balance: change.balance,
        reversed_credits: target,
        provider: kind,
        kind: reversal,
        payment: ref,
        event: trigger.eventId,
        amount_cents: cents,
        credits: moved,
      },
    });
    return { moved, balance: change.balance, notified: [requester, toAdmins], accountId: request.accountId };
  });
}

/** Reads a request's money state afresh from its provider, at most this many times for one call. */
const MAX_READS = 4;

/**
 * Makes a credited request's reversals equal what its provider's state says now: the state is read
 * (Stripe: the PaymentIntent's refunds and disputes; BTCPay: the invoice), the difference booked,
 * then the state is read again, until a read shows the state just booked. Which event came first,
 * or twice, or never, then changes nothing: another caller booking an older state after this one's
 * read reads again after its booking and books the newer one. Throws ProviderUnavailableError when
 * the provider cannot be asked (the webhook answers 502, so the provider delivers again).
 */
export async function syncReversals(
  ctx: AppContext,
  provider: PaymentProvider,
  request: Pick<TopUpRow, 'id' | 'checkoutId' | 'paymentIntentId'>,
  trigger: ReversalTrigger,
): Promise<ReversalOutcome> {
  if (!request.checkoutId) return { moved: 0 };
  let last: string | null = null;
  let intent = request.paymentIntentId;
  let moved = 0;
  for (let read = 0; read < MAX_READS; read += 1) {
    const state = await provider.fetchMoneyState({ checkoutId: request.checkoutId, paymentIntentId: intent });
    intent = state.paymentIntentId ?? intent;
    const seen = JSON.stringify(storedState(state));
    if (seen === last) break;
    last = seen;
    const booked = await bookState(ctx, provider.kind, request.id, state, trigger);
    if (!booked) break;
    await announceNotices(ctx, ...booked.notified);
    await publishRequest(ctx, 'update', request.id, booked.accountId);
    if (booked.moved !== 0) {
      moved += booked.moved;
      const account = await accountsRepository.findById(ctx.db, booked.accountId);
      if (account) await publishBalanceChange(ctx, account);
      ctx.log.warn(
        {
          provider: provider.kind,
          ...trigger,
          topUpId: request.id,
          credits: booked.moved,
          balance: booked.balance,
        },
        `Top-up reversal booked from ${providerNames[provider.kind]}`,
      );
    }
  }
  return { moved };
}
