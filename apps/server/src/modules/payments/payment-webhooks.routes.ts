import { paymentWebhookContracts } from '@linedesk/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { receivePaymentWebhook } from './payment-webhook.service.js';

/** Stripe's and BTCPay's events are a few kilobytes; a body far larger is not one of them. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export function registerPaymentWebhookRoutes(app: App, ctx: AppContext): void {
  void app.register(async (plugin) => {
    // The signature is computed over the exact bytes sent, so these routes read their body raw,
    // whatever its content type. (Cookies and the CSRF check are dropped in platform/csrf.ts.)
    plugin.removeAllContentTypeParsers();
    plugin.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const raw = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
    const typed = plugin.withTypeProvider<ZodTypeProvider>() as App;
    route(typed, ctx, paymentWebhookContracts.stripe, ({ request }) =>
      receivePaymentWebhook(ctx, 'stripe', raw(request.body), request.headers),
    );
    route(typed, ctx, paymentWebhookContracts.btcpay, ({ request }) =>
      receivePaymentWebhook(ctx, 'btcpay', raw(request.body), request.headers),
    );
  });
}
