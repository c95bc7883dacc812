// What happens to a purchase when the shop changes under it: a package edited or deleted while a
// reseller is paying for it, a package or method deleted at the very moment the request is made, and
// a payment provider too slow to answer. For each kind of method: manual, Stripe Checkout, BTCPay.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBtcpayStandIn, type BtcpayStandIn } from './support/btcpay-stand-in.js';
import { deliverWebhook } from './support/payment-webhook.js';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.js';
import type { TestClient } from './support/test-client.js';
import { testPostgresUrl } from './support/test-database.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

type Kind = 'manual' | 'stripe' | 'btcpay';
const kinds: Kind[] = ['manual', 'stripe', 'btcpay'];

let stripe: StripeStandIn;
let btcpay: BtcpayStandIn;
let server: TestServer;
let admin: TestClient;
const methodIds = {} as Record<Kind, number>;

async function addMethods(target: TestServer, into: Record<Kind, number>) {
  const client = await target.admin();
  const made = await Promise.all([
    client.post('/api/payment-methods', { kind: 'manual', name: 'Bank transfer', instructions: 'IBAN' }),
    client.post('/api/payment-methods', {
      kind: 'stripe',
      name: 'Card',
      secret_key: stripe.secretKey,
      webhook_secret: stripe.webhookSecret,
    }),
    client.post('/api/payment-methods', {
      kind: 'btcpay',
      name: 'Bitcoin',
      server_url: btcpay.url,
      store_id: btcpay.storeId,
      api_key: btcpay.apiKey,
      webhook_secret: btcpay.webhookSecret,
    }),
  ]);
  for (const res of made) expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [manual, stripeMethod, btcpayMethod] = made.map((res) => res.body.id as number);
  Object.assign(into, { manual, stripe: stripeMethod, btcpay: btcpayMethod });
}

beforeAll(async () => {
  [stripe, btcpay] = await Promise.all([startStripeStandIn(), startBtcpayStandIn()]);
  server = await startTestServer({ STRIPE_API_URL: stripe.url, PAYMENT_RECONCILE_INTERVAL_SECONDS: '0' });
  admin = await server.admin();
  await addMethods(server, methodIds);
});
afterAll(async () => {
  await server?.close();
  await stripe?.close();
  await btcpay?.close();
});

let counter = 0;
async function reseller(on = server) {
  counter += 1;
  return on.signUpConfirmed(`checkout-change${counter}@example.com`);
}

/** A package of its own for each test: 25 credits for 20.00 EUR. */
async function newPackage(name: string): Promise<number> {
  const res = await admin.post('/api/credit-packages', { name, credits: 25, price_cents: 2000 });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** How many checkouts each provider was asked to open so far. */
function opened() {
  return { stripe: stripe.creates.length, btcpay: btcpay.creates.length };
}

async function credits(client: TestClient): Promise<number> {
  return (await client.get('/api/me')).body.credits;
}

/** Pays the request the way its method is paid: an admin's approval, or the provider's signed webhook. */
async function pay(kind: Kind, client: TestClient, request: { id: number; checkout_url: string | null }) {
  if (kind === 'manual') {
    const form = new FormData();
    form.append('payment_reference', 'Transfer 25 Nov');
    const submitted = await fetch(`${server.url}/api/topups/${request.id}/submit`, {
      method: 'POST',
      headers: {
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        origin: server.url,
        'x-forwarded-for': client.ip,
      },
      body: form,
    });
    expect(submitted.status).toBe(200);
    const approved = await admin.post(`/api/topups/${request.id}/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    return;
  }
  const checkoutId = new URL(request.checkout_url!).pathname.split('/').pop()!;
  if (kind === 'stripe') {
    const session = stripe.pay(checkoutId);
    const res = await deliverWebhook(
      server.url,
      'stripe',
      stripe.signedEvent('checkout.session.completed', session),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  } else {
    const invoice = btcpay.settle(checkoutId);
    const res = await deliverWebhook(server.url, 'btcpay', btcpay.signedEvent('InvoiceSettled', invoice));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

describe('a package changed or deleted while its price is being paid', () => {
  for (const kind of kinds) {
    it(`${kind}: the open request keeps the price and credits it was made with, and is credited with them`, async () => {
      const client = await reseller();
      const packageId = await newPackage(`Changing ${kind}`);
      const made = await client.post('/api/topups', { package_id: packageId, method_id: methodIds[kind] });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body).toMatchObject({
        price_cents: 2000,
        amount_cents: 2000,
        credits: 25,
        currency: 'EUR',
      });
      // What the provider was asked to charge: the price when the request was made.
      if (kind === 'stripe')
        expect(stripe.creates.at(-1)!.get('line_items[0][price_data][unit_amount]')).toBe('2000');
      if (kind === 'btcpay')
        expect(btcpay.creates.at(-1)).toMatchObject({ amount: '20.00', currency: 'EUR' });

      // While the reseller pays, the admin raises the price and the credits, then removes the package.
      const edited = await admin.patch(`/api/credit-packages/${packageId}`, {
        price_cents: 5000,
        credits: 99,
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect((await client.get(`/api/topups/${made.body.id}`)).body).toMatchObject({
        price_cents: 2000,
        amount_cents: 2000,
        credits: 25,
        status: 'awaiting_payment',
      });
      expect((await admin.delete(`/api/credit-packages/${packageId}`)).status).toBe(204);

      // The payment of the old price arrives: it matches the request, which credits its own 25.
      await pay(kind, client, made.body);
      expect((await client.get(`/api/topups/${made.body.id}`)).body).toMatchObject({
        status: 'approved',
        package_id: null,
        package_name: `Changing ${kind}`,
        price_cents: 2000,
        credits: 25,
      });
      expect(await credits(client)).toBe(25);
      const ledger = (await client.get('/api/credits/ledger')).body.items;
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({ delta: 25, reason: 'topup', ref_id: String(made.body.id) });
    });
  }

  it('a package deleted before the reseller confirms answers CREDIT_PACKAGE_NOT_FOUND for every method, nothing opened', async () => {
    const client = await reseller();
    const packageId = await newPackage('Gone before paying');
    expect((await admin.delete(`/api/credit-packages/${packageId}`)).status).toBe(204);
    const before = opened();
    for (const kind of kinds) {
      const res = await client.post('/api/topups', { package_id: packageId, method_id: methodIds[kind] });
      expect(res.status, kind).toBe(404);
      expect(res.body.error.code).toBe('CREDIT_PACKAGE_NOT_FOUND');
    }
    expect(opened()).toEqual(before);
    expect((await client.get('/api/topups')).body.total).toBe(0);
  });
});

describe('an online method switched off', () => {
  for (const kind of ['stripe', 'btcpay'] as const) {
    it(`${kind}: answers PAYMENT_METHOD_UNAVAILABLE and opens no checkout until it is on again`, async () => {
      const client = await reseller();
      const packageId = await newPackage(`Switched off ${kind}`);
      const off = await admin.patch(`/api/payment-methods/${methodIds[kind]}`, { enabled: false });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      const before = opened();
      try {
        const res = await client.post('/api/topups', { package_id: packageId, method_id: methodIds[kind] });
        expect(res.status, JSON.stringify(res.body)).toBe(422);
        expect(res.body.error.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
        expect(opened()).toEqual(before);
        expect((await client.get('/api/topups')).body.total).toBe(0);
      } finally {
        await admin.patch(`/api/payment-methods/${methodIds[kind]}`, { enabled: true });
      }
      const on = await client.post('/api/topups', { package_id: packageId, method_id: methodIds[kind] });
      expect(on.status, JSON.stringify(on.body)).toBe(201);
    });
  }
});

// Two connections interleaving: only PostgreSQL runs the admin's delete and the reseller's request
// at the same time (the embedded database takes one statement at a time).
describe.skipIf(!testPostgresUrl())('a package or method deleted at the moment the request is made', () => {
  /**
   * Deletes `table`'s row `id` in a transaction held open until the reseller's request is waiting on
   * that row (its insert checks the foreign key), then commits: the request read the row before it
   * went, and its insert finds it gone.
   */
  async function deleteDuring(
    table: 'credit_packages' | 'payment_methods',
    id: number,
    request: () => Promise<unknown>,
  ) {
    const db = server.built.ctx.db;
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let deleted!: () => void;
    const rowLocked = new Promise<void>((resolve) => (deleted = resolve));
    const deleting = db.transaction(async (tx) => {
      await tx.execute(sql`delete from ${sql.identifier(table)} where id = ${id}`);
      deleted();
      await held;
    });
    await rowLocked;
    const answer = request();
    await waitFor(
      async () =>
        (
          await db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'
                  and query ilike 'insert into "topup_requests"%'`,
          )
        ).rows[0]!.n,
      (waiting) => waiting === 1,
    );
    commit();
    await deleting;
    return answer;
  }

  for (const kind of kinds) {
    it(`${kind}: the package going answers CREDIT_PACKAGE_NOT_FOUND, no request left, no checkout opened`, async () => {
      const client = await reseller();
      const packageId = await newPackage(`Deleted mid-checkout ${kind}`);
      const before = opened();
      const res = (await deleteDuring('credit_packages', packageId, () =>
        client.post('/api/topups', { package_id: packageId, method_id: methodIds[kind] }),
      )) as { status: number; body: { error: { code: string } } };
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body.error.code).toBe('CREDIT_PACKAGE_NOT_FOUND');
      expect((await client.get('/api/topups')).body.total).toBe(0);
      expect(opened()).toEqual(before);
    });
  }

  it('the method going answers PAYMENT_METHOD_UNAVAILABLE, no request left', async () => {
    const client = await reseller();
    const packageId = await newPackage('Method deleted mid-checkout');
    const method = await admin.post('/api/payment-methods', {
      kind: 'manual',
      name: 'Short-lived',
      instructions: 'x',
    });
    const res = (await deleteDuring('payment_methods', method.body.id, () =>
      client.post('/api/topups', { package_id: packageId, method_id: method.body.id }),
    )) as { status: number; body: { error: { code: string } } };
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    expect((await client.get('/api/topups')).body.total).toBe(0);
  });
});

describe('a payment provider too slow to answer', () => {
  let slowServer: TestServer;
  const slowMethods = {} as Record<Kind, number>;
  let slowPackage: number;

  beforeAll(async () => {
    // The panel waits a second for a provider here (20 s by default): the stand-in never answers,
    // so the limit only decides how long the test takes.
    slowServer = await startTestServer({
      STRIPE_API_URL: stripe.url,
      PAYMENT_PROVIDER_TIMEOUT_MS: '1000',
      PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
    });
    await addMethods(slowServer, slowMethods);
    const pack = await (
      await slowServer.admin()
    ).post('/api/credit-packages', {
      name: 'Slow',
      credits: 25,
      price_cents: 2000,
    });
    slowPackage = pack.body.id;
  });
  afterAll(async () => slowServer?.close());

  for (const kind of ['stripe', 'btcpay'] as const) {
    it(`${kind}: answers PAYMENT_PROVIDER_UNAVAILABLE after its time limit, leaving no request; once it answers, the purchase works`, async () => {
      const client = await reseller(slowServer);
      const standIn = kind === 'stripe' ? stripe : btcpay;
      standIn.mode = 'slow';
      try {
        const res = await client.post('/api/topups', {
          package_id: slowPackage,
          method_id: slowMethods[kind],
        });
        expect(res.status, JSON.stringify(res.body)).toBe(502);
        expect(res.body.error.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
      } finally {
        standIn.mode = 'up';
      }
      expect((await client.get('/api/topups')).body.total).toBe(0);
      expect(slowServer.logs.join('\n')).toContain('Payment provider unavailable: no checkout opened');
      const again = await client.post('/api/topups', {
        package_id: slowPackage,
        method_id: slowMethods[kind],
      });
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(again.body.checkout_url).toMatch(new RegExp(`^${standIn.url}/`));
    });
  }
});
