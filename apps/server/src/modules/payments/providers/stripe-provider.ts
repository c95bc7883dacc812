import Stripe from 'stripe';
import type { AppConfig } from '../../../platform/config.js';
import {
  ProviderUnavailableError,
  WebhookSignatureError,
  type Checkout,
  type CheckoutInput,
  type PaymentProvider,
  type ProviderMoneyState,
  type ProviderPayment,
  type ProviderReversal,
  type WebhookNotice,
} from './payment-provider.js';

/** Stripe's default: a signed event older than 5 minutes is a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The events the panel acts on; Stripe should be set to send these (docs/payments.md). */
const eventMeaning: Record<string, WebhookNotice['says']> = {
  'checkout.session.completed': 'paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.expired': 'expired',
  'charge.refunded': 'reversal',
  // A refund that failed or was canceled: its money is the seller's again.
  'charge.refund.updated': 'reversal',
  'charge.dispute.created': 'reversal',
  'charge.dispute.closed': 'reversal',
};

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (typeof value === 'string') return value;
  return value && typeof value.id === 'string' ? value.id : null;
}

/** A refund or dispute event: which payment it is about (what it books is read from Stripe). */
function reversalOf(event: Stripe.Event): ProviderReversal | null {
  if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    const intent = idOf(charge.payment_intent);
    if (!intent || typeof charge.currency !== 'string') return null;
    return { paymentIntentId: intent, providerRef: charge.id, currency: charge.currency.toUpperCase() };
  }
  if (event.type === 'charge.refund.updated') {
    const refund = event.data.object;
    const intent = idOf(refund.payment_intent);
    if (!intent || typeof refund.currency !== 'string') return null;
    return { paymentIntentId: intent, providerRef: refund.id, currency: refund.currency.toUpperCase() };
  }
  if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed') {
    const dispute = event.data.object;
    const intent = idOf(dispute.payment_intent);
    if (!intent || typeof dispute.currency !== 'string') return null;
    return { paymentIntentId: intent, providerRef: dispute.id, currency: dispute.currency.toUpperCase() };
  }
  return null;
}

/** Refunds that failed or were canceled gave nothing back to the buyer. */
const refundTakesMoney = (status: string | null) => status !== 'failed' && status !== 'canceled';

/**
 * Whether a dispute holds the money back from the seller: an open chargeback, one lost, or one under
 * appeal. Won, prevented and mere inquiries (`warning_*`) do not; a status Stripe adds later counts
 * as holding it until it says otherwise.
 */
const disputeTakesMoney = (status: string) =>
  status !== 'won' && status !== 'prevented' && !status.startsWith('warning_');

const isoOf = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null;

export type StripeSettings = { secretKey: string; webhookSecret: string };

function requestIdOf(session: Pick<Stripe.Checkout.Session, 'metadata' | 'client_reference_id'>) {
  const raw = session.metadata?.topup_request_id ?? session.client_reference_id;
  const id = raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
  return id !== null && Number.isSafeInteger(id) ? id : null;
}

/** A failed call, named for the log without its parameters (which hold nothing secret either). */
function unavailable(error: unknown): ProviderUnavailableError {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode;
    // 4xx but 409 (idempotency) and 429 (rate limit): Stripe refuses what it was sent, and will again.
    const refused = status !== undefined && status >= 400 && status < 500 && status !== 409 && status !== 429;
    return new ProviderUnavailableError(
      `${error.type}${status ? ` ${status}` : ''}: ${error.message}`,
      refused,
    );
  }
  return new ProviderUnavailableError(error instanceof Error ? error.message : String(error));
}

/** Stripe Checkout through the official SDK, at the API base the configuration names. */
export function stripeProvider(
  config: AppConfig['paymentProviders'],
  settings: StripeSettings,
): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...config.stripe,
    timeout: config.timeoutMs,
    // One retry of a dropped connection; the create carries an idempotency key, so it cannot open two.
    maxNetworkRetries: 1,
    appInfo: { name: 'Linedesk' },
  });

  return {
    kind: 'stripe',

    async createCheckout(input: CheckoutInput): Promise<Checkout> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: String(input.requestId),
            metadata: {
              topup_request_id: String(input.requestId),
              ...(input.referenceCode ? { reference_code: input.referenceCode } : {}),
            },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.amountCents,
                  product_data: { name: input.packageName },
                },
              },
            ],
            success_url: input.returnUrl,
            cancel_url: input.cancelUrl,
          },
          // Request ids repeat across installations sharing a Stripe account; the reference does not.
          { idempotencyKey: `linedesk-topup-${input.requestId}-${input.referenceCode ?? ''}` },
        );
      } catch (error) {
        throw unavailable(error);
      }
      if (!session.url) throw new ProviderUnavailableError(`checkout session ${session.id} has no url`);
      return { checkoutId: session.id, url: session.url };
    },

    verifyWebhook(rawBody, headers): WebhookNotice {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || !signature) {
        throw new WebhookSignatureError('no Stripe-Signature header');
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
      }
      const says = eventMeaning[event.type] ?? 'unknown';
      if (says === 'reversal') {
        const reversal = reversalOf(event);
        return {
          eventId: event.id,
          eventType: event.type,
          says: reversal ? 'reversal' : 'unknown',
          checkoutId: null,
          requestId: null,
          ...(reversal ? { reversal } : {}),
        };
      }
      if (says === 'unknown' || !event.type.startsWith('checkout.session.')) {
        return {
          eventId: event.id,
          eventType: event.type,
          says: 'unknown',
          checkoutId: null,
          requestId: null,
        };
      }
      const session = event.data.object as Stripe.Checkout.Session;
      return {
        eventId: event.id,
        eventType: event.type,
        says,
        checkoutId: typeof session.id === 'string' ? session.id : null,
        requestId: requestIdOf(session),
      };
    },

    async fetchPayment(checkoutId: string): Promise<ProviderPayment> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(checkoutId);
      } catch (error) {
        throw unavailable(error);
      }
      const state =
        session.status === 'complete' && session.payment_status === 'paid'
          ? 'paid'
          : session.status === 'expired'
            ? 'expired'
            : 'open';
      return {
        checkoutId: session.id,
        requestId: requestIdOf(session),
        state,
        amountCents: session.amount_total,
        currency: session.currency ? session.currency.toUpperCase() : null,
        paymentIntentId: idOf(session.payment_intent),
      };
    },

    async closeCheckout(checkoutId: string): Promise<void> {
      try {
        // https://docs.stripe.com/api/checkout/sessions/expire: only an open session can be expired.
        await stripe.checkout.sessions.expire(checkoutId);
      } catch (error) {
        throw unavailable(error);
      }
    },

    async fetchMoneyState({ checkoutId, paymentIntentId }): Promise<ProviderMoneyState> {
      try {
        let intent = paymentIntentId;
        if (!intent) intent = idOf((await stripe.checkout.sessions.retrieve(checkoutId)).payment_intent);
        if (!intent) return { refunds: [], disputes: [], invalidated: false, paymentIntentId: null };
        const refunds: ProviderMoneyState['refunds'] = [];
        for await (const refund of stripe.refunds.list({ payment_intent: intent, limit: 100 })) {
          refunds.push({
            id: refund.id,
            amount_cents: refund.amount,
            status: refund.status ?? 'pending',
            counts: refundTakesMoney(refund.status),
            at: isoOf(refund.created),
          });
        }
        const disputes: ProviderMoneyState['disputes'] = [];
        for await (const dispute of stripe.disputes.list({ payment_intent: intent, limit: 100 })) {
          disputes.push({
            id: dispute.id,
            amount_cents: dispute.amount,
            status: dispute.status,
            counts: disputeTakesMoney(dispute.status),
            at: isoOf(dispute.created),
          });
        }
        // Stripe lists newest first; the request shows them in the order they happened.
        const byTime = (a: { at: string | null }, b: { at: string | null }) =>
          (a.at ?? '').localeCompare(b.at ?? '');
        return {
          refunds: refunds.reverse().sort(byTime),
          disputes: disputes.reverse().sort(byTime),
          invalidated: false,
          paymentIntentId: intent,
        };
      } catch (error) {
        throw unavailable(error);
      }
    },

    async checkoutOfPayment(paymentIntentId: string): Promise<string | null> {
      try {
        const found = await stripe.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 });
        return found.data[0]?.id ?? null;
      } catch (error) {
        throw unavailable(error);
      }
    },
  };
}
