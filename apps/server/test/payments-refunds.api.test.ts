import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer } from './support/line-fixtures.js';
import { deliverWebhook } from './support/payment-webhook.js';
import { startStripeStandIn, type StandInSession, type StripeStandIn } from './support/stripe-stand-in.js';
import type { TestClient, TestResponse } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let stripe: StripeStandIn;
let server: TestServer;
let admin: TestClient;
let agent: TestAgent;
let packageId: number;
/** Card payments with a 3 % fee: the 25-credit package at 20.00 EUR costs 20.60 EUR. */
let cardId: number;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  server = await startTestServer({
    STRIPE_API_URL: stripe.url,
    SERVER_CHECK_INTERVAL_SECONDS: '0',
    LINE_RECONCILE_INTERVAL_SECONDS: '0',
  });
  admin = await server.admin();
  agent = await startLineAgent();
  await addAgentServer(admin, agent);
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
});
afterAll(async () => {
  await server?.close();
  await stripe?.close();
  await agent?.cleanup();
});

let counter = 0;
async function reseller() {
  counter += 1;
  return server.signUpConfirmed(`stripe-refund${counter}@example.com`);
}

function deliver(event: { body: string; signature?: string }): Promise<TestResponse> {
  return deliverWebhook(server.url, 'stripe', event);
}

/** A top-up paid by card and credited by Stripe's webhook. */
async function paidTopUp(client: TestClient): Promise<{ id: number; session: StandInSession }> {
  const res = await client.post('/api/topups', { package_id: packageId, method_id: cardId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const session = stripe.sessions.get(new URL(res.body.checkout_url).pathname.split('/').pop()!)!;
  stripe.pay(session.id);
  const paid = await deliver(stripe.signedEvent('checkout.session.completed', session));
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { id: res.body.id, session };
}

async function credits(client: TestClient): Promise<number> {
  return (await client.get('/api/me')).body.credits;
}

async function ledger(client: TestClient) {
  const res = await client.get('/api/credits/ledger?page_size=100');
  return res.body.items as {
    delta: number;
    balance_after: number;
    reason: string;
    ref_type: string;
    ref_id: string;
  }[];
}

async function topUp(client: TestClient, id: number) {
  return (await client.get(`/api/topups/${id}`)).body;
}

async function adminMessagesAbout(email: string): Promise<string[]> {
  const res = await admin.get('/api/messages?page_size=100');
  return (
    (res.body.items as { title: string; content: string }[])
      // The notice of the account's sign-up names it too; only what the payments said counts here.
      .filter((m) => m.content.includes(email) && !m.title.startsWith('New account signed up'))
      .map((m) => `${m.title}: ${m.content}`)
  );
}

describe('Stripe refunds and chargebacks', () => {
  it('a full refund takes every credit back through the ledger, tells the admin and writes an audit entry', async () => {
    const client = await reseller();
    const email = (await client.get('/api/me')).body.email as string;
    const { id, session } = await paidTopUp(client);
    expect(await credits(client)).toBe(25);

    const res = await deliver(stripe.signedEvent('charge.refunded', stripe.refund(session.id, 2060)));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await credits(client)).toBe(0);
    const rows = await ledger(client);
    expect(rows[0]).toMatchObject({
      delta: -25,
      balance_after: 0,
      reason: 'topup_reversed',
      ref_type: 'topup_request',
      ref_id: String(id),
    });
    // History is kept: the credit that was taken back is still there, below it.
    expect(rows[1]).toMatchObject({ delta: 25, reason: 'topup', ref_id: String(id) });
    const request = await topUp(client, id);
    expect(request).toMatchObject({ status: 'approved', reversal: { state: 'refunded', credits: 25 } });
    expect(request.receipt_number).toMatch(/^R-\d{4}-\d{6}$/);

    expect((await adminMessagesAbout(email)).join('\n')).toContain('Stripe reported a refund');
    const audit = await admin.get(`/api/audit-log?action=topup.reversed`);
    expect(audit.status, JSON.stringify(audit.body)).toBe(200);
    expect(audit.body.items).toContainEqual(
      expect.objectContaining({
        action: 'topup.reversed',
        actor_id: null,
        target_email: email,
        entity_type: 'topup_request',
        entity_id: String(id),
      }),
    );
  });

  it('partial refunds take back their share rounded up, a second one only the new part', async () => {
    const client = await reseller();
    const { id, session } = await paidTopUp(client);
    // 10.00 of 20.60 EUR: 25 × 1000 / 2060 = 12.1 → 13 credits.
    expect(
      (await deliver(stripe.signedEvent('charge.refunded', stripe.refund(session.id, 1000)))).status,
    ).toBe(200);
    expect(await credits(client)).toBe(12);
    expect((await topUp(client, id)).reversal).toMatchObject({ state: 'partially_refunded', credits: 13 });
    // 5.00 more: Stripe's amount_refunded is now 15.00 → 18.2 → 19 in all, so 6 more.
    expect(
      (await deliver(stripe.signedEvent('charge.refunded', stripe.refund(session.id, 500)))).status,
    ).toBe(200);
    expect(await credits(client)).toBe(6);
    const reversed = (await ledger(client))
      .filter((row) => row.reason === 'topup_reversed')
      .map((r) => r.delta);
    expect(reversed).toEqual([-6, -13]);
    // The rest refunded: exactly the credits left, never more than were credited.
    expect(
      (await deliver(stripe.signedEvent('charge.refunded', stripe.refund(session.id, 560)))).status,
    ).toBe(200);
    expect(await credits(client)).toBe(0);
    expect((await topUp(client, id)).reversal).toMatchObject({ state: 'refunded', credits: 25 });
  });

  it('the same refund event delivered again, or three times at once, takes the credits once', async () => {
    const client = await reseller();
    const { session } = await paidTopUp(client);
    const event = stripe.signedEvent('charge.refunded', stripe.refund(session.id, 2060));
    const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await deliver(event)).status).toBe(200);
    expect(await credits(client)).toBe(0);
    expect((await ledger(client)).filter((row) => row.reason === 'topup_reversed')).toHaveLength(1);
  });

  it('a chargeback takes everything back, even below 0, and a chargeback won gives it back', async () => {
    const client = await reseller();
    const email = (await client.get('/api/me')).body.email as string;
    const { id, session } = await paidTopUp(client);
    const spent = await client.post('/api/lines', {
      username: `cb${Date.now().toString(36)}`,
      password: 'pw-1234',
      subscription_months: 1,
    });
    expect(spent.status, JSON.stringify(spent.body)).toBe(201);
    const left = await credits(client);
    expect(left).toBeLessThan(25);

    const opened = await deliver(stripe.signedEvent('charge.dispute.created', stripe.dispute(session.id)));
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(await credits(client)).toBe(left - 25);
    expect((await topUp(client, id)).reversal).toMatchObject({ state: 'disputed', credits: 25 });
    const told = await adminMessagesAbout(email);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('Stripe reported a chargeback');
    expect(told[0]).toContain(`balance is now ${left - 25}.`);

    const won = await deliver(stripe.signedEvent('charge.dispute.closed', stripe.dispute(session.id, 'won')));
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    expect(await credits(client)).toBe(left);
    expect((await ledger(client))[0]).toMatchObject({
      delta: 25,
      reason: 'topup_reinstated',
      ref_id: String(id),
    });
    expect((await topUp(client, id)).reversal).toBeNull();
    // Each movement is in the audit log once, by the panel, naming the account and the request.
    for (const action of ['topup.reversed', 'topup.reinstated']) {
      const audit = await admin.get(`/api/audit-log?action=${action}`);
      expect(audit.status, JSON.stringify(audit.body)).toBe(200);
      expect(
        (audit.body.items as { entity_id: string; target_email: string; actor_id: string | null }[]).filter(
          (entry) => entry.entity_id === String(id),
        ),
      ).toEqual([expect.objectContaining({ target_email: email, actor_id: null })]);
    }
  });

  it('a refund of a payment the panel never credited, or in another currency, is refused', async () => {
    const client = await reseller();
    const { session } = await paidTopUp(client);
    const charge = stripe.refund(session.id, 100);
    expectRefused(
      await deliver(stripe.signedEvent('charge.refunded', { ...charge, payment_intent: 'pi_not_ours' })),
    );
    expectRefused(await deliver(stripe.signedEvent('charge.refunded', { ...charge, currency: 'usd' })));
    expect(await credits(client)).toBe(25);
  });
});

function expectRefused(res: TestResponse) {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ error: { code: 'PAYMENT_WEBHOOK_REJECTED', message: 'Webhook rejected' } });
}

describe('a negative balance', () => {
  it('refuses every spend with BALANCE_NEGATIVE until a top-up brings it back above 0', async () => {
    const client = await reseller();
    const { session } = await paidTopUp(client);
    const line = await client.post('/api/lines', {
      username: `neg${Date.now().toString(36)}`,
      password: 'pw-1234',
      subscription_months: 1,
    });
    expect(line.status, JSON.stringify(line.body)).toBe(201);
    const sub = await client.post('/api/accounts', {
      email: `sub-neg${counter}@example.com`,
      password: 'Sub-password-123',
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    const left = await credits(client);
    await deliver(stripe.signedEvent('charge.refunded', stripe.refund(session.id, 2060)));
    const balance = left - 25;
    expect(await credits(client)).toBe(balance);
    expect(balance).toBeLessThan(0);

    const refusal = {
      error: expect.objectContaining({
        code: 'BALANCE_NEGATIVE',
        details: { params: { balance } },
      }),
    };
    const attempts = {
      create: await client.post('/api/lines', {
        username: `neg2${Date.now().toString(36)}`,
        password: 'pw-1234',
        subscription_months: 1,
      }),
      renew: await client.post(`/api/lines/${line.body.line.id}/renew`, { subscription_months: 1 }),
      bulk: await client.post('/api/lines/bulk', { action: 'renew', filter: {}, subscription_months: 1 }),
      codes: await client.post('/api/activation-codes', { count: 1, subscription_months: 1 }),
      transfer: await client.post(`/api/accounts/${sub.body.account.id}/transfer`, { amount: 1 }),
    };
    for (const [name, res] of Object.entries(attempts)) {
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(402);
      expect(res.body, name).toMatchObject(refusal);
    }
    expect(await credits(client)).toBe(balance);

    // A new top-up is credited on top of the debt and settles it.
    await paidTopUp(client);
    expect(await credits(client)).toBe(balance + 25);
    const again = await client.post('/api/lines', {
      username: `neg3${Date.now().toString(36)}`,
      password: 'pw-1234',
      subscription_months: 1,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });
});

// Last in this file: everything above has been logged by now.
it("never names a method's key or webhook secret in the log", () => {
  const log = server.logs.join('\n');
  expect(log).toContain('Payment webhook refused');
  for (const secret of [stripe.secretKey, stripe.webhookSecret]) expect(log).not.toContain(secret);
});
