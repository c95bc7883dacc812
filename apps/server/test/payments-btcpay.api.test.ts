import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBtcpayStandIn, type BtcpayStandIn, type StandInInvoice } from './support/btcpay-stand-in.js';
import { openEventStream } from './support/event-stream.js';
import type { TestClient, TestResponse } from './support/test-client.js';
import { deliverWebhook } from './support/payment-webhook.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let btcpay: BtcpayStandIn;
let server: TestServer;
let admin: TestClient;
let packageId: number;
/** Crypto with a 1.5 % fee: the 20.00 EUR package costs 20.30 EUR. */
let cryptoId: number;
let sepaId: number;

beforeAll(async () => {
  btcpay = await startBtcpayStandIn();
  server = await startTestServer();
  admin = await server.admin();
  const pack = await admin.post('/api/credit-packages', {
    name: 'Reseller 25',
    credits: 25,
    price_cents: 2000,
  });
  packageId = pack.body.id;
  const crypto = await admin.post('/api/payment-methods', {
    kind: 'btcpay',
    name: 'Bitcoin',
    currency: 'EUR',
    fee_bps: 150,
    server_url: btcpay.url,
    store_id: btcpay.storeId,
    api_key: btcpay.apiKey,
    webhook_secret: btcpay.webhookSecret,
  });
  expect(crypto.status, JSON.stringify(crypto.body)).toBe(201);
  cryptoId = crypto.body.id;
  const sepa = await admin.post('/api/payment-methods', {
    kind: 'manual',
    name: 'Bank transfer',
    currency: 'EUR',
    instructions: 'IBAN DE89 3704 0044 0532 0130 00',
  });
  sepaId = sepa.body.id;
});
afterAll(async () => {
  await server?.close();
  await btcpay?.close();
});

let counter = 0;
async function reseller() {
  counter += 1;
  return server.signUpConfirmed(`btcpay-pay${counter}@example.com`);
}

type Request = { id: number; checkout_url: string; status: string; reference_code: string };

async function checkout(client: TestClient): Promise<{ request: Request; invoice: StandInInvoice }> {
  const res = await client.post('/api/topups', { package_id: packageId, method_id: cryptoId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const request = res.body as Request;
  const id = new URL(request.checkout_url).pathname.split('/').pop()!;
  return { request, invoice: btcpay.invoices.get(id)! };
}

function deliver(event: { body: string; signature?: string }): Promise<TestResponse> {
  return deliverWebhook(server.url, 'btcpay', event);
}

async function credits(client: TestClient): Promise<number> {
  return (await client.get('/api/me')).body.credits;
}

async function status(client: TestClient, id: number): Promise<string> {
  return (await client.get(`/api/topups/${id}`)).body.status;
}

function expectRefused(res: TestResponse) {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ error: { code: 'PAYMENT_WEBHOOK_REJECTED', message: 'Webhook rejected' } });
}

function refusalsSince(from: number): string[] {
  return server.logs.slice(from).filter((line) => line.includes('Payment webhook refused'));
}

describe('BTCPay Server', () => {
  it('opens an invoice for the price with the fee, and credits once when BTCPay says it settled', async () => {
    const client = await reseller();
    const stream = await openEventStream(server, client);
    const { request, invoice } = await checkout(client);
    expect(request).toMatchObject({ status: 'awaiting_payment', method_kind: 'btcpay', amount_cents: 2030 });
    // The buyer goes to the invoice's own checkout page.
    expect(request.checkout_url).toBe(invoice.checkoutLink);
    // What BTCPay was asked for: our amount and currency, our request id, our return page.
    expect(btcpay.creates.at(-1)).toMatchObject({
      amount: '20.30',
      currency: 'EUR',
      metadata: { topupRequestId: String(request.id), orderId: request.reference_code },
      checkout: { redirectURL: `${server.url}/payments/return/${request.id}` },
    });

    btcpay.settle(invoice.id);
    const res = await deliver(btcpay.signedEvent('InvoiceSettled', invoice));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect(
      await stream.next(
        'topup_requests',
        (e) => e.data.id === String(request.id) && e.data.action === 'update',
      ),
    ).not.toBeNull();
    stream.close();

    expect((await client.get(`/api/topups/${request.id}`)).body).toMatchObject({
      status: 'approved',
      provider: 'btcpay',
      provider_payment_id: invoice.id,
    });
    expect(await credits(client)).toBe(25);
    const ledger = await client.get('/api/credits/ledger');
    expect(ledger.body.items).toHaveLength(1);
    expect(ledger.body.items[0]).toMatchObject({ delta: 25, reason: 'topup' });
  });

  it('credits once however often and however concurrently BTCPay delivers the same payment', async () => {
    const client = await reseller();
    const { request, invoice } = await checkout(client);
    btcpay.settle(invoice.id);
    const event = btcpay.signedEvent('InvoiceSettled', invoice);
    const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // BTCPay's "Redeliver" button: a new delivery of the same event.
    const again = btcpay.signedEvent('InvoiceSettled', invoice, { extra: { isRedelivery: true } });
    expect((await deliver(again)).status).toBe(200);
    expect(await credits(client)).toBe(25);
    expect((await client.get('/api/credits/ledger')).body.items).toHaveLength(1);
    expect(await status(client, request.id)).toBe('approved');
  });

  it('credits nothing for a settled event the invoice itself does not confirm', async () => {
    const client = await reseller();
    const { request, invoice } = await checkout(client);
    // Delivered while BTCPay still has the invoice waiting (or a settled event crafted with a leaked secret).
    expect((await deliver(btcpay.signedEvent('InvoiceSettled', invoice))).status).toBe(200);
    expect(await status(client, request.id)).toBe('awaiting_payment');
    expect(await credits(client)).toBe(0);
  });

  it('refuses a bad or missing signature with a bare 400 and credits nothing', async () => {
    const client = await reseller();
    const { invoice } = await checkout(client);
    btcpay.settle(invoice.id);
    const from = server.logs.length;
    expectRefused(await deliver(btcpay.signedEvent('InvoiceSettled', invoice, { secret: 'not-ours' })));
    const unsigned = btcpay.signedEvent('InvoiceSettled', invoice);
    expectRefused(await deliver({ body: unsigned.body }));
    expectRefused(await deliver({ body: unsigned.body, signature: 'sha256=zz' }));
    // A signed body changed after signing.
    const signed = btcpay.signedEvent('InvoiceSettled', invoice);
    expectRefused(
      await deliver({
        body: signed.body.replace('"isRedelivery":false', '"isRedelivery":true'),
        signature: signed.signature,
      }),
    );
    expect(await credits(client)).toBe(0);
    const reasons = refusalsSince(from);
    expect(reasons).toHaveLength(4);
    expect(reasons[0]).toContain('BTCPay-Sig does not match the body');
    expect(reasons[1]).toContain('no BTCPay-Sig header');
    expect(reasons[2]).toContain('BTCPay-Sig is not sha256=<hex>');
    expect(reasons[3]).toContain('BTCPay-Sig does not match the body');
    expect(server.logs.join('\n')).not.toContain(btcpay.webhookSecret);
    expect(server.logs.join('\n')).not.toContain(btcpay.apiKey);
  });

  it("refuses an unknown event, another provider's request, another store's invoice and a mismatched amount", async () => {
    const client = await reseller();
    const { request, invoice } = await checkout(client);
    btcpay.settle(invoice.id);
    const from = server.logs.length;
    expectRefused(await deliver(btcpay.signedEvent('InvoiceCreated', invoice)));
    const manual = await client.post('/api/topups', { package_id: packageId, method_id: sepaId });
    expectRefused(
      await deliver(
        btcpay.signedEvent('InvoiceSettled', {
          ...invoice,
          metadata: { topupRequestId: String(manual.body.id) },
        }),
      ),
    );
    expectRefused(await deliver(btcpay.signedEvent('InvoiceSettled', { ...invoice, id: 'NotOurInvoice1' })));
    expectRefused(
      await deliver(btcpay.signedEvent('InvoiceSettled', { ...invoice, storeId: 'AnotherStore' })),
    );
    // BTCPay's own record of the invoice says another amount, then another currency.
    invoice.amount = '20.00';
    expectRefused(await deliver(btcpay.signedEvent('InvoiceSettled', invoice)));
    invoice.amount = '20.30';
    invoice.currency = 'USD';
    expectRefused(await deliver(btcpay.signedEvent('InvoiceSettled', invoice)));
    invoice.currency = 'EUR';
    expect(await credits(client)).toBe(0);
    expect(await status(client, request.id)).toBe('awaiting_payment');
    const reasons = refusalsSince(from);
    expect(reasons).toHaveLength(6);
    expect(reasons[0]).toContain('an event type the panel does not take');
    expect(reasons[1]).toContain('not a BTCPay checkout this panel opened for that request');
    expect(reasons[2]).toContain('not a BTCPay checkout this panel opened for that request');
    expect(reasons[3]).toContain('the event is about a checkout of another store');
    expect(reasons[4]).toContain('amount or currency differs from the request');
    expect(reasons[4]).toContain('2000 EUR');
    expect(reasons[5]).toContain('amount or currency differs from the request');
    // The same invoice, its record right again: paid once.
    expect((await deliver(btcpay.signedEvent('InvoiceSettled', invoice))).status).toBe(200);
    expect(await credits(client)).toBe(25);
  });

  it('expires the request when its invoice expires unpaid, and never credits it afterwards', async () => {
    const client = await reseller();
    const { request, invoice } = await checkout(client);
    expectRefused(await deliver(btcpay.signedEvent('InvoiceExpired', invoice)));
    expect(await status(client, request.id)).toBe('awaiting_payment');
    btcpay.expire(invoice.id);
    expect((await deliver(btcpay.signedEvent('InvoiceExpired', invoice))).status).toBe(200);
    expect(await status(client, request.id)).toBe('expired');
    // Settled after it expired: nothing is credited by itself, and it waits for an admin (#48).
    btcpay.settle(invoice.id);
    expect((await deliver(btcpay.signedEvent('InvoiceSettled', invoice))).status).toBe(200);
    expect(await status(client, request.id)).toBe('needs_attention');
    expect(await credits(client)).toBe(0);
  });

  it('marks an underpaid invoice underpaid, credits nothing, and shows it to the reseller and the admin', async () => {
    const client = await reseller();
    const { request, invoice } = await checkout(client);
    btcpay.expire(invoice.id, { partial: true });
    const event = btcpay.signedEvent('InvoiceExpired', invoice, { extra: { partiallyPaid: true } });
    expect((await deliver(event)).status).toBe(200);
    expect(await status(client, request.id)).toBe('underpaid');
    const listed = await admin.get('/api/topups');
    expect(listed.body.items.find((r: { id: number }) => r.id === request.id)?.status).toBe('underpaid');
    // Delivered again, or as InvoiceInvalid: still underpaid, still nothing.
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(btcpay.signedEvent('InvoiceInvalid', invoice))).status).toBe(200);
    expect(await status(client, request.id)).toBe('underpaid');
    expect(await credits(client)).toBe(0);
    expect(server.logs.join('\n')).toContain('Top-up underpaid');
  });

  it('credits an overpaid invoice once and notes the surplus in the log', async () => {
    const client = await reseller();
    const { request, invoice } = await checkout(client);
    btcpay.settle(invoice.id, { over: true, overCents: 137 });
    const from = server.logs.length;
    const event = btcpay.signedEvent('InvoiceSettled', invoice, { extra: { overPaid: true } });
    expect((await deliver(event)).status).toBe(200);
    expect(await status(client, request.id)).toBe('approved');
    expect(await credits(client)).toBe(25);
    const noted = server.logs.slice(from).filter((line) => line.includes('Top-up overpaid with BTCPay'));
    expect(noted).toHaveLength(1);
    expect(noted[0]).toContain(invoice.id);
    // The surplus is kept on the request, for the reseller and the admin to see, and on its receipt.
    const mine = (await client.get(`/api/topups/${request.id}`)).body;
    expect(mine).toMatchObject({ surplus_cents: 137, surplus_currency: 'EUR' });
    expect((await admin.get(`/api/topups/${request.id}`)).body).toMatchObject({ surplus_cents: 137 });
    expect((await client.get(`/api/topups/${request.id}/receipt`)).body).toMatchObject({
      surplus_cents: 137,
      amount_cents: mine.amount_cents,
    });
  });

  it('takes the credits back once when the store marks a settled invoice invalid, even below 0, and tells the admin', async () => {
    const client = await reseller();
    const me = (await client.get('/api/me')).body as { id: string; email: string };
    const { request, invoice } = await checkout(client);
    btcpay.settle(invoice.id);
    expect((await deliver(btcpay.signedEvent('InvoiceSettled', invoice))).status).toBe(200);
    expect(await credits(client)).toBe(25);
    // 15 of the 25 were spent meanwhile (an admin's correction stands in for the purchases).
    const spent = await admin.put(`/api/accounts/${me.id}/credits`, { credits: 10 });
    expect(spent.status, JSON.stringify(spent.body)).toBe(200);
    // Invalid by the store's hand, e.g. after refunding the buyer through BTCPay: each delivery,
    // and BTCPay's redelivery, has its own id; the invoice is taken back once.
    btcpay.invalidate(invoice.id);
    const invalid = () => btcpay.signedEvent('InvoiceInvalid', invoice, { extra: { manuallyMarked: true } });
    const answers = await Promise.all([deliver(invalid()), deliver(invalid())]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await deliver(invalid())).status).toBe(200);
    expect(await credits(client)).toBe(-15);
    const mine = (await client.get(`/api/topups/${request.id}`)).body;
    expect(mine).toMatchObject({ status: 'approved', reversal: { state: 'refunded', credits: 25 } });
    const ledger = (await client.get('/api/credits/ledger')).body.items as {
      reason: string;
      delta: number;
    }[];
    expect(ledger.filter((row) => row.reason === 'topup_reversed').map((row) => row.delta)).toEqual([-25]);
    // The admin is told, in a message and in the audit log, once.
    const messages = (await admin.get('/api/messages?page_size=100')).body.items as {
      title: string;
      content: string;
    }[];
    // The notice of the account's sign-up names it too; only what the payments said counts here.
    const aboutIt = messages.filter(
      (m) => m.content.includes(me.email) && !m.title.startsWith('New account signed up'),
    );
    expect(aboutIt).toHaveLength(1);
    expect(aboutIt[0]!.content).toContain(
      'BTCPay reported a cancellation (invoice marked invalid) of the top-up',
    );
    expect(aboutIt[0]!.content).toContain('balance is now -15.');
    const audit = await admin.get(`/api/audit-log?action=topup.reversed`);
    expect(audit.status, JSON.stringify(audit.body)).toBe(200);
    expect(
      (audit.body.items as { entity_id: string; target_email: string; actor_id: string | null }[]).filter(
        (entry) => entry.entity_id === String(request.id),
      ),
    ).toEqual([expect.objectContaining({ target_email: me.email, actor_id: null })]);
  });

  it('answers a clear error when BTCPay cannot be reached, charging nothing and leaving no request', async () => {
    const client = await reseller();
    const opened = btcpay.creates.length;
    btcpay.mode = 'down';
    try {
      const res = await client.post('/api/topups', { package_id: packageId, method_id: cryptoId });
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    } finally {
      btcpay.mode = 'up';
    }
    expect(btcpay.creates.length).toBe(opened);
    expect((await client.get('/api/topups')).body.items).toEqual([]);
    expect(server.logs.join('\n')).toContain('Payment provider unavailable: no checkout opened');

    // Down while a settled event arrives: 502, so BTCPay delivers it again; then it credits.
    const { request, invoice } = await checkout(client);
    btcpay.settle(invoice.id);
    const event = btcpay.signedEvent('InvoiceSettled', invoice);
    btcpay.mode = 'down';
    try {
      const res = await deliver(event);
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    } finally {
      btcpay.mode = 'up';
    }
    expect(await status(client, request.id)).toBe('awaiting_payment');
    expect((await deliver(event)).status).toBe(200);
    expect(await credits(client)).toBe(25);
  });

  it('refuses a method whose API key BTCPay does not accept, leaving no request, and tells the admin why', async () => {
    const client = await reseller();
    const revoked = await admin.post('/api/payment-methods', {
      kind: 'btcpay',
      name: 'Bitcoin (old key)',
      currency: 'EUR',
      server_url: btcpay.url,
      store_id: btcpay.storeId,
      api_key: 'revoked-api-key-0001',
      webhook_secret: 'old-secret',
    });
    const res = await client.post('/api/topups', { package_id: packageId, method_id: revoked.body.id });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    expect((await client.get('/api/topups')).body.items).toEqual([]);
    expect(server.logs.join('\n')).toContain('Payment provider refused to open a checkout');
    expect(server.logs.join('\n')).not.toContain('revoked-api-key-0001');
    await admin.delete(`/api/payment-methods/${revoked.body.id}`);
  });

  // Last in this file: every checkout, webhook, refusal and failure above has been logged by now.
  it("never names a method's key or webhook secret in the log", () => {
    const log = server.logs.join('\n');
    expect(log).toContain('Payment webhook refused');
    for (const secret of [btcpay.apiKey, btcpay.webhookSecret]) expect(log).not.toContain(secret);
  });
});
