import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { topUpsRepository } from '../topups/topups.repository.js';
import { paymentMethodsRepository } from './payment-methods.repository.js';
import { reverseTopUp } from './payment-reversal.service.js';
import { providerNames, settleFromProviderRecord } from './payment-settle.service.js';
import {
  ProviderUnavailableError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderReversal,
  type WebhookNotice,
} from './providers/payment-provider.js';
import { providerFor, type OnlineKind } from './providers/payment-providers.js';

type Headers = Record<string, string | string[] | undefined>;
type Received = { received: true };
const received: Received = { received: true };

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
      if ((notice.says === 'paid' || notice.says === 'expired') && notice.checkoutId === null) {
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
 * A refund or chargeback of a credited payment (Stripe): the request is the one whose paid checkout
 * had this PaymentIntent, in the same currency. One whose payment the panel never credited is refused
 * (Stripe delivers it again, so a refund arriving before its payment's own webhook is booked later).
 */
async function receiveReversal(
  ctx: AppContext,
  kind: OnlineKind,
  reversal: ProviderReversal,
  event: { eventId: string; eventType: string },
): Promise<Received> {
  const request = await topUpsRepository.findByPaymentIntent(ctx.db, kind, reversal.paymentIntentId);
  const about = { ...event, paymentIntentId: reversal.paymentIntentId, providerRef: reversal.providerRef };
  if (!request || request.status !== 'approved') {
    throw refuse(ctx, kind, 'no top-up credited with this payment', about);
  }
  if (reversal.currency !== request.currency.toUpperCase()) {
    throw refuse(ctx, kind, 'currency differs from the request', {
      ...about,
      topUpId: request.id,
      expected: request.currency,
      paid: reversal.currency,
    });
  }
  await reverseTopUp(ctx, request, {
    provider: kind,
    eventId: event.eventId,
    kind: reversal.kind,
    providerRef: reversal.providerRef,
    amountCents: reversal.amountCents,
  });
  return received;
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
  if (notice.says === 'reversal' && notice.reversal)
    return receiveReversal(ctx, kind, notice.reversal, event);
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

  if (notice.says === 'expired' && request.status === 'approved' && payment.invalidated) {
    // BTCPay: the store marked a settled invoice invalid (after refunding it, or a payment that was
    // double-spent): its credits are taken back, once per invoice however often it is delivered.
    await reverseTopUp(ctx, request, {
      provider: kind,
      eventId: `invalid:${notice.checkoutId}`,
      kind: 'invalidated',
      providerRef: notice.checkoutId,
      amountCents: request.priceCents + request.feeCents,
    });
    return received;
  }
  if (notice.says === 'expired' && payment.state !== 'expired' && payment.state !== 'underpaid') {
    throw refuse(ctx, kind, `${name} does not say this checkout expired`, about);
  }
  if (notice.says === 'paid' && payment.state !== 'paid') {
    // Stripe's delayed payment methods send async_payment_succeeded when the money lands.
    ctx.log.info(about, 'Checkout completed but not paid yet; waiting for the payment');
    return received;
  }
  const outcome = await settleFromProviderRecord(ctx, kind, request, payment, about);
  if (outcome.kind === 'mismatch') {
    throw refuse(ctx, kind, 'amount or currency differs from the request', {
      ...about,
      expected: outcome.expected,
      paid: outcome.paid,
    });
  }
  return received;
}
