import { addDays } from '@linedesk/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lines } from '../src/db/schema.js';
import { today as businessToday } from '../src/modules/lines/line-scope.js';
import { signUpAccount, type Account } from './support/line-fixtures.js';
import { lineServerFixture } from './support/line-server-fixture.js';
import type { TestClient } from './support/test-client.js';

const suite = lineServerFixture();
const PASSWORD = 'sub-password-1';

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}${Date.now().toString(36)}`;

async function createLine(client: TestClient, body: Record<string, unknown> = {}): Promise<number> {
  const res = await client.post('/api/lines', {
    username: unique('rp'),
    password: 'pw-1234',
    subscription_months: 1,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.line.id;
}

async function renew(client: TestClient, id: number, months = 1) {
  const res = await client.post(`/api/lines/${id}/renew`, { subscription_months: months });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Time passing: the line's expiry moved to a day in the past, as if sold earlier. */
async function expireOn(id: number, day: string) {
  await suite.server.built.ctx.db.update(lines).set({ expiryDate: day }).where(eq(lines.id, id));
}

async function subAccount(parent: Account, credits: number): Promise<Account> {
  const email = `${unique('sub')}@example.com`;
  const created = await parent.client.post('/api/accounts', { email, password: PASSWORD });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const client = suite.server.client();
  expect((await client.post('/api/auth/sign-in', { email, password: PASSWORD })).status).toBe(200);
  const moved = await parent.client.post(`/api/accounts/${created.body.account.id}/credits`, {
    amount: credits,
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  return { client, id: created.body.account.id, email };
}

const today = businessToday();
const from = addDays(today, -59);
const range = `unit=day&from=${from}&to=${today}&churn_days=30`;
const rowOf = (body: { rows: { period: string }[] }, day: string) => body.rows.find((r) => r.period === day);

// The tree: admin → north (100 credits) → north's sub (20 credits from north); west is north's sibling.
let north: Account;
let sub: Account;
let west: Account;

beforeAll(async () => {
  north = await signUpAccount(suite.server, `${unique('north')}@example.com`, 100);
  west = await signUpAccount(suite.server, `${unique('west')}@example.com`, 50);
  sub = await subAccount(north, 20);

  // north: five paid lines (1 month: 2 credits; 3 months: 4), two trials.
  const a = await createLine(north.client);
  await createLine(north.client, { subscription_months: 3 });
  const e = await createLine(north.client);
  const f = await createLine(north.client);
  const g = await createLine(north.client);
  const trial = await createLine(north.client, { is_trial: true, subscription_months: null });
  await createLine(north.client, { is_trial: true, subscription_months: null });
  await renew(north.client, a);
  await renew(north.client, trial); // the trial becomes a paid line
  // e ran out 40 days ago and was never renewed (churned after 30 days); f 10 days ago (not yet churned);
  // g 5 days ago and was renewed today (it lapsed, but came back within 30 days).
  await expireOn(e, addDays(today, -40));
  await expireOn(f, addDays(today, -10));
  await expireOn(g, addDays(today, -5));
  await renew(north.client, g);
  // sub: one paid line. west: lines north must never see.
  await createLine(sub.client);
  await createLine(west.client, { subscription_months: 12 });
  await createLine(west.client);
});

describe('reports', () => {
  it("shows a reseller their whole tree's credits, lines, expiries, churn and trial conversion", async () => {
    const res = await north.client.get(`/api/reports?${range}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      account_id: north.id,
      scope: 'subtree',
      from,
      to: today,
      money_in: null,
    });
    expect(res.body.rows).toHaveLength(60);
    // Bought: north's 100; the 20 moved to sub stay inside the tree. Spent: north 2+4+2+2+2 for lines,
    // 2+2+2 for renewals; sub 2.
    expect(res.body.totals).toEqual({
      credits_bought: 100,
      credits_spent: 20,
      lines_created: 6,
      trials_created: 2,
      renewed: 3,
      expired: 3,
      churned: 1,
      trials_converted: 1,
    });
    expect(rowOf(res.body, addDays(today, -40))).toMatchObject({ expired: 1, churned: 1 });
    expect(rowOf(res.body, addDays(today, -10))).toMatchObject({ expired: 1, churned: 0 });
    expect(rowOf(res.body, addDays(today, -5))).toMatchObject({ expired: 1, churned: 0 });
    expect(rowOf(res.body, today)).toMatchObject({ credits_spent: 20, lines_created: 6, renewed: 3 });
    expect(res.body.spent_by_plan).toEqual([
      { period: today, plan_id: 1, plan_name: expect.any(String), credits: 20 },
    ]);
  });

  it('reports one account alone, where a transfer from its parent is credits bought', async () => {
    const alone = await north.client.get(`/api/reports?${range}&scope=account`);
    expect(alone.body.totals).toMatchObject({ credits_bought: 100, credits_spent: 18, lines_created: 5 });
    const ofSub = await north.client.get(`/api/reports?${range}&scope=account&account_id=${sub.id}`);
    expect(ofSub.status).toBe(200);
    expect(ofSub.body.totals).toMatchObject({
      credits_bought: 20,
      credits_spent: 2,
      lines_created: 1,
      expired: 0,
    });
  });

  it("refuses a sibling's or a parent's tree as not found", async () => {
    const sibling = await north.client.get(`/api/reports?account_id=${west.id}`);
    expect(sibling.status).toBe(404);
    expect(sibling.body.error.code).toBe('USER_NOT_FOUND');
    const parent = await sub.client.get(`/api/reports?account_id=${north.id}`);
    expect(parent.status).toBe(404);
    const own = await sub.client.get(`/api/reports?${range}`);
    expect(own.body.totals).toMatchObject({ credits_spent: 2, lines_created: 1 });
  });

  it('gives an admin any tree, the whole panel, and the money that came in per method', async () => {
    const tree = await suite.admin.get(`/api/reports?${range}&account_id=${north.id}`);
    expect(tree.body.totals).toMatchObject({ credits_spent: 20, lines_created: 6 });
    expect(tree.body.money_in).toEqual([]);

    const pack = await suite.admin.post('/api/credit-packages', {
      name: 'Pack 25',
      credits: 25,
      price_cents: 2000,
    });
    const method = await suite.admin.post('/api/payment-methods', {
      kind: 'manual',
      name: 'Wallet',
      currency: 'EUR',
      instructions: 'Send to wallet 1',
    });
    const topUp = await west.client.post('/api/topups', {
      package_id: pack.body.id,
      method_id: method.body.id,
    });
    expect(topUp.status, JSON.stringify(topUp.body)).toBe(201);
    const submitted = await west.client.post(`/api/topups/${topUp.body.id}/submit`, {
      payment_reference: 'TX-1',
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect((await suite.admin.post(`/api/topups/${topUp.body.id}/approve`)).status).toBe(200);

    const panel = await suite.admin.get(`/api/reports?${range}`);
    expect(panel.body.account_id).toBeNull();
    // west: 12 months (10) and 1 month (2); bought 50 granted and 25 paid for.
    expect(panel.body.totals).toMatchObject({ credits_spent: 32, lines_created: 8 });
    expect(panel.body.totals.credits_bought).toBeGreaterThanOrEqual(100 + 50 + 25);
    expect(panel.body.money_in).toEqual([
      {
        period: today,
        method_name: 'Wallet',
        method_kind: 'manual',
        currency: 'EUR',
        amount_cents: 2000,
        count: 1,
      },
    ]);
    // The same by month: one row per month the range touches, the same totals.
    const monthly = await suite.admin.get(`/api/reports?unit=month&from=${from}&to=${today}`);
    expect(monthly.body.rows.map((r: { period: string }) => r.period)).toContain(today.slice(0, 7));
    expect(monthly.body.totals).toEqual(panel.body.totals);
  });

  it('refuses a range that ends before it starts or is too long', async () => {
    const backwards = await north.client.get(`/api/reports?from=${today}&to=${from}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.code).toBe('REPORT_RANGE_INVALID');
    const long = await north.client.get(`/api/reports?unit=day&from=${addDays(today, -400)}&to=${today}`);
    expect(long.body.error.code).toBe('REPORT_RANGE_INVALID');
  });
});
