import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBtcpayStandIn, type BtcpayStandIn } from './support/btcpay-stand-in.js';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

let stripe: StripeStandIn;
let btcpay: BtcpayStandIn;
let server: TestServer;
let admin: TestClient;
let packageId: number;
const methods: Record<'stripe' | 'btcpay', number> = { stripe: 0, btcpay: 0 };

beforeAll(async () => {
  stripe = await startStripeStandIn();
  btcpay = await startBtcpayStandIn();
  server = await startTestServer({
    STRIPE_API_URL: stripe.url,
    // Every second, about every request still waiting: the test stands for "a few minutes later".
    PAYMENT_RECONCILE_INTERVAL_SECONDS: '1',
    PAYMENT_RECONCILE_AFTER_SECONDS: '0',
  });
  admin = await server.admin();
  const pack = await admin.post('/api/credit-packages', {
    name: 'Reseller 25',
    credits: 25,
    price_cents: 2000,
  });
  packageId = pack.body.id;
  const card = await admin.post('/api/payment-methods', {
    kind: 'stripe',
    name: 'Card',
    currency: 'EUR',
    secret_key: stripe.secretKey,
    webhook_secret: stripe.webhookSecret,
  });
  methods.stripe = card.body.id;
  const crypto = await admin.post('/api/payment-methods', {
    kind: 'btcpay',
    name: 'Bitcoin',
    currency: 'EUR',
    server_url: btcpay.url,
    store_id: btcpay.storeId,
    api_key: btcpay.apiKey,
    webhook_secret: btcpay.webhookSecret,
  });
  methods.btcpay = crypto.body.id;
});
afterAll(async () => {
  await server?.close();
  await stripe?.close();
  await btcpay?.close();
});

let counter = 0;
async function checkout(kind: 'stripe' | 'btcpay') {
  counter += 1;
  const client = await server.signUpConfirmed(`reconcile${counter}@example.com`);
  const res = await client.post('/api/topups', { package_id: packageId, method_id: methods[kind] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const checkoutId = new URL(res.body.checkout_url).pathname.split('/').pop()!;
  return { client, id: res.body.id as number, checkoutId };
}

const statusOf = async (client: TestClient, id: number) =>
  (await client.get(`/api/topups/${id}`)).body.status;

describe('reconciliation of lost webhooks', () => {
  for (const kind of ['stripe', 'btcpay'] as const) {
    it(`credits a ${kind} payment whose webhook never came, once, and expires an abandoned checkout`, async () => {
      const paid = await checkout(kind);
      const abandoned = await checkout(kind);
      const open = await checkout(kind);
      // Paid and abandoned at the provider; no webhook is ever sent.
      if (kind === 'stripe') {
        stripe.pay(paid.checkoutId);
        stripe.expire(abandoned.checkoutId);
      } else {
        btcpay.settle(paid.checkoutId);
        btcpay.expire(abandoned.checkoutId);
      }
      await waitFor(
        () => statusOf(paid.client, paid.id),
        (s) => s === 'approved',
      );
      await waitFor(
        () => statusOf(abandoned.client, abandoned.id),
        (s) => s === 'expired',
      );
      expect((await paid.client.get('/api/me')).body.credits).toBe(25);
      expect((await paid.client.get(`/api/topups/${paid.id}`)).body).toMatchObject({
        provider: kind,
        provider_payment_id: paid.checkoutId,
      });
      expect((await abandoned.client.get('/api/me')).body.credits).toBe(0);
      // A checkout still open is left waiting; a few more rounds later it still is, and nothing was credited twice.
      const runs = (await admin.get('/api/system/status')).body.jobs;
      const before = runs.find((j: { name: string }) => j.name === 'payment-reconcile')?.runs ?? 0;
      await waitFor(
        async () => (await admin.get('/api/system/status')).body.jobs,
        (jobs: { name: string; runs?: number }[]) =>
          (jobs.find((j) => j.name === 'payment-reconcile')?.runs ?? 0) >= before + 2,
      );
      expect(await statusOf(open.client, open.id)).toBe('awaiting_payment');
      expect((await paid.client.get('/api/credits/ledger')).body.items).toHaveLength(1);
    });
  }

  it('reports its last run on System status', async () => {
    const status = await admin.get('/api/system/status');
    const job = status.body.jobs.find((j: { name: string }) => j.name === 'payment-reconcile');
    expect(job).toBeDefined();
    expect(job.last_run_at).not.toBeNull();
  });

  // Last in this file: everything above has been logged by now.
  it("never names a method's key or webhook secret in the log", () => {
    const log = server.logs.join('\n');
    for (const secret of [stripe.secretKey, stripe.webhookSecret, btcpay.apiKey, btcpay.webhookSecret])
      expect(log).not.toContain(secret);
  });
});
