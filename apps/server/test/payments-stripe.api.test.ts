import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './support/event-stream.js';
import { startStripeStandIn, type StandInSession, type StripeStandIn } from './support/stripe-stand-in.js';
import type { TestClient, TestResponse } from './support/test-client.js';
import { deliverWebhook } from './support/payment-webhook.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let stripe: StripeStandIn;
let server: TestServer;
let admin: TestClient;
let packageId: number;
/** Card payments with a 3 % fee: the 20.00 EUR package costs 20.60 EUR. */
let cardId: number;
let sepaId: number;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  server = await startTestServer({ STRIPE_API_URL: stripe.url });
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
    fee_bps: 300,
    secret_key: stripe.secretKey,
    webhook_secret: stripe.webhookSecret,
  });
  expect(card.status, JSON.stringify(card.body)).toBe(201);
  cardId = card.body.id;
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
  await stripe?.close();
});

let counter = 0;
async function reseller() {
  counter += 1;
  return server.signUpConfirmed(`stripe-pay${counter}@example.com`);
}

type Request = { id: number; checkout_url: string; status: string; reference_code: string };

async function checkout(client: TestClient): Promise<{ request: Request; session: StandInSession }> {
  const res = await client.post('/api/topups', { package_id: packageId, method_id: cardId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const request = res.body as Request;
  const id = new URL(request.checkout_url).pathname.split('/').pop()!;
  return { request, session: stripe.sessions.get(id)! };
}

function deliver(event: { body: string; signature?: string }): Promise<TestResponse> {
  return deliverWebhook(server.url, 'stripe', event);
}

async function credits(client: TestClient): Promise<number> {
  return (await client.get('/api/me')).body.credits;
}

function expectRefused(res: TestResponse) {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ error: { code: 'PAYMENT_WEBHOOK_REJECTED', message: 'Webhook rejected' } });
}

/** The server's log lines since `from` that refused a webhook, with the reason they give. */
function refusalsSince(from: number): string[] {
  return server.logs.slice(from).filter((line) => line.includes('Payment webhook refused'));
}

describe('Stripe Checkout', () => {
  it('opens a checkout for the price with the fee, and credits once when Stripe says it was paid', async () => {
    const client = await reseller();
    const stream = await openEventStream(server, client);
    const { request, session } = await checkout(client);
    expect(request).toMatchObject({ status: 'awaiting_payment', method_kind: 'stripe', amount_cents: 2060 });
    expect(request.checkout_url).toBe(`${stripe.url}/c/pay/${session.id}`);
    // What Stripe was asked for: our amount and currency, our request id to find it by, our return page.
    expect(session).toMatchObject({
      amount_total: 2060,
      currency: 'eur',
      client_reference_id: String(request.id),
      metadata: { topup_request_id: String(request.id), reference_code: request.reference_code },
      success_url: `${server.url}/payments/return/${request.id}`,
    });

    // The buyer pays; Stripe reports it before the browser is back.
    stripe.pay(session.id);
    const res = await deliver(stripe.signedEvent('checkout.session.completed', session));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect(
      await stream.next(
        'topup_requests',
        (e) => e.data.id === String(request.id) && e.data.action === 'update',
      ),
    ).not.toBeNull();
    stream.close();

    // The return page reads the request: credited, by Stripe, for that checkout.
    const after = await client.get(`/api/topups/${request.id}`);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({
      status: 'approved',
      provider: 'stripe',
      provider_payment_id: session.id,
    });
    expect(await credits(client)).toBe(25);
    const ledger = await client.get('/api/credits/ledger');
    expect(ledger.body.items).toHaveLength(1);
    expect(ledger.body.items[0]).toMatchObject({ delta: 25, reason: 'topup' });
  });

  it('credits once however often and however concurrently Stripe delivers the same payment', async () => {
    const client = await reseller();
    const { request, session } = await checkout(client);
    stripe.pay(session.id);
    const event = stripe.signedEvent('checkout.session.completed', session);
    const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // A later resend (Stripe retries for days) and the async-payment event of the same payment.
    expect((await deliver(event)).status).toBe(200);
    expect(
      (await deliver(stripe.signedEvent('checkout.session.async_payment_succeeded', session))).status,
    ).toBe(200);
    expect(await credits(client)).toBe(25);
    expect((await client.get('/api/credits/ledger')).body.items).toHaveLength(1);
    expect((await client.get(`/api/topups/${request.id}`)).body.status).toBe('approved');
  });

  it('credits nothing from the browser coming back: only the webhook pays', async () => {
    const client = await reseller();
    const { request, session } = await checkout(client);
    // Back from the checkout page before Stripe's webhook (or having given up): still waiting.
    const back = await client.get(`/api/topups/${request.id}`);
    expect(back.body.status).toBe('awaiting_payment');
    expect(await credits(client)).toBe(0);
    // A completed checkout that is not paid yet (a delayed payment method) credits nothing either.
    expect((await deliver(stripe.signedEvent('checkout.session.completed', session))).status).toBe(200);
    expect((await client.get(`/api/topups/${request.id}`)).body.status).toBe('awaiting_payment');
    expect(await credits(client)).toBe(0);
    // The requester cannot claim to have paid an online checkout themselves.
    const claimed = await client.post(`/api/topups/${request.id}/submit`, {
      payment_reference: 'paid, honest',
    });
    // It is still awaiting its payment: the refusal says that an online payment completes by itself.
    expect(claimed.status).toBe(409);
    expect(claimed.body.error.code).toBe('TOPUP_PAID_ONLINE');
  });

  it('refuses a bad or missing signature with a bare 400 and credits nothing', async () => {
    const client = await reseller();
    const { session } = await checkout(client);
    stripe.pay(session.id);
    const from = server.logs.length;
    const forged = stripe.signedEvent('checkout.session.completed', session, { secret: 'whsec_not_ours' });
    expectRefused(await deliver(forged));
    const unsigned = stripe.signedEvent('checkout.session.completed', session);
    expectRefused(await deliver({ body: unsigned.body }));
    // A signed body changed after signing (a different amount slipped in).
    const signed = stripe.signedEvent('checkout.session.completed', session);
    expectRefused(
      await deliver({
        body: signed.body.replace('"amount_total":2060', '"amount_total":1'),
        signature: signed.signature,
      }),
    );
    expect(await credits(client)).toBe(0);
    const reasons = refusalsSince(from);
    expect(reasons).toHaveLength(3);
    expect(reasons[0]).toContain('No signatures found matching the expected signature');
    expect(reasons[1]).toContain('no Stripe-Signature header');
    // The log names no secret.
    expect(server.logs.join('\n')).not.toContain(stripe.webhookSecret);
    expect(server.logs.join('\n')).not.toContain(stripe.secretKey);
  });

  it('takes a webhook without the CSRF check, whatever cookie and Origin it carries, but keeps its body size limit', async () => {
    const client = await reseller();
    const { request, session } = await checkout(client);
    stripe.pay(session.id);
    // As a page on another site would post: with the admin's session cookie and its own Origin.
    const crossSite = {
      cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      origin: 'https://elsewhere.example',
      'x-forwarded-for': admin.ip,
    };
    const elsewhere = await fetch(`${server.url}/api/topups/${request.id}/approve`, {
      method: 'POST',
      headers: { ...crossSite, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(elsewhere.status).toBe(403);
    expect((await elsewhere.json()).error.code).toBe('CSRF_REJECTED');

    // Stripe's delivery with the same headers: the signature is its credential, the cookie nothing.
    const tooLarge = stripe.signedEvent('checkout.session.completed', {
      ...session,
      padding: 'x'.repeat(300 * 1024),
    });
    const large = await fetch(`${server.url}/api/payments/webhooks/stripe`, {
      method: 'POST',
      headers: { ...crossSite, 'content-type': 'application/json', 'stripe-signature': tooLarge.signature },
      body: tooLarge.body,
    });
    expect(large.status).toBe(413);
    expect(await credits(client)).toBe(0);

    const event = stripe.signedEvent('checkout.session.completed', session);
    const res = await fetch(`${server.url}/api/payments/webhooks/stripe`, {
      method: 'POST',
      headers: { ...crossSite, 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.body,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await credits(client)).toBe(25);
    expect((await admin.get(`/api/topups/${request.id}`)).body).toMatchObject({
      status: 'approved',
      provider: 'stripe',
    });
  });

  it('refuses a replay: a correctly signed event older than five minutes', async () => {
    const client = await reseller();
    const { session } = await checkout(client);
    stripe.pay(session.id);
    const from = server.logs.length;
    const old = stripe.signedEvent('checkout.session.completed', session, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expectRefused(await deliver(old));
    expect(await credits(client)).toBe(0);
    expect(refusalsSince(from).join('\n')).toContain('Timestamp outside the tolerance zone');
  });

  it('refuses a payment whose amount or currency differs from the request', async () => {
    const client = await reseller();
    const { request, session } = await checkout(client);
    stripe.pay(session.id);
    // Stripe's own record of the checkout says less was paid than the request asks.
    session.amount_total = 2000;
    const from = server.logs.length;
    expectRefused(await deliver(stripe.signedEvent('checkout.session.completed', session)));
    session.amount_total = 2060;
    session.currency = 'usd';
    expectRefused(await deliver(stripe.signedEvent('checkout.session.completed', session)));
    expect(await credits(client)).toBe(0);
    expect((await client.get(`/api/topups/${request.id}`)).body.status).toBe('awaiting_payment');
    const reasons = refusalsSince(from);
    expect(reasons).toHaveLength(2);
    for (const line of reasons) expect(line).toContain('amount or currency differs from the request');
    expect(reasons[0]).toContain('2000 EUR');
  });

  it("refuses an unknown event type, another provider's request and a checkout the panel did not open", async () => {
    const client = await reseller();
    const { request, session } = await checkout(client);
    stripe.pay(session.id);
    const from = server.logs.length;
    expectRefused(
      await deliver(stripe.signedEvent('charge.succeeded', { id: 'ch_test_1', object: 'charge' })),
    );
    // A request paid by bank transfer, named in a genuine Stripe checkout.
    const manual = await client.post('/api/topups', { package_id: packageId, method_id: sepaId });
    const foreign = {
      ...session,
      client_reference_id: String(manual.body.id),
      metadata: { topup_request_id: String(manual.body.id) },
    };
    expectRefused(await deliver(stripe.signedEvent('checkout.session.completed', foreign)));
    // Our request's id in a checkout session the panel never opened for it.
    const other = { ...session, id: 'cs_test_not_ours' };
    expectRefused(await deliver(stripe.signedEvent('checkout.session.completed', other)));
    expect(await credits(client)).toBe(0);
    expect((await client.get(`/api/topups/${request.id}`)).body.status).toBe('awaiting_payment');
    const reasons = refusalsSince(from);
    expect(reasons[0]).toContain('an event type the panel does not take');
    expect(reasons[1]).toContain('not a Stripe checkout this panel opened for that request');
    expect(reasons[2]).toContain('not a Stripe checkout this panel opened for that request');
  });

  it('expires the request when its checkout expires unpaid, and never credits it afterwards', async () => {
    const client = await reseller();
    const { request, session } = await checkout(client);
    // An expiry Stripe's own record does not confirm is not taken.
    expectRefused(await deliver(stripe.signedEvent('checkout.session.expired', session)));
    expect((await client.get(`/api/topups/${request.id}`)).body.status).toBe('awaiting_payment');
    stripe.expire(session.id);
    const res = await deliver(stripe.signedEvent('checkout.session.expired', session));
    expect(res.status).toBe(200);
    expect((await client.get(`/api/topups/${request.id}`)).body.status).toBe('expired');
    // A payment Stripe reports afterwards credits nothing by itself: the request is closed, and it
    // waits for an admin (needs_attention) instead of being dropped with a log line (#48).
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    expect((await deliver(stripe.signedEvent('checkout.session.completed', session))).status).toBe(200);
    expect((await client.get(`/api/topups/${request.id}`)).body.status).toBe('needs_attention');
    expect(await credits(client)).toBe(0);
  });

  it('answers a clear error when Stripe cannot be reached, charging nothing and leaving no request', async () => {
    const client = await reseller();
    const opened = stripe.creates.length;
    stripe.mode = 'down';
    try {
      const res = await client.post('/api/topups', { package_id: packageId, method_id: cardId });
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    } finally {
      stripe.mode = 'up';
    }
    expect(stripe.creates.length).toBe(opened);
    expect((await client.get('/api/topups')).body.items).toEqual([]);
    expect(await credits(client)).toBe(0);
    expect(server.logs.join('\n')).toContain('Payment provider unavailable: no checkout opened');
    // Up again: the same purchase goes through.
    const { request } = await checkout(client);
    expect(request.status).toBe('awaiting_payment');
  });

  it('refuses a method whose key Stripe does not accept, leaving no request, and tells the admin why', async () => {
    const client = await reseller();
    const revoked = await admin.post('/api/payment-methods', {
      kind: 'stripe',
      name: 'Card (old key)',
      currency: 'EUR',
      secret_key: 'sk_test_revoked',
      webhook_secret: 'whsec_old',
    });
    const res = await client.post('/api/topups', { package_id: packageId, method_id: revoked.body.id });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    expect((await client.get('/api/topups')).body.items).toEqual([]);
    expect(server.logs.join('\n')).toContain('Payment provider refused to open a checkout');
    expect(server.logs.join('\n')).not.toContain('sk_test_revoked');
    await admin.delete(`/api/payment-methods/${revoked.body.id}`);
  });

  it('shows a request to its requester and admins only', async () => {
    const owner = await reseller();
    const stranger = await reseller();
    const { request } = await checkout(owner);
    expect((await stranger.get(`/api/topups/${request.id}`)).status).toBe(404);
    expect((await admin.get(`/api/topups/${request.id}`)).status).toBe(200);
  });

  // Last in this file: every checkout, webhook, refusal and failure above has been logged by now.
  it("never names a method's key or webhook secret in the log", () => {
    const log = server.logs.join('\n');
    expect(log).toContain('Payment webhook refused');
    for (const secret of [stripe.secretKey, stripe.webhookSecret]) expect(log).not.toContain(secret);
  });
});
