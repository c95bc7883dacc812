import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.js';
import { testPostgresUrl } from './support/test-database.js';
import { deliverWebhook } from './support/payment-webhook.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/**
 * Two app instances on one PostgreSQL database (as a deployment behind a load balancer runs them),
 * each handed the same Stripe event at the same moment: Stripe retries, and a retry may reach the
 * other instance while the first is still crediting.
 */
describe.skipIf(!testPostgresUrl())('the same Stripe webhook at two instances at once', () => {
  let stripe: StripeStandIn;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    // One secret for both, as a deployment shares it: a method's keys are sealed with it.
    const shared = { STRIPE_API_URL: stripe.url, LINEDESK_SECRET: randomBytes(32).toString('hex') };
    first = await startTestServer(shared);
    const database = first.built.ctx.config.database;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    second = await startTestServer({ ...shared, DATABASE_URL: database.url });
  });
  afterAll(async () => {
    // The second instance lets go of the first one's database before that is dropped.
    await second?.close();
    await first?.close();
    await stripe?.close();
  });

  it('credits once', async () => {
    const admin = await first.admin();
    const pack = await admin.post('/api/credit-packages', {
      name: 'Pro 100',
      credits: 100,
      price_cents: 7000,
    });
    const method = await admin.post('/api/payment-methods', {
      kind: 'stripe',
      name: 'Card',
      secret_key: stripe.secretKey,
      webhook_secret: stripe.webhookSecret,
    });
    const reseller = await first.signUpConfirmed('two-instances@example.com');
    const created = await reseller.post('/api/topups', {
      package_id: pack.body.id,
      method_id: method.body.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sessionId = new URL(created.body.checkout_url as string).pathname.split('/').pop()!;
    const session = stripe.pay(sessionId);

    for (let round = 0; round < 3; round += 1) {
      const event = stripe.signedEvent('checkout.session.completed', session);
      const answers = await Promise.all(
        [first, second, first, second].map((instance) => deliverWebhook(instance.url, 'stripe', event)),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    }
    expect((await reseller.get('/api/me')).body.credits).toBe(100);
    const ledger = await reseller.get('/api/credits/ledger');
    expect(ledger.body.items).toHaveLength(1);
    const request = await admin.get(`/api/topups/${created.body.id}`);
    expect(request.body).toMatchObject({
      status: 'approved',
      provider: 'stripe',
      provider_payment_id: sessionId,
    });
  });

  it('takes a refund back once', async () => {
    const admin = await first.admin();
    const pack = await admin.post('/api/credit-packages', { name: 'Pro 40', credits: 40, price_cents: 3000 });
    const method = await admin.post('/api/payment-methods', {
      kind: 'stripe',
      name: 'Card for refunds',
      secret_key: stripe.secretKey,
      webhook_secret: stripe.webhookSecret,
    });
    const reseller = await first.signUpConfirmed('two-instances-refund@example.com');
    const created = await reseller.post('/api/topups', {
      package_id: pack.body.id,
      method_id: method.body.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const session = stripe.pay(new URL(created.body.checkout_url as string).pathname.split('/').pop()!);
    const paid = await deliverWebhook(
      second.url,
      'stripe',
      stripe.signedEvent('checkout.session.completed', session),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    const refund = stripe.signedEvent('charge.refunded', stripe.refund(session.id, 3000));
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(
        [first, second, first, second].map((instance) => deliverWebhook(instance.url, 'stripe', refund)),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    }
    expect((await reseller.get('/api/me')).body.credits).toBe(0);
    const ledger = await reseller.get('/api/credits/ledger');
    expect(ledger.body.items.map((row: { reason: string }) => row.reason)).toEqual([
      'topup_reversed',
      'topup',
    ]);
  });
});
