import type { TestResponse } from './test-client.js';

/** The headers each provider sends its webhooks with; its signature goes in its own header. */
const providers = {
  stripe: {
    contentType: 'application/json; charset=utf-8',
    userAgent: 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    signatureHeader: 'stripe-signature',
  },
  btcpay: { contentType: 'application/json', userAgent: 'BTCPayServer', signatureHeader: 'btcpay-sig' },
} as const;

/** A provider's delivery to the panel at `baseUrl`: the raw body with its signature, no cookie, no Origin. */
export async function deliverWebhook(
  baseUrl: string,
  kind: keyof typeof providers,
  event: { body: string; signature?: string },
): Promise<TestResponse> {
  const provider = providers[kind];
  const res = await fetch(`${baseUrl}/api/payments/webhooks/${kind}`, {
    method: 'POST',
    headers: {
      'content-type': provider.contentType,
      'user-agent': provider.userAgent,
      ...(event.signature ? { [provider.signatureHeader]: event.signature } : {}),
    },
    body: event.body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}
