import type { TopUpStatus } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { announceNotices, notify, notifyEach } from '../notifications/notify.js';
import { notificationsRepository } from '../notifications/notifications.repository.js';
import { topUpsRepository, type TopUpRow } from '../topups/topups.repository.js';
import { confirmTopUp, publishRequest } from '../topups/topups.service.js';
import type { ProviderPayment } from './providers/payment-provider.js';
import type { OnlineKind } from './providers/payment-providers.js';
import { topUpProviderRepository } from '../topups/topup-provider.repository.js';

export const providerNames: Record<OnlineKind, string> = { stripe: 'Stripe', btcpay: 'BTCPay' };

export type SettleOutcome =
  | { kind: 'credited' | 'already-decided' | 'expired' | 'underpaid' | 'open' | 'needs-attention' }
  | { kind: 'mismatch'; expected: string; paid: string };

/**
 * What the provider's own record of a request's checkout says, applied to the request: paid with
 * exactly its amount and currency → credited through `confirmTopUp` (once per checkout, whatever
 * arrives twice, late or at two instances at once); closed unpaid → expired; closed with less →
 * underpaid, never credited. Shared by the webhook and the reconciliation job, so both decide alike.
 */
/** Closed requests a payment can still arrive for: it is then the admin's to credit, never silent. */
const closedUncredited: readonly TopUpStatus[] = ['expired', 'underpaid', 'rejected'];

/**
 * The provider says a request was paid that nothing credits by itself (it was closed before, or
 * its method is switched off): the request becomes `needs_attention` with the provider's payment,
 * and every admin and the requester are told, in one transaction. Once per request: a repeat finds
 * it marked already.
 */
async function flagPaidNotCredited(
  ctx: AppContext,
  kind: OnlineKind,
  request: TopUpRow,
  payment: ProviderPayment,
  from: readonly TopUpStatus[],
  about: Record<string, unknown>,
): Promise<boolean> {
  const facts = {
    request_id: request.id,
    account_email: request.accountEmail ?? '',
    package_name: request.packageName,
    reference: request.paymentReference ?? request.referenceCode ?? '',
    provider: providerNames[kind],
    payment: payment.checkoutId,
    amount: `${((request.priceCents + request.feeCents) / 100).toFixed(2)} ${request.currency}`,
    was: request.status,
  };
  const notified = await ctx.db.transaction(async (tx) => {
    const marked = await topUpProviderRepository.markNeedsAttention(
      tx,
      request.id,
      { provider: kind, paymentId: payment.checkoutId, paymentIntentId: payment.paymentIntentId ?? null },
      from,
    );
    if (!marked) return null;
    const admins = (await notificationsRepository.adminIds(tx)).filter((id) => id !== request.accountId);
    return [
      await notifyEach(ctx, tx, admins, {
        kind: 'topup_needs_attention',
        params: { ...facts, audience: 'admin' },
      }),
      await notify(ctx, tx, request.accountId, {
        kind: 'topup_needs_attention',
        params: { ...facts, audience: 'requester' },
      }),
    ];
  });
  if (!notified) return false;
  await announceNotices(ctx, ...notified);
  await publishRequest(ctx, 'update', request.id, request.accountId);
  ctx.log.warn(
    { ...about, was: request.status },
    `${providerNames[kind]} says a top-up was paid that was not credited; it needs an admin`,
  );
  return true;
}

export async function settleFromProviderRecord(
  ctx: AppContext,
  kind: OnlineKind,
  request: TopUpRow,
  payment: ProviderPayment,
  about: Record<string, unknown>,
  /** False when the request's method is switched off: a payment is then the admin's to credit. */
  methodEnabled = true,
): Promise<SettleOutcome> {
  const name = providerNames[kind];
  if (payment.state === 'expired' || payment.state === 'underpaid') {
    if (await topUpsRepository.closeUnpaid(ctx.db, request.id, payment.state, 'checkout_expired')) {
      await publishRequest(ctx, 'update', request.id, request.accountId);
      ctx.log.info(
        { ...about, status: payment.state },
        payment.state === 'underpaid'
          ? 'Top-up underpaid: its checkout closed with less than the amount paid, nothing credited'
          : 'Top-up expired: its checkout expired unpaid',
      );
    }
    return { kind: payment.state };
  }
  if (payment.state !== 'paid') return { kind: 'open' };
  const amountCents = request.priceCents + request.feeCents;
  if (payment.amountCents !== amountCents || payment.currency !== request.currency.toUpperCase()) {
    return {
      kind: 'mismatch',
      expected: `${amountCents} ${request.currency}`,
      paid: `${payment.amountCents} ${payment.currency}`,
    };
  }
  if (!methodEnabled && request.status === 'awaiting_payment') {
    await flagPaidNotCredited(ctx, kind, request, payment, ['awaiting_payment'], about);
    return { kind: 'needs-attention' };
  }
  try {
    const outcome = await confirmTopUp(ctx, {
      requestId: request.id,
      confirmedBy: {
        kind: 'provider',
        provider: kind,
        paymentId: payment.checkoutId,
        paymentIntentId: payment.paymentIntentId ?? null,
        surplusCents: payment.overpaid ? (payment.surplusCents ?? null) : null,
      },
    });
    ctx.log.info({ ...about, status: outcome.body.status }, `Top-up paid with ${name}`);
    if (payment.overpaid) {
      // The amount asked is credited; what came on top stays in the provider's store, for the admin
      // to settle, and is shown with the request.
      ctx.log.warn(
        { ...about, surplusCents: payment.surplusCents ?? null },
        `Top-up overpaid with ${name}: credited the amount asked, the surplus is in the store`,
      );
    }
    return { kind: 'credited' };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'TOPUP_ALREADY_DECIDED') throw error;
    const now = await topUpsRepository.findById(ctx.db, request.id);
    if (now && closedUncredited.includes(now.status)) {
      // Paid after it was closed (an invoice settled late, a rejected request paid after all).
      await flagPaidNotCredited(ctx, kind, now, payment, closedUncredited, about);
      return { kind: 'needs-attention' };
    }
    // An admin decided it by hand first, or it needs attention already: answered 2xx all the same.
    ctx.log.warn(about, `${name} payment for a top-up already decided; not credited again`);
    return { kind: 'already-decided' };
  }
}
