import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBtcpayStandIn, type BtcpayStandIn } from './support/btcpay-stand-in.js';
import { deliverWebhook } from './support/payment-webhook.js';
import { startStripeStandIn, type StandInSession, type StripeStandIn } from './support/stripe-stand-in.js';
import type { TestClient, TestResponse } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

/**
 * Issue #48: reversals follow the provider's state whatever order their events come in, every
 * credited payment knows its provider id, a payment nothing credited is never silent, and an event
 * is taken only with the secret of the request's own method.
 */
let stripe: StripeStandIn;
let btcpay: BtcpayStandIn;
let server: TestServer;
let admin: TestClient;
let packageId: number;
/** 25 credits for 20.00 EUR + 3 % = 20.60 EUR. */
let cardId: number;
let cryptoId: number;

beforeAll(async () => {
  [stripe, btcpay] = await Promise.all([startStripeStandIn(), startBtcpayStandIn()]);
  server = await startTestServer({
    STRIPE_API_URL: stripe.url,
    PAYMENT_RECONCILE_INTERVAL_SECONDS: '1',
    PAYMENT_RECONCILE_AFTER_SECONDS: '0',
    // Two credited payments re-read a round, least recently read first: each still gets its turn.
    PAYMENT_REVERSAL_CHECKS_PER_ROUND: '2',
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
    fee_bps: 300,
    secret_key: stripe.secretKey,
    webhook_secret: stripe.webhookSecret,
  });
  expect(card.status, JSON.stringify(card.body)).toBe(201);
  cardId = card.body.id;
  const crypto = await admin.post('/api/payment-methods', {
    kind: 'btcpay',
    name: 'Bitcoin',
    currency: 'EUR',
    server_url: btcpay.url,
    store_id: btcpay.storeId,
    api_key: btcpay.apiKey,
    webhook_secret: btcpay.webhookSecret,
  });
  expect(crypto.status, JSON.stringify(crypto.body)).toBe(201);
  cryptoId = crypto.body.id;
});
afterAll(async () => {
  await server?.close();
  await Promise.all([stripe?.close(), btcpay?.close()]);
});

let counter = 0;
async function reseller() {
  counter += 1;
  return server.signUpConfirmed(`converge${counter}@example.com`);
}

const deliver = (event: { body: string; signature?: string }): Promise<TestResponse> =>
  deliverWebhook(server.url, 'stripe', event);
const deliverBtcpay = (event: { body: string; signature?: string }): Promise<TestResponse> =>
  deliverWebhook(server.url, 'btcpay', event);

const credits = async (client: TestClient): Promise<number> => (await client.get('/api/me')).body.credits;

/** The ledger's deltas add up to the balance: nothing was moved outside it. */
async function expectLedgerIsBalance(client: TestClient) {
  const rows = (await client.get('/api/credits/ledger?page_size=100')).body.items as { delta: number }[];
  expect(rows.reduce((sum, row) => sum + row.delta, 0)).toBe(await credits(client));
}

async function checkout(client: TestClient, methodId = cardId) {
  const res = await client.post('/api/topups', { package_id: packageId, method_id: methodId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const session = stripe.sessions.get(new URL(res.body.checkout_url).pathname.split('/').pop()!)!;
  return { id: res.body.id as number, session };
}

async function paidTopUp(client: TestClient): Promise<{ id: number; session: StandInSession }> {
  const made = await checkout(client);
  stripe.pay(made.session.id);
  const paid = await deliver(stripe.signedEvent('checkout.session.completed', made.session));
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return made;
}

describe('reversals follow the provider, whatever order their events come in', () => {
  it('a chargeback won whose "closed" event comes before its "created" one takes nothing (item 1)', async () => {
    const client = await reseller();
    const { id, session } = await paidTopUp(client);
    const created = stripe.signedEvent('charge.dispute.created', stripe.dispute(session.id));
    const closed = stripe.signedEvent('charge.dispute.closed', stripe.dispute(session.id, 'won'));

    expect((await deliver(closed)).status).toBe(200);
    expect((await deliver(created)).status).toBe(200);
    expect(await credits(client)).toBe(25);
    const request = (await client.get(`/api/topups/${id}`)).body;
    expect(request.reversal).toBeNull();
    expect(request.disputes).toEqual([
      expect.objectContaining({ status: 'won', counts: false, amount_cents: 2060 }),
    ]);
    await expectLedgerIsBalance(client);
  });

  it('a refund booked while a chargeback is open is taken once the chargeback is won (item 2)', async () => {
    const client = await reseller();
    const { id, session } = await paidTopUp(client);
    expect(
      (await deliver(stripe.signedEvent('charge.dispute.created', stripe.dispute(session.id)))).status,
    ).toBe(200);
    expect(await credits(client)).toBe(0);
    // 10.00 of 20.60 EUR refunded while the chargeback holds everything: nothing more to take yet.
    expect(
      (await deliver(stripe.signedEvent('charge.refunded', stripe.refund(session.id, 1000)))).status,
    ).toBe(200);
    expect(await credits(client)).toBe(0);
    expect((await client.get(`/api/topups/${id}`)).body.reversal).toMatchObject({
      state: 'disputed',
      credits: 25,
    });

    expect(
      (await deliver(stripe.signedEvent('charge.dispute.closed', stripe.dispute(session.id, 'won')))).status,
    ).toBe(200);
    // Won: the chargeback's 25 come back less the refund's share (25 × 1000 / 2060 = 12.1 → 13).
    expect(await credits(client)).toBe(12);
    const request = (await client.get(`/api/topups/${id}`)).body;
    expect(request.reversal).toMatchObject({ state: 'partially_refunded', credits: 13 });
    expect(request.refunds).toEqual([expect.objectContaining({ amount_cents: 1000, status: 'succeeded' })]);
    const receipt = (await client.get(`/api/topups/${id}/receipt`)).body;
    expect(receipt).toMatchObject({ refunded_cents: 1000, reversal: { state: 'partially_refunded' } });
    await expectLedgerIsBalance(client);
  });

  it('a refund that failed gives its credits back', async () => {
    const client = await reseller();
    const { session } = await paidTopUp(client);
    expect(
      (await deliver(stripe.signedEvent('charge.refunded', stripe.refund(session.id, 2060)))).status,
    ).toBe(200);
    expect(await credits(client)).toBe(0);
    stripe.failRefund(stripe.refundsOf(session.id)[0]!.id);
    // Any later event about the payment reads the state again.
    expect((await deliver(stripe.signedEvent('charge.refunded', stripe.refund(session.id, 0)))).status).toBe(
      200,
    );
    expect(await credits(client)).toBe(25);
    await expectLedgerIsBalance(client);
  });

  it('a chargeback whose closing event is lost is settled by the reconciliation round', async () => {
    const client = await reseller();
    const { id, session } = await paidTopUp(client);
    expect(
      (await deliver(stripe.signedEvent('charge.dispute.created', stripe.dispute(session.id)))).status,
    ).toBe(200);
    expect(await credits(client)).toBe(0);
    stripe.dispute(session.id, 'won'); // …and its event never arrives.
    await waitFor(
      () => credits(client),
      (balance) => balance === 25,
    );
    expect((await client.get(`/api/topups/${id}`)).body.reversal).toBeNull();
    await expectLedgerIsBalance(client);
  });
});

describe('a refund whose every event was lost', () => {
  it('is booked by the reconciliation round alone, within the reversal window and not after it', async () => {
    // Made first, so within the window it would be read first (never read, then by id).
    const late = await reseller();
    const old = await paidTopUp(late);
    const client = await reseller();
    const { id, session } = await paidTopUp(client);
    // Credited longer ago than the reversal window (180 days by default): no longer re-read.
    await server.built.ctx.db.execute(
      sql`update topup_requests set decided_at = now() - interval '181 days' where id = ${old.id}`,
    );
    stripe.refund(old.session.id, 2060);
    // 10.00 of 20.60 EUR refunded at Stripe; neither charge.refunded nor any later event arrives.
    stripe.refund(session.id, 1000);

    await waitFor(
      () => credits(client),
      (balance) => balance === 12,
    );
    const request = (await client.get(`/api/topups/${id}`)).body;
    expect(request.reversal).toMatchObject({ state: 'partially_refunded', credits: 13 });
    expect(request.refunds).toEqual([expect.objectContaining({ amount_cents: 1000, status: 'succeeded' })]);
    await expectLedgerIsBalance(client);
    // The payment outside the window kept its credits: only an event about it would read it now.
    expect(await credits(late)).toBe(25);
    expect((await late.get(`/api/topups/${old.id}`)).body.refunds).toEqual([]);
    await expectLedgerIsBalance(late);
  });
});

describe('every credited payment knows its provider id (item 3)', () => {
  it('a Stripe top-up approved by hand keeps its session, and its refund is taken back', async () => {
    const client = await reseller();
    const { id, session } = await checkout(client);
    const approved = await admin.post(`/api/topups/${id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ provider: 'stripe', provider_payment_id: session.id });
    expect(approved.body.decided_by).toBeTruthy();
    expect(await credits(client)).toBe(25);

    stripe.pay(session.id);
    expect((await deliver(stripe.signedEvent('checkout.session.completed', session))).status).toBe(200);
    expect(await credits(client)).toBe(25);

    const refunded = await deliver(stripe.signedEvent('charge.refunded', stripe.refund(session.id, 2060)));
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(await credits(client)).toBe(0);
    expect((await client.get(`/api/topups/${id}`)).body.reversal).toMatchObject({ state: 'refunded' });
    await expectLedgerIsBalance(client);
  });

  it('a chargeback of a top-up approved by hand whose paid event never came is found through Stripe', async () => {
    const client = await reseller();
    const { id, session } = await checkout(client);
    expect((await admin.post(`/api/topups/${id}/approve`)).status).toBe(200);
    stripe.pay(session.id);
    const disputed = await deliver(stripe.signedEvent('charge.dispute.created', stripe.dispute(session.id)));
    expect(disputed.status, JSON.stringify(disputed.body)).toBe(200);
    expect(await credits(client)).toBe(0);
    expect((await client.get(`/api/topups/${id}`)).body.reversal).toMatchObject({ state: 'disputed' });
  });
});

describe('paid but not credited is never silent (item 5)', () => {
  it('a BTCPay invoice settled after it expired needs an admin, who credits it in one click', async () => {
    const client = await reseller();
    const res = await client.post('/api/topups', { package_id: packageId, method_id: cryptoId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const invoice = btcpay.invoices.get(new URL(res.body.checkout_url).pathname.split('/').pop()!)!;
    btcpay.expire(invoice.id);
    expect((await deliverBtcpay(btcpay.signedEvent('InvoiceExpired', invoice))).status).toBe(200);
    expect((await client.get(`/api/topups/${res.body.id}`)).body.status).toBe('expired');
    const before = (await admin.get('/api/topups/pending-count')).body.count as number;

    btcpay.settle(invoice.id);
    expect((await deliverBtcpay(btcpay.signedEvent('InvoiceSettled', invoice))).status).toBe(200);
    expect((await client.get(`/api/topups/${res.body.id}`)).body).toMatchObject({
      status: 'needs_attention',
      provider: 'btcpay',
      provider_payment_id: invoice.id,
    });
    expect(await credits(client)).toBe(0);
    // A redelivery tells no one twice.
    expect((await deliverBtcpay(btcpay.signedEvent('InvoiceSettled', invoice))).status).toBe(200);
    const email = (await client.get('/api/me')).body.email as string;
    const told = ((await admin.get('/api/messages?page_size=100')).body.items as { title: string }[]).filter(
      (m) => m.title === `Paid, not credited: ${email}`,
    );
    expect(told).toHaveLength(1);
    const mine = ((await client.get('/api/messages?page_size=100')).body.items as { title: string }[]).map(
      (m) => m.title,
    );
    expect(mine).toContain('Your payment needs an admin');
    expect((await admin.get('/api/topups/pending-count')).body.count).toBe(before + 1);
    const listed = await admin.get('/api/topups?status=needs_attention&counts=true');
    expect(listed.body.items.map((r: { id: number }) => r.id)).toContain(res.body.id);

    const credited = await admin.post(`/api/topups/${res.body.id}/approve`);
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    expect(credited.body).toMatchObject({
      status: 'approved',
      provider: 'btcpay',
      provider_payment_id: invoice.id,
    });
    expect(credited.body.decided_by_email).toBe('admin@example.com');
    expect(await credits(client)).toBe(25);
    expect((await admin.post(`/api/topups/${res.body.id}/approve`)).status).toBe(409);
    await expectLedgerIsBalance(client);
  });

  it('a card payment made after its request was rejected needs an admin; refunded meanwhile, crediting it takes it back', async () => {
    const client = await reseller();
    const { id, session } = await checkout(client);
    expect((await admin.post(`/api/topups/${id}/reject`, { reason: 'No payment arrived' })).status).toBe(200);
    stripe.pay(session.id);
    expect((await deliver(stripe.signedEvent('checkout.session.completed', session))).status).toBe(200);
    expect((await client.get(`/api/topups/${id}`)).body.status).toBe('needs_attention');
    // The payer was refunded at Stripe before the admin got to it: nothing was credited, nothing is taken.
    expect(
      (await deliver(stripe.signedEvent('charge.refunded', stripe.refund(session.id, 2060)))).status,
    ).toBe(200);
    expect(await credits(client)).toBe(0);
    expect((await client.get(`/api/topups/${id}`)).body.refunds).toHaveLength(1);

    const credited = await admin.post(`/api/topups/${id}/approve`);
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    // Credited by hand, then brought to Stripe's state at once: the refund takes the 25 back.
    expect(credited.body.reversal).toMatchObject({ state: 'refunded', credits: 25 });
    expect(await credits(client)).toBe(0);
    await expectLedgerIsBalance(client);
  });

  it('a method with open checkouts is not deleted, and the answer says how many', async () => {
    const method = await admin.post('/api/payment-methods', {
      kind: 'stripe',
      name: 'Card to delete',
      currency: 'EUR',
      secret_key: stripe.secretKey,
      webhook_secret: stripe.webhookSecret,
    });
    const client = await reseller();
    const first = await checkout(client, method.body.id);
    await checkout(client, method.body.id);
    const refused = await admin.delete(`/api/payment-methods/${method.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'PAYMENT_METHOD_IN_USE' });
    expect(refused.body.error.message).toContain(': 2.');
    // Their payments are still taken with its secret.
    stripe.pay(first.session.id);
    expect((await deliver(stripe.signedEvent('checkout.session.completed', first.session))).status).toBe(200);
    expect(await credits(client)).toBe(25);
  });

  it("a switched-off method's paid checkout is not credited by its webhook, and waits for an admin", async () => {
    const secret = `whsec_off_${Date.now()}`;
    const method = await admin.post('/api/payment-methods', {
      kind: 'stripe',
      name: 'Card switched off',
      currency: 'EUR',
      secret_key: stripe.secretKey,
      webhook_secret: secret,
    });
    const client = await reseller();
    const { id, session } = await checkout(client, method.body.id);
    expect((await admin.patch(`/api/payment-methods/${method.body.id}`, { enabled: false })).status).toBe(
      200,
    );
    stripe.pay(session.id);
    const paid = await deliver(stripe.signedEvent('checkout.session.completed', session, { secret }));
    expect(paid.status).toBe(400);
    // The reconciliation round asks Stripe, finds it paid, and hands it to an admin.
    await waitFor(
      async () => (await client.get(`/api/topups/${id}`)).body.status,
      (status) => status === 'needs_attention',
    );
    expect(await credits(client)).toBe(0);
  });
});

describe("an event is taken only with its request's own method's secret (item 6)", () => {
  it("another method's secret neither pays nor refunds a request: 400, nothing booked", async () => {
    // A second endpoint (another signing secret) on the same Stripe account, e.g. one method per use.
    const otherSecret = `whsec_second_${Date.now()}`;
    const other = await admin.post('/api/payment-methods', {
      kind: 'stripe',
      name: 'Card, second endpoint',
      currency: 'EUR',
      secret_key: stripe.secretKey,
      webhook_secret: otherSecret,
    });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const client = await reseller();
    const { id, session } = await checkout(client, other.body.id);

    // Signed with the first method's secret, about the second method's request.
    const foreign = await deliver(stripe.signedEvent('checkout.session.completed', session));
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.code).toBe('PAYMENT_WEBHOOK_REJECTED');
    expect((await client.get(`/api/topups/${id}`)).body.status).toBe('awaiting_payment');

    stripe.pay(session.id);
    const own = await deliver(
      stripe.signedEvent('checkout.session.completed', session, { secret: otherSecret }),
    );
    expect(own.status).toBe(200);
    expect(await credits(client)).toBe(25);

    const foreignRefund = await deliver(
      stripe.signedEvent('charge.refunded', stripe.refund(session.id, 2060)),
    );
    expect(foreignRefund.status).toBe(400);
    expect(await credits(client)).toBe(25);
    expect((await client.get(`/api/topups/${id}`)).body.reversal).toBeNull();
    // Signed with its own method's secret, the same refund is taken.
    const ownRefund = stripe.signedEvent('charge.refunded', stripe.refund(session.id, 0), {
      secret: otherSecret,
    });
    expect((await deliver(ownRefund)).status).toBe(200);
    expect(await credits(client)).toBe(0);
  });

  it("a switched-off method's secret confirms no payment", async () => {
    const secret = `whsec_disabled_${Date.now()}`;
    const method = await admin.post('/api/payment-methods', {
      kind: 'stripe',
      name: 'Card, off',
      currency: 'EUR',
      secret_key: stripe.secretKey,
      webhook_secret: secret,
    });
    const client = await reseller();
    const { session } = await checkout(client, method.body.id);
    await admin.patch(`/api/payment-methods/${method.body.id}`, { enabled: false });
    stripe.pay(session.id);
    const res = await deliver(stripe.signedEvent('checkout.session.completed', session, { secret }));
    expect(res.status).toBe(400);
    expect(await credits(client)).toBe(0);
  });
});
