import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBtcpayStandIn, type BtcpayStandIn } from './support/btcpay-stand-in.js';
import { testPostgresUrl } from './support/test-database.js';
import { deliverWebhook } from './support/payment-webhook.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

/**
 * Two app instances on one PostgreSQL database, both running the reconciliation job every second,
 * each handed the same BTCPay delivery at the same moment while their jobs also find the paid
 * invoice: webhook and job, on both instances, credit once between them.
 */
describe.skipIf(!testPostgresUrl())('the same BTCPay payment at two instances and their jobs at once', () => {
  let btcpay: BtcpayStandIn;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    btcpay = await startBtcpayStandIn();
    const shared = {
      LINEDESK_SECRET: randomBytes(32).toString('hex'),
      PAYMENT_RECONCILE_INTERVAL_SECONDS: '1',
      PAYMENT_RECONCILE_AFTER_SECONDS: '0',
    };
    first = await startTestServer(shared);
    const database = first.built.ctx.config.database;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    second = await startTestServer({ ...shared, DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await btcpay?.close();
  });

  it('credits once', async () => {
    const admin = await first.admin();
    const pack = await admin.post('/api/credit-packages', {
      name: 'Pro 100',
      credits: 100,
      price_cents: 7000,
    });
    const method = await admin.post('/api/payment-methods', {
      kind: 'btcpay',
      name: 'Bitcoin',
      server_url: btcpay.url,
      store_id: btcpay.storeId,
      api_key: btcpay.apiKey,
      webhook_secret: btcpay.webhookSecret,
    });
    const reseller = await first.signUpConfirmed('btcpay-two-instances@example.com');
    const created = await reseller.post('/api/topups', {
      package_id: pack.body.id,
      method_id: method.body.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const invoiceId = new URL(created.body.checkout_url as string).pathname.split('/').pop()!;
    const invoice = btcpay.settle(invoiceId);

    for (let round = 0; round < 3; round += 1) {
      const event = btcpay.signedEvent('InvoiceSettled', invoice);
      const answers = await Promise.all(
        [first, second, first, second].map((instance) => deliverWebhook(instance.url, 'btcpay', event)),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    }
    // Both jobs have had rounds since; still one credit.
    for (const instanceAdmin of [admin, await second.admin()]) {
      const seen = (await instanceAdmin.get('/api/system/status')).body.jobs;
      const runs = seen.find((j: { name: string }) => j.name === 'payment-reconcile')?.runs ?? 0;
      await waitFor(
        async () => (await instanceAdmin.get('/api/system/status')).body.jobs,
        (jobs: { name: string; runs: number }[]) =>
          (jobs.find((j) => j.name === 'payment-reconcile')?.runs ?? 0) >= runs + 1,
      );
    }
    expect((await reseller.get('/api/me')).body.credits).toBe(100);
    expect((await reseller.get('/api/credits/ledger')).body.items).toHaveLength(1);
    expect((await admin.get(`/api/topups/${created.body.id}`)).body).toMatchObject({
      status: 'approved',
      provider: 'btcpay',
      provider_payment_id: invoiceId,
    });
  });
});
