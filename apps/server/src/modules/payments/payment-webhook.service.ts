import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { topUpsRepository, type TopUpRow } from '../topups/topups.repository.js';
import { paymentMethodsRepository, type PaymentMethodRow } from './payment-methods.repository.js';
import { syncReversals } from './payment-reversal.service.js';
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

type Verified = { method: PaymentMethodRow; provider: PaymentProvider; notice: WebhookNotice };

/**
 * Every method of this kind whose webhook secret signed this body (methods may share one secret:
 * one Stripe account, a method per currency). Which of them may act on the event is decided once
 * the request it is about is known: only that request's own method (`ownMethod`).
 */
async function verifiedMethods(
  ctx: AppContext,
  kind: OnlineKind,
  rawBody: Buffer,
  headers: Headers,
): Promise<Verified[]> {
  const reasons = new Set<string>();
  const verified: Verified[] = [];
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
      verified.push({ method, provider, notice });
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      reasons.add(error.reason);
    }
  }
  if (verified.length > 0) return verified;
  throw refuse(
    ctx,
    kind,
    `signature not verified: ${[...reasons].join('; ') || `no ${providerNames[kind]} method is set up`}`,
  );
}

/**
 * The request's own method among those whose secret verified the event: an event signed with one
 * method's secret is never taken for another method's request (its key could not read that
 * payment, and its secret is not the one the request was promised to). A switched-off method's
 * secret no longer confirms payments; it still closes, refunds and charges back its own requests.
 */
function ownMethod(
  ctx: AppContext,
  kind: OnlineKind,
  verified: Verified[],
  request: TopUpRow,
  says: WebhookNotice['says'],
  about: Record<string, unknown>,
): Verified {
  const own = verified.find((v) => v.method.id === request.methodId);
  if (!own) throw refuse(ctx, kind, "signed with another method's webhook secret than the request's", about);
  if (says === 'paid' && !own.method.enabled) {
    throw refuse(ctx, kind, "the request's method is switched off: its secret confirms no payment", about);
  }
  return own;
}

function unavailableProvider(
  ctx: AppContext,
  kind: OnlineKind,
  error: unknown,
  about: Record<string, unknown>,
) {
  if (!(error instanceof ProviderUnavailableError)) return error;
  // Not 2xx, so the provider delivers the event again later.
  ctx.log.warn({ provider: kind, ...about, reason: error.reason }, 'Payment provider unavailable');
  return new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
}

async function fetchPayment(ctx: AppContext, provider: PaymentProvider, checkoutId: string) {
  try {
    return await provider.fetchPayment(checkoutId);
  } catch (error) {
    throw unavailableProvider(ctx, provider.kind, error, { checkoutId });
  }
}

/**
 * The request a refund or dispute is about: the one credited with this PaymentIntent, else the one
 * whose checkout the provider says the PaymentIntent paid (asked with each verifying method's key:
 * a request approved by hand before its paid event, or a refund arriving before that event).
 */
async function requestOfPayment(
  ctx: AppContext,
  kind: OnlineKind,
  verified: Verified[],
  reversal: ProviderReversal,
  about: Record<string, unknown>,
): Promise<TopUpRow | undefined> {
  const known = await topUpsRepository.findByPaymentIntent(ctx.db, kind, reversal.paymentIntentId);
  if (known) return known;
  for (const { provider } of verified) {
    let checkoutId: string | null;
    try {
      checkoutId = await provider.checkoutOfPayment(reversal.paymentIntentId);
    } catch (error) {
      throw unavailableProvider(ctx, kind, error, about);
    }
    if (!checkoutId) continue;
    const request = await topUpsRepository.findByCheckout(ctx.db, kind, checkoutId);
    if (request) return request;
  }
  return undefined;
}

/**
 * A refund or chargeback (Stripe): the request is the one whose payment it names, in the same
 * currency, and the event must be signed with that request's own method's secret. A payment not
 * credited yet is first settled from the provider's record (its paid event may still be on the
 * way); then the request's reversals are made equal to what the provider's state says now
 * (`syncReversals`), whatever order the events come in.
 */
async function receiveReversal(
  ctx: AppContext,
  kind: OnlineKind,
  verified: Verified[],
  reversal: ProviderReversal,
  event: { eventId: string; eventType: string },
): Promise<Received> {
  const about = { ...event, paymentIntentId: reversal.paymentIntentId, providerRef: reversal.providerRef };
  let request = await requestOfPayment(ctx, kind, verified, reversal, about);
  if (!request || !request.checkoutId) throw refuse(ctx, kind, 'no top-up was paid with this payment', about);
  const own = ownMethod(ctx, kind, verified, request, 'reversal', { ...about, topUpId: request.id });
  if (reversal.currency !== request.currency.toUpperCase()) {
    throw refuse(ctx, kind, 'currency differs from the request', {
      ...about,
      topUpId: request.id,
      expected: request.currency,
      paid: reversal.currency,
    });
  }
  if (request.status === 'awaiting_payment') {
    const payment = await fetchPayment(ctx, own.provider, request.checkoutId);
    if (payment.requestId === request.id && payment.state === 'paid') {
      await settleFromProviderRecord(
        ctx,
        kind,
        request,
        payment,
        { ...about, topUpId: request.id },
        own.method.enabled,
      );
      request = (await topUpsRepository.findById(ctx.db, request.id)) ?? request;
    }
  }
  try {
    await syncReversals(ctx, own.provider, request, { ...event, providerRef: reversal.providerRef });
  } catch (error) {
    throw unavailableProvider(ctx, kind, error, { ...about, topUpId: request.id });
  }
  return received;
}

/**
 * A provider's notification: signature first, then the request it names must be one whose checkout
 * the panel opened with that provider, signed with that request's own method's secret, then the
 * checkout is read back from the provider itself. A paid checkout of exactly the request's amount
 * and currency is credited through `confirmTopUp` (once per checkout, whatever arrives twice or at
 * two instances at once); an expired one expires its request, an underpaid one (crypto) marks it
 * underpaid, never credited; one paid after it was closed needs an admin. A credited request's
 * reversals are made equal to the provider's state (BTCPay: an invoice marked invalid, or settled
 * again). Credits never come from the buyer's browser returning.
 */
export async function receivePaymentWebhook(
  ctx: AppContext,
  kind: OnlineKind,
  rawBody: Buffer,
  headers: Headers,
): Promise<Received> {
  const name = providerNames[kind];
  const verified = await verifiedMethods(ctx, kind, rawBody, headers);
  const notice = verified[0]!.notice;
  const event = { eventId: notice.eventId, eventType: notice.eventType };
  if (notice.says === 'unknown') throw refuse(ctx, kind, 'an event type the panel does not take', event);
  if (notice.says === 'reversal' && notice.reversal)
    return receiveReversal(ctx, kind, verified, notice.reversal, event);
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
  const { provider, method } = ownMethod(ctx, kind, verified, request, notice.says, about);
  const payment = await fetchPayment(ctx, provider, notice.checkoutId);
  if (payment.requestId !== request.id)
    throw refuse(ctx, kind, `${name} names another request for this checkout`, about);

  if (request.status === 'approved') {
    // Credited already: what is left to do is to follow the provider's state of its money.
    if (payment.state === 'paid' && payment.paymentIntentId) {
      await settleFromProviderRecord(ctx, kind, request, payment, about, method.enabled);
    }
    try {
      await syncReversals(ctx, provider, request, event);
    } catch (error) {
      throw unavailableProvider(ctx, kind, error, about);
    }
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
  const outcome = await settleFromProviderRecord(ctx, kind, request, payment, about, method.enabled);
  if (outcome.kind === 'mismatch') {
    throw refuse(ctx, kind, 'amount or currency differs from the request', {
      ...about,
      expected: outcome.expected,
      paid: outcome.paid,
    });
  }
  if (outcome.kind === 'credited') {
    // A refund or chargeback may have come first (its event refused or lost while nothing was
    // credited): the new credit is at once brought to what the provider's state says.
    try {
      await syncReversals(
        ctx,
        provider,
        { ...request, paymentIntentId: payment.paymentIntentId ?? null },
        event,
      );
    } catch (error) {
      throw unavailableProvider(ctx, kind, error, about);
    }
  }
  return received;
}
