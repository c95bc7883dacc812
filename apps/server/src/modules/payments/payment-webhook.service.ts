import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { topUpsRepository } from '../topups/topups.repository.js';
import { confirmTopUp, publishRequest } from '../topups/topups.service.js';
import { paymentMethodsRepository } from './payment-methods.repository.js';
import {
  ProviderUnavailableError,
  WebhookSignatureError,
  type PaymentProvider,
  type WebhookNotice,
} from './providers/payment-provider.js';
import { providerFor, type OnlineKind } from './providers/payment-providers.js';

type Headers = Record<string, string | string[] | undefined>;
type Received = { received: true };
const received: Received = { received: true };

const providerNames: Record<OnlineKind, string> = { stripe: 'Stripe', btcpay: 'BTCPay' };

/**
 * The provider is told nothing about why (PAYMENT_WEBHOOK_REJECTED is a bare 400); the log line is
 * where an operator finds the reason.
 */
function refuse(
  ctx: AppContext,
  kind: OnlineKind,
  reason: string,
  details: Record<string, unknown> = {},
): AppError {
  ctx.log.warn({ provider: kind, reason, ...details }, 'Payment webhook refused, nothing credited');
  return new AppError('PAYMENT_WEBHOOK_REJECTED');
}

/** The method of this kind whose webhook secret signed this body; each method may have its own secret. */
async function verifiedByAnyMethod(
  ctx: AppContext,
  kind: OnlineKind,
  rawBody: Buffer,
  headers: Headers,
): Promise<{ provider: PaymentProvider; notice: WebhookNotice }> {
  const reasons = new Set<string>();
  for (const method of await paymentMethodsRepository.listOfKind(ctx.db, kind)) {
    const provider = providerFor(ctx, method);
    if (!provider) continue;
    try {
      const notice = provider.verifyWebhook(rawBody, headers);
      // Signed by this method's secret but about another store's invoice (BTCPay): another method may own it.
      if (notice.says !== 'unknown' && notice.checkoutId === null) {
        reasons.add('the event is about a checkout of another store');
        continue;
      }
      return { provider, notice };
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      reasons.add(error.reason);
    }
  }
  throw refuse(
    ctx,
    kind,
    `signature not verified: ${[...reasons].join('; ') || `no ${providerNames[kind]} method is set up`}`,
  );
}

async function fetchPayment(ctx: AppContext, provider: PaymentProvider, checkoutId: string) {
  try {
    return await provider.fetchPayment(checkoutId);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    // Not 2xx, so the provider delivers the event again later.
    ctx.log.warn(
      { provider: provider.kind, checkoutId, reason: error.reason },
      'Payment provider unavailable',
    );
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  }
}

/**
 * A provider's notification: signature first, then the request it names must be one whose checkout
 * the panel opened with that provider, then the checkout is read back from the provider itself. A
 * paid checkout of exactly the request's amount and currency is credited through `confirmTopUp`
 * (once per checkout, whatever arrives twice or at two instances at once); an expired one expires
 * its request, an underpaid one (crypto) marks it underpaid, never credited.
 * Credits never come from the buyer's browser returning.
 */
export async function receivePaymentWebhook(
  ctx: AppContext,
  kind: OnlineKind,
  rawBody: Buffer,
  headers: Headers,
): Promise<Received> {
  const name = providerNames[kind];
  const { provider, notice } = await verifiedByAnyMethod(ctx, kind, rawBody, headers);
  const event = { eventId: notice.eventId, eventType: notice.eventType };
  if (notice.says === 'unknown') throw refuse(ctx, kind, 'an event type the panel does not take', event);
  if (!notice.checkoutId || notice.requestId === null)
    throw refuse(ctx, kind, 'the checkout names no top-up request', event);
  const request = await topUpsRepository.findById(ctx.db, notice.requestId);
  if (!request || request.methodKind !== kind || request.checkoutId !== notice.checkoutId) {
    throw refuse(ctx, kind, `not a ${name} checkout this panel opened for that request`, {
      ...event,
      topUpId: notice.requestId,
      checkoutId: notice.checkoutId,
    });
  }
  const about = { ...event, topUpId: request.id, checkoutId: notice.checkoutId };
  const payment = await fetchPayment(ctx, provider, notice.checkoutId);
  if (payment.requestId !== request.id)
    throw refuse(ctx, kind, `${name} names another request for this checkout`, about);

  if (notice.says === 'expired') {
    if (payment.state !== 'expired' && payment.state !== 'underpaid') {
      throw refuse(ctx, kind, `${name} does not say this checkout expired`, about);
    }
    if (await topUpsRepository.closeUnpaid(ctx.db, request.id, payment.state)) {
      await publishRequest(ctx, 'update', request.id, request.accountId);
      ctx.log.info(
        { ...about, status: payment.state },
        payment.state === 'underpaid'
          ? 'Top-up underpaid: its checkout closed with less than the amount paid, nothing credited'
          : 'Top-up expired: its checkout expired unpaid',
      );
    }
    return received;
  }
  if (payment.state !== 'paid') {
    // Stripe's delayed payment methods send async_payment_succeeded when the money lands.
    ctx.log.info(about, 'Checkout completed but not paid yet; waiting for the payment');
    return received;
  }
  const amountCents = request.priceCents + request.feeCents;
  if (payment.amountCents !== amountCents || payment.currency !== request.currency.toUpperCase()) {
    throw refuse(ctx, kind, 'amount or currency differs from the request', {
      ...about,
      expected: `${amountCents} ${request.currency}`,
      paid: `${payment.amountCents} ${payment.currency}`,
    });
  }
  try {
    const outcome = await confirmTopUp(ctx, {
      requestId: request.id,
      confirmedBy: { kind: 'provider', provider: kind, paymentId: notice.checkoutId },
    });
    ctx.log.info({ ...about, status: outcome.body.status }, `Top-up paid with ${name}`);
    if (payment.overpaid) {
      // The amount asked is credited; what came on top stays with the provider's store, for the admin to settle.
      ctx.log.warn(about, `Top-up overpaid with ${name}: credited the amount asked, the surplus is in the store`);
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'TOPUP_ALREADY_DECIDED') throw error;
    // An admin decided it by hand first, or it expired: answered 2xx so the provider stops resending.
    ctx.log.warn(about, `${name} payment for a top-up already decided; not credited again`);
  }
  return received;
}
