import { z } from 'zod';
import { defineContract } from '../contract.js';
import { paymentWebhookReceivedSchema } from '../payment-method.js';

const tags = ['payment-webhooks'];

/**
 * Called by Stripe, not by the panel: no session and no CSRF check apply (the server drops its
 * cookies), the signature over the raw body is the only credential.
 */
export const stripe = defineContract({
  method: 'POST',
  path: '/api/payments/webhooks/stripe',
  access: 'public',
  tags,
  summary:
    'Stripe webhook: checkout.session.completed credits a paid top-up once, checkout.session.expired expires it',
  description:
    'The body is read raw and verified with the `Stripe-Signature` header against the webhook secret of a Stripe payment method (5 minutes tolerance). Anything that is not a verified event of a Stripe checkout the panel opened, for the amount and currency of its request, answers a bare 400 (the server log says why); nothing is credited.',
  headers: z.object({
    /** `t=<unix time>,v1=<HMAC-SHA256 hex>`; checked by the service, so a missing one is a bare 400 too. */
    'stripe-signature': z.string().max(2_000).optional(),
  }),
  status: 200,
  response: paymentWebhookReceivedSchema,
  errors: ['PAYMENT_WEBHOOK_REJECTED', 'PAYMENT_PROVIDER_UNAVAILABLE'],
});

/** Called by BTCPay Server, as Stripe's: the `BTCPay-Sig` HMAC over the raw body is the only credential. */
export const btcpay = defineContract({
  method: 'POST',
  path: '/api/payments/webhooks/btcpay',
  access: 'public',
  tags,
  summary:
    'BTCPay Server webhook: InvoiceSettled credits a paid top-up once, InvoiceExpired / InvoiceInvalid close it expired or underpaid',
  description:
    'The body is read raw and verified with the `BTCPay-Sig: sha256=<HMAC-SHA256 hex>` header against the webhook secret of a BTCPay payment method. The invoice is then read back from BTCPay; anything that is not a verified event of an invoice the panel opened, for the amount and currency of its request, answers a bare 400 (the server log says why); nothing is credited.',
  headers: z.object({
    /** `sha256=<hex>`; checked by the service, so a missing one is a bare 400 too. */
    'btcpay-sig': z.string().max(2_000).optional(),
  }),
  status: 200,
  response: paymentWebhookReceivedSchema,
  errors: ['PAYMENT_WEBHOOK_REJECTED', 'PAYMENT_PROVIDER_UNAVAILABLE'],
});
