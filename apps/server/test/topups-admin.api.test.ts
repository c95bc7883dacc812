import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topUpRequests } from '../src/db/schema.js';
import { parseCsv } from './support/parse-csv.js';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

let stripe: StripeStandIn;
let server: TestServer;
let admin: TestClient;
const packs = { eur: 0, usd: 0 };
const methods = { bank: 0, wallet: 0, zelle: 0, card: 0 };

beforeAll(async () => {
  stripe = await startStripeStandIn();
  server = await startTestServer({
    STRIPE_API_URL: stripe.url,
    // Only the expiry job asks the provider here, every second: what it does is what the tests see.
    PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
    TOPUP_EXPIRY_INTERVAL_SECONDS: '1',
  });
  admin = await server.admin();
  packs.eur = (
    await admin.post('/api/credit-packages', { name: 'Euro 25', credits: 25, price_cents: 2500 })
  ).body.id;
  packs.usd = (
    await admin.post('/api/credit-packages', {
      name: 'Dollar 40',
      credits: 40,
      price_cents: 4000,
      currency: 'USD',
    })
  ).body.id;
  const method = async (body: Record<string, unknown>) => {
    const res = await admin.post('/api/payment-methods', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  methods.bank = await method({
    kind: 'manual',
    name: 'Bank',
    currency: 'EUR',
    fee_bps: 200,
    instructions: 'IBAN DE89',
  });
  methods.wallet = await method({
    kind: 'manual',
    name: 'Wallet',
    currency: 'EUR',
    instructions: 'Wallet 1',
  });
  methods.zelle = await method({
    kind: 'manual',
    name: 'Zelle',
    currency: 'USD',
    fee_bps: 100,
    instructions: 'Zelle to pay@example.com',
  });
  methods.card = await method({
    kind: 'stripe',
    name: 'Card',
    currency: 'EUR',
    secret_key: stripe.secretKey,
    webhook_secret: stripe.webhookSecret,
  });
});
afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

async function requester(email: string) {
  const client = await server.signUpConfirmed(email);
  return { client, id: (await client.get('/api/me')).body.id as string };
}

async function topUp(client: TestClient, body: Record<string, unknown>) {
  const res = await client.post('/api/topups', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; checkout_url: string | null };
}

const setDates = (id: number, dates: { createdAt?: Date; decidedAt?: Date }) =>
  server.built.ctx.db.update(topUpRequests).set(dates).where(eq(topUpRequests.id, id));

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const ids = (body: { items: { id: number }[] }) => body.items.map((item) => item.id);

describe("the admin's payments list", () => {
  let alpha: Awaited<ReturnType<typeof requester>>;
  let beta: Awaited<ReturnType<typeof requester>>;
  const made: Record<string, number> = {};

  beforeAll(async () => {
    alpha = await requester('alpha-buyer@example.com');
    beta = await requester('beta-buyer@example.com');
    made.first = (await topUp(alpha.client, { package_id: packs.eur, payment_reference: 'SEPA-1' })).id;
    made.formula = (
      await topUp(alpha.client, { package_id: packs.usd, payment_reference: '=HYPERLINK("http://x")' })
    ).id;
    made.third = (await topUp(alpha.client, { package_id: packs.eur, payment_reference: '+49 transfer' })).id;
    made.bank = (await topUp(beta.client, { package_id: packs.eur, method_id: methods.bank })).id;
    made.wallet = (await topUp(beta.client, { package_id: packs.eur, method_id: methods.wallet })).id;
    await setDates(made.first, { createdAt: new Date('2026-01-15T10:00:00Z') });
  });

  it('filters by account, state, method and days, counts each state, and pages and sorts on the server', async () => {
    const alphas = await admin.get('/api/topups?search=ALPHA-buyer&counts=true');
    expect(alphas.status).toBe(200);
    expect(alphas.body.total).toBe(3);
    expect(new Set(ids(alphas.body))).toEqual(new Set([made.first, made.formula, made.third]));
    expect(alphas.body.status_counts).toEqual([{ status: 'pending', count: 3 }]);

    // The counts are of the other filters: a state tab still shows what the others hold.
    const betaPending = await admin.get('/api/topups?search=beta-buyer&status=pending&counts=true');
    expect(betaPending.body.total).toBe(0);
    expect(betaPending.body.status_counts).toEqual([{ status: 'awaiting_payment', count: 2 }]);

    const byMethod = await admin.get(`/api/topups?method_id=${methods.bank}&status=awaiting_payment`);
    expect(ids(byMethod.body)).toEqual([made.bank]);
    expect(byMethod.body.items[0]).toMatchObject({
      method_name: 'Bank',
      method_kind: 'manual',
      fee_cents: 50,
      amount_cents: 2550,
      account_email: 'beta-buyer@example.com',
    });

    const day = await admin.get('/api/topups?from=2026-01-15&to=2026-01-15');
    expect(ids(day.body)).toEqual([made.first]);
    const after = await admin.get('/api/topups?from=2026-01-16&search=alpha');
    expect(new Set(ids(after.body))).toEqual(new Set([made.formula, made.third]));
    expect((await admin.get('/api/topups?from=2026-02-30')).status).toBe(400);

    // Sorted by amount, cheapest first; two pages of two and one.
    const sorted = await admin.get('/api/topups?search=buyer&sort=amount&order=asc&page_size=2');
    expect(sorted.body.total).toBe(5);
    expect(sorted.body.items.map((t: { amount_cents: number }) => t.amount_cents)).toEqual([2500, 2500]);
    const last = await admin.get('/api/topups?search=buyer&sort=amount&order=asc&page_size=2&page=3');
    expect(ids(last.body)).toEqual([made.formula]);
    const newest = await admin.get('/api/topups?search=alpha&sort=created_at&order=asc');
    expect(ids(newest.body)[0]).toBe(made.first);
  });

  it('keeps a requester to their own requests whatever they filter', async () => {
    const own = await beta.client.get(`/api/topups?search=alpha&account_id=${alpha.id}&counts=true`);
    expect(own.status).toBe(200);
    expect(new Set(ids(own.body))).toEqual(new Set([made.bank, made.wallet]));
    expect(own.body.status_counts).toEqual([{ status: 'awaiting_payment', count: 2 }]);
  });

  it('exports the filtered list as CSV in its order, formula cells neutralised; resellers are refused', async () => {
    const csv = await admin.get('/api/topups/export.csv?search=alpha&sort=created_at&order=asc');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(
      /attachment; filename="topups-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...rows] = parseCsv(String(csv.body));
    expect(header).toEqual([
      'id',
      'created_at',
      'account',
      'package',
      'credits',
      'method',
      'method_kind',
      'provider',
      'provider_payment_id',
      'reference_code',
      'payment_reference',
      'currency',
      'price',
      'fee',
      'amount',
      'status',
      'expired_reason',
      'reject_reason',
      'decided_at',
      'decided_by',
    ]);
    expect(rows.map((row) => Number(row[0]))).toEqual([made.first, made.formula, made.third]);
    const cell = (row: string[], name: string) => row[header!.indexOf(name)];
    expect(cell(rows[0]!, 'created_at')).toBe('2026-01-15T10:00:00.000Z');
    expect(cell(rows[0]!, 'account')).toBe('alpha-buyer@example.com');
    expect(cell(rows[1]!, 'payment_reference')).toBe(`'=HYPERLINK("http://x")`);
    expect(cell(rows[1]!, 'currency')).toBe('USD');
    expect(cell(rows[1]!, 'amount')).toBe('40.00');
    expect(cell(rows[2]!, 'payment_reference')).toBe("'+49 transfer");
    expect(cell(rows[2]!, 'status')).toBe('pending');

    const none = await admin.get('/api/topups/export.csv?search=nobody-at-all');
    expect(parseCsv(String(none.body))).toHaveLength(1);
    expect((await beta.client.get('/api/topups/export.csv')).status).toBe(403);
  });
});

describe('revenue on the dashboard', () => {
  it('sums approved requests per day and month, per method and currency, never across currencies', async () => {
    const buyer = await requester('revenue-buyer@example.com');
    const approve = async (body: Record<string, unknown>) => {
      const { id } = await topUp(buyer.client, body);
      const res = await admin.post(`/api/topups/${id}/approve`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return id;
    };
    await approve({ package_id: packs.eur, method_id: methods.bank }); // 2500 + 50
    await approve({ package_id: packs.eur, method_id: methods.bank }); // 2500 + 50
    await approve({ package_id: packs.eur, method_id: methods.wallet }); // 2500
    await approve({ package_id: packs.usd, method_id: methods.zelle }); // 4000 + 40
    const old = await approve({ package_id: packs.eur, method_id: methods.wallet });
    // Approved 40 days ago: in its month, not among the last 30 days.
    const oldDate = daysAgo(40);
    await setDates(old, { decidedAt: oldDate, createdAt: oldDate });
    // Rejected and pending requests bring nothing in.
    const rejected = await topUp(buyer.client, { package_id: packs.usd, method_id: methods.zelle });
    await admin.post(`/api/topups/${rejected.id}/reject`, { reason: 'No money arrived' });
    await topUp(buyer.client, { package_id: packs.eur, payment_reference: 'waiting' });

    const res = await admin.get('/api/dashboard/revenue');
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const thisMonth = today.slice(0, 7);
    expect(res.body.days_from).toBe(daysAgo(29).toISOString().slice(0, 10));
    const pick = (rows: { period: string }[], period: string) =>
      rows
        .filter((row) => row.period === period)
        .map(({ period: _period, ...rest }) => rest)
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const todays = [
      { method_name: 'Bank', method_kind: 'manual', currency: 'EUR', amount_cents: 5100, count: 2 },
      { method_name: 'Wallet', method_kind: 'manual', currency: 'EUR', amount_cents: 2500, count: 1 },
      { method_name: 'Zelle', method_kind: 'manual', currency: 'USD', amount_cents: 4040, count: 1 },
    ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(pick(res.body.daily, today)).toEqual(todays);
    expect(res.body.daily).toHaveLength(3);
    const oldMonth = oldDate.toISOString().slice(0, 7);
    expect(pick(res.body.monthly, oldMonth)).toEqual([
      { method_name: 'Wallet', method_kind: 'manual', currency: 'EUR', amount_cents: 2500, count: 1 },
    ]);
    if (oldMonth !== thisMonth) expect(pick(res.body.monthly, thisMonth)).toEqual(todays);
    expect((await buyer.client.get('/api/dashboard/revenue')).status).toBe(403);
  });
});

describe('unpaid requests expire after the configured days', () => {
  it('expires old unpaid manual requests only, asks the provider about online ones, and follows the setting', async () => {
    expect((await admin.get('/api/topup-settings')).body).toEqual({ unpaid_expiry_days: 7 });
    const buyer = await requester('slow-buyer@example.com');
    const oldUnpaid = await topUp(buyer.client, { package_id: packs.eur, method_id: methods.bank });
    const recentUnpaid = await topUp(buyer.client, { package_id: packs.eur, method_id: methods.wallet });
    const oldSubmitted = await topUp(buyer.client, { package_id: packs.eur, method_id: methods.wallet });
    await buyer.client.post(`/api/topups/${oldSubmitted.id}/submit`, { payment_reference: 'sent it' });
    const paidOnline = await topUp(buyer.client, { package_id: packs.eur, method_id: methods.card });
    const lapsedOnline = await topUp(buyer.client, { package_id: packs.eur, method_id: methods.card });
    const checkoutOf = (request: { checkout_url: string | null }) =>
      new URL(request.checkout_url!).pathname.split('/').pop()!;
    // Paid at Stripe, its webhook lost; the other's checkout ran out unpaid.
    stripe.pay(checkoutOf(paidOnline));
    stripe.expire(checkoutOf(lapsedOnline));
    for (const request of [oldUnpaid, oldSubmitted, paidOnline, lapsedOnline]) {
      await setDates(request.id, { createdAt: daysAgo(8) });
    }
    await setDates(recentUnpaid.id, { createdAt: daysAgo(3) });

    const statusOf = async (id: number) => (await buyer.client.get(`/api/topups/${id}`)).body;
    await waitFor(
      () => statusOf(oldUnpaid.id),
      (request) => request.status === 'expired',
    );
    expect(await statusOf(oldUnpaid.id)).toMatchObject({ expired_reason: 'not_paid_in_time' });
    await waitFor(
      () => statusOf(paidOnline.id),
      (request) => request.status === 'approved',
    );
    // Asked about one after the other, maybe in the next round.
    await waitFor(
      () => statusOf(lapsedOnline.id),
      (request) => request.status === 'expired',
    );
    expect(await statusOf(lapsedOnline.id)).toMatchObject({ expired_reason: 'checkout_expired' });
    expect((await statusOf(recentUnpaid.id)).status).toBe('awaiting_payment');
    expect((await statusOf(oldSubmitted.id)).status).toBe('pending');
    expect((await buyer.client.get('/api/me')).body.credits).toBe(25);

    // Two days: the three-day-old request goes too, and the change is in the audit log.
    const set = await admin.put('/api/topup-settings', { unpaid_expiry_days: 2 });
    expect(set.body).toEqual({ unpaid_expiry_days: 2 });
    await waitFor(
      () => statusOf(recentUnpaid.id),
      (request) => request.status === 'expired',
    );
    expect((await admin.put('/api/topup-settings', { unpaid_expiry_days: 0 })).status).toBe(400);
    expect((await buyer.client.put('/api/topup-settings', { unpaid_expiry_days: 30 })).status).toBe(403);

    const jobs = (await admin.get('/api/system/status')).body.jobs as { name: string; last_run_at: string }[];
    expect(jobs.find((job) => job.name === 'topup-expiry')?.last_run_at).toBeTruthy();
    // History is never deleted: the expired requests are still listed.
    const expired = await admin.get('/api/topups?status=expired&search=slow-buyer');
    expect(new Set(ids(expired.body))).toEqual(new Set([oldUnpaid.id, lapsedOnline.id, recentUnpaid.id]));
  });
});
