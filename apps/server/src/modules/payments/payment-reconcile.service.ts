import type { AppContext } from '../../app-context.js';
import { topUpsRepository } from '../topups/topups.repository.js';
import { paymentMethodsRepository } from './payment-methods.repository.js';
import { syncReversals } from './payment-reversal.service.js';
import { providerNames, settleFromProviderRecord } from './payment-settle.service.js';
import { ProviderUnavailableError } from './providers/payment-provider.js';
import { onlineKinds, providerFor, type OnlineKind } from './providers/payment-providers.js';
import { topUpProviderRepository } from '../topups/topup-provider.repository.js';

/** Requests asked about per claim; a round claims again until none is due. */
const BATCH = 20;

export type ReconcileRound = {
  asked: number;
  credited: number;
  closed: number;
  failed: number;
  /** Credited requests with a chargeback open, whose reversals were brought up to the provider's state. */
  disputesAsked: number;
  /**
   * Credited payments within the provider's reversal window re-read in turn (least recently read
   * first), so a refund or chargeback whose every event was lost is still booked.
   */
  reversalsAsked: number;
};

/**
 * One round for webhooks that never arrived: every online request still awaiting its payment after
 * `PAYMENT_RECONCILE_AFTER_SECONDS` is looked up at its provider (`fetchPayment`) and settled as the
 * webhook would have (`settleFromProviderRecord`): paid → credited once, expired or underpaid →
 * closed, still open → asked again a round later. Then credited payments are brought up to their
 * provider's refunds and chargebacks: those with a chargeback open, and a bounded share of all those
 * still within the reversal window (`PAYMENT_REVERSAL_WINDOW_DAYS`). A provider that cannot be
 * reached is asked again later; nothing here ever credits what the provider does not confirm.
 */
export async function reconcileOnlinePayments(ctx: AppContext, signal: AbortSignal): Promise<ReconcileRound> {
  const round: ReconcileRound = {
    asked: 0,
    credited: 0,
    closed: 0,
    failed: 0,
    disputesAsked: 0,
    reversalsAsked: 0,
  };
  const seen = new Set<number>();
  while (!signal.aborted) {
    const ids = await topUpProviderRepository.claimForReconcile(ctx.db, {
      kinds: onlineKinds,
      afterSeconds: ctx.config.paymentReconcileAfterSeconds,
      limit: BATCH,
    });
    // With afterSeconds 0 a request would be due again at once: each is asked once a round.
    const fresh = ids.filter((id) => !seen.has(id));
    if (fresh.length === 0) break;
    for (const id of fresh) {
      if (signal.aborted) break;
      seen.add(id);
      round.asked += 1;
      const outcome = await reconcileTopUp(ctx, id);
      if (outcome === 'credited') round.credited += 1;
      else if (outcome === 'closed') round.closed += 1;
      else if (outcome === 'failed') round.failed += 1;
    }
  }
  const disputed = new Set<number>();
  while (!signal.aborted) {
    const ids = await topUpProviderRepository.claimOpenDisputes(ctx.db, {
      afterSeconds: ctx.config.paymentReconcileAfterSeconds,
      limit: BATCH,
    });
    const fresh = ids.filter((id) => !disputed.has(id));
    if (fresh.length === 0) break;
    for (const id of fresh) {
      if (signal.aborted) break;
      disputed.add(id);
      round.disputesAsked += 1;
      if (!(await reconcileReversals(ctx, id))) round.failed += 1;
    }
  }
  // Every credited payment still within its provider's reversal window, a bounded share a round,
  // least recently read first: a refund whose events were all lost is booked when its turn comes,
  // by the same function as an event's (`syncReversals` through `reconcileReversals`).
  const budget = ctx.config.paymentReversalWindowDays > 0 ? ctx.config.paymentReversalChecksPerRound : 0;
  while (!signal.aborted && round.reversalsAsked < budget) {
    const ids = await topUpProviderRepository.claimReversalChecks(ctx.db, {
      kinds: onlineKinds,
      windowDays: ctx.config.paymentReversalWindowDays,
      afterSeconds: ctx.config.paymentReconcileAfterSeconds,
      limit: Math.min(BATCH, budget - round.reversalsAsked),
    });
    const fresh = ids.filter((id) => !disputed.has(id));
    if (fresh.length === 0) break;
    for (const id of fresh) {
      if (signal.aborted) break;
      disputed.add(id);
      round.reversalsAsked += 1;
      if (!(await reconcileReversals(ctx, id))) round.failed += 1;
    }
  }
  if (round.asked > 0 || round.disputesAsked > 0 || round.reversalsAsked > 0) {
    ctx.log.info(round, 'Payment reconciliation round');
  }
  return round;
}

/** The provider of a request's own method, when it can still be asked. */
async function providerOfRequest(ctx: AppContext, methodId: number | null, kind: OnlineKind) {
  const method = methodId ? await paymentMethodsRepository.findById(ctx.db, methodId) : undefined;
  const provider = method && method.kind === kind ? providerFor(ctx, method) : null;
  return provider && method ? { provider, method } : null;
}

/**
 * A credited request whose chargeback was still open when last asked: its reversals are brought up
 * to what the provider says now, as the dispute's closing event would have (that event may be lost).
 */
export async function reconcileReversals(ctx: AppContext, id: number): Promise<boolean> {
  const request = await topUpsRepository.findById(ctx.db, id);
  if (!request || request.status !== 'approved' || !request.checkoutId || !request.methodKind) return true;
  const kind = request.methodKind as OnlineKind;
  const about = { topUpId: request.id, checkoutId: request.checkoutId, reconcile: true };
  const own = await providerOfRequest(ctx, request.methodId, kind);
  if (!own) {
    ctx.log.warn(about, 'Payment reconciliation: the method of this request can no longer be asked');
    return false;
  }
  try {
    await syncReversals(ctx, own.provider, request, { eventId: 'reconcile', eventType: 'reconcile' });
    return true;
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    ctx.log.warn({ ...about, provider: kind, reason: error.reason }, 'Payment provider unavailable');
    return false;
  }
}

/**
 * One online request looked up at its provider and settled as its webhook would have been: the
 * only way an online request is closed or credited without its webhook.
 */
export async function reconcileTopUp(
  ctx: AppContext,
  id: number,
): Promise<'credited' | 'closed' | 'open' | 'failed'> {
  const request = await topUpsRepository.findById(ctx.db, id);
  if (!request || request.status !== 'awaiting_payment' || !request.checkoutId || !request.methodKind) {
    return 'open';
  }
  const kind = request.methodKind as OnlineKind;
  const about = { topUpId: request.id, checkoutId: request.checkoutId, reconcile: true };
  const own = await providerOfRequest(ctx, request.methodId, kind);
  if (!own) {
    // The method was deleted or lost its secrets: nobody can ask; an admin decides by hand.
    ctx.log.warn(about, 'Payment reconciliation: the method of this request can no longer be asked');
    return 'failed';
  }
  let payment;
  try {
    payment = await own.provider.fetchPayment(request.checkoutId);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    ctx.log.warn({ ...about, provider: kind, reason: error.reason }, 'Payment provider unavailable');
    return 'failed';
  }
  if (payment.requestId !== request.id) {
    ctx.log.warn(
      about,
      `Payment reconciliation: ${providerNames[kind]} names another request for this checkout`,
    );
    return 'failed';
  }
  const outcome = await settleFromProviderRecord(ctx, kind, request, payment, about, own.method.enabled);
  if (outcome.kind === 'mismatch') {
    ctx.log.warn(
      { ...about, expected: outcome.expected, paid: outcome.paid },
      'Payment reconciliation: amount or currency differs from the request, nothing credited',
    );
    return 'failed';
  }
  if (outcome.kind === 'credited') {
    // Its refund or chargeback events, refused while nothing was credited, are read from the provider now.
    await reconcileReversals(ctx, request.id);
    return 'credited';
  }
  if (outcome.kind === 'expired' || outcome.kind === 'underpaid') return 'closed';
  return 'open';
}
