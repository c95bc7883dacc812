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
import { providerFor } from './providers/payment-providers.js';

type Headers = Record<string, string | string[] | undefined>;
type Received = { received: true };
const received: Received = { received: true };

/**
 * The provider is told nothing about why (PAYMENT_WEBHOOK_REJECTED is a bare 400); the log line is
 * where an operator finds the reason.
 */
function refuse(ctx: AppContext, reason: string, details: Record<string, unknown> = {}): AppError {
  ctx.log.warn({ provider: 'stripe', reason, ...details }, 'Payment webhook refused, nothing credited');
  return new AppError('PAYMENT_WEBHOOK_REJECTED');
}

/** The Stripe method whose webhook secret signed this body; each method may have its own endpoint secret. */
async function verifiedByAnyMethod(
  ctx: AppContext,
  rawBody: Buffer,
  headers: Headers,
): Promise<{ provider: PaymentProvider; notice: WebhookNotice }> {
  const reasons = new Set<string>();
  for (const method of await paymentMethodsRepository.listOfKind(ctx.db, 'stripe')) {
    const provider = providerFor(ctx, method);
    if (!provider) continue;
    try {
      return { provider, notice: provider.verifyWebhook(rawBody, headers) };
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      reasons.add(error.reason);
    }
  }
  throw refuse(ctx, `signature not verified: ${[...reasons].join('; ') || 'no Stripe method is set up'}`);
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
 * A Stripe notification: signature first, then the request it names must be one whose checkout the
 * panel opened with Stripe, then the checkout is read back from Stripe itself. A paid checkout of
 * exactly the request's amount and currency is credited through `confirmTopUp` (once per checkout,
 * whatever arrives twice or at two instances at once); an expired one expires its request.
 * Credits never come from the buyer's browser returning.
 */
export async function receiveStripeWebhook(
  ctx: AppContext,
  rawBody: Buffer,
  headers: Headers,
): Promise<Received> {
  const { provider, notice } = await verifiedByAnyMethod(ctx, rawBody, headers);
  const event = { eventId: notice.eventId, eventType: notice.eventType };
  if (notice.says === 'unknown') throw refuse(ctx, 'an event type the panel does not take', event);
  if (!notice.checkoutId || notice.requestId === null)
    throw refuse(ctx, 'the checkout names no top-up request', event);
  const request = await topUpsRepository.findById(ctx.db, notice.requestId);
  if (!request || request.methodKind !== 'stripe' || request.checkoutId !== notice.checkoutId) {
    throw refuse(ctx, 'not a Stripe checkout this panel opened for that request', {
      ...event,
      topUpId: notice.requestId,
      checkoutId: notice.checkoutId,
    });
  }
  const about = { ...event, topUpId: request.id, checkoutId: notice.checkoutId };
  const payment = await fetchPayment(ctx, provider, notice.checkoutId);
  if (payment.requestId !== request.id)
    throw refuse(ctx, 'Stripe names another request for this checkout', about);

  if (notice.says === 'expired') {
    if (payment.state !== 'expired') throw refuse(ctx, 'Stripe does not say this checkout expired', about);
    if (await topUpsRepository.expire(ctx.db, request.id)) {
      await publishRequest(ctx, 'update', request.id, request.accountId);
      ctx.log.info(about, 'Top-up expired: its checkout expired unpaid');
    }
    return received;
  }
  if (payment.state !== 'paid') {
    // A delayed payment method: Stripe sends checkout.session.async_payment_succeeded when it lands.
    ctx.log.info(about, 'Checkout completed but not paid yet; waiting for the payment');
    return received;
  }
  const amountCents = request.priceCents + request.feeCents;
  if (payment.amountCents !== amountCents || payment.currency !== request.currency.toUpperCase()) {
    throw refuse(ctx, 'amount or currency differs from the request', {
      ...about,
      expected: `${amountCents} ${request.currency}`,
      paid: `${payment.amountCents} ${payment.currency}`,
    });
  }
  try {
    const outcome = await confirmTopUp(ctx, {
      requestId: request.id,
      confirmedBy: { kind: 'provider', provider: 'stripe', paymentId: notice.checkoutId },
    });
    ctx.log.info({ ...about, status: outcome.body.status }, 'Top-up paid with Stripe');
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'TOPUP_ALREADY_DECIDED') throw error;
    // An admin decided it by hand first, or it expired: answered 2xx so Stripe stops resending.
    ctx.log.warn(about, 'Stripe payment for a top-up already decided; not credited again');
  }
  return received;
}
