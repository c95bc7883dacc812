import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { topUpsRepository, type TopUpRow } from '../topups/topups.repository.js';
import { confirmTopUp, publishRequest } from '../topups/topups.service.js';
import type { ProviderPayment } from './providers/payment-provider.js';
import type { OnlineKind } from './providers/payment-providers.js';

export const providerNames: Record<OnlineKind, string> = { stripe: 'Stripe', btcpay: 'BTCPay' };

export type SettleOutcome =
  | { kind: 'credited' | 'already-decided' | 'expired' | 'underpaid' | 'open' }
  | { kind: 'mismatch'; expected: string; paid: string };

/**
 * What the provider's own record of a request's checkout says, applied to the request: paid with
 * exactly its amount and currency → credited through `confirmTopUp` (once per checkout, whatever
 * arrives twice, late or at two instances at once); closed unpaid → expired; closed with less →
 * underpaid, never credited. Shared by the webhook and the reconciliation job, so both decide alike.
 */
export async function settleFromProviderRecord(
  ctx: AppContext,
  kind: OnlineKind,
  request: TopUpRow,
  payment: ProviderPayment,
  about: Record<string, unknown>,
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
    // An admin decided it by hand first, or it expired: the provider is answered 2xx all the same.
    ctx.log.warn(about, `${name} payment for a top-up already decided; not credited again`);
    return { kind: 'already-decided' };
  }
}
