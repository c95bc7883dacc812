import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger } from '../src/db/schema.js';
import { balanceOf, bulkJobDone, signUpAccount, type Account } from './support/line-fixtures.js';
import { lineServerFixture } from './support/line-server-fixture.js';
import type { TestClient } from './support/test-client.js';

// A tier is a group: its price list is paid by every account of the group for what the account's
// own list does not price; the plan's price is paid for what neither prices.
const suite = lineServerFixture();
const PASSWORD = 'sub-password-1';
const DEFAULT_PLAN = 1;

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}${Date.now().toString(36)}`;

const createLine = (client: TestClient, months = 1) =>
  client.post('/api/lines', { username: unique('tp'), password: 'pw-1234', subscription_months: months });

const planPrice = async (client: TestClient, planId: number, months: number) => {
  const plans = await client.get('/api/line-plans');
  const plan = plans.body.items.find((p: { id: number }) => p.id === planId);
  return plan.prices.find((p: { months: number }) => p.months === months)?.credits as number;
};

async function expectLedgerMatches(accountId: string): Promise<void> {
  const rows = await suite.server.built.ctx.db
    .select({ delta: creditLedger.delta })
    .from(creditLedger)
    .where(eq(creditLedger.accountId, accountId));
  expect(rows.reduce((sum, row) => sum + row.delta, 0)).toBe(await balanceOf(suite.server, accountId));
}

/** A reseller group with its price list, and a reseller with `credits` moved into it. */
async function tierWith(prices: unknown[]): Promise<number> {
  const group = await suite.admin.post('/api/groups', {
    name: unique('Gold '),
    permissions: ['view_users', 'add_credits'],
  });
  expect(group.status, JSON.stringify(group.body)).toBe(201);
  const set = await suite.admin.put(`/api/groups/${group.body.id}/prices`, { prices });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return group.body.id as number;
}

async function resellerIn(groupId: number, credits: number): Promise<Account> {
  const reseller = await signUpAccount(suite.server, `${unique('tier')}@example.com`, credits);
  const moved = await suite.admin.patch(`/api/accounts/${reseller.id}`, { group_id: groupId });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  return reseller;
}

describe('prices per tier (group)', () => {
  it("the tier's price is what its resellers see and pay: single create, bulk, codes", async () => {
    const tier = await tierWith([
      { plan_id: DEFAULT_PLAN, months: 1, mode: 'fixed', value: 1 },
      { plan_id: DEFAULT_PLAN, months: 3, mode: 'percent', value: 50 },
    ]);
    const listed = await suite.admin.get(`/api/groups/${tier}/prices`);
    expect(listed.body).toEqual({
      group_id: tier,
      prices: [
        { plan_id: DEFAULT_PLAN, months: 1, mode: 'fixed', value: 1 },
        { plan_id: DEFAULT_PLAN, months: 3, mode: 'percent', value: 50 },
      ],
    });
    const reseller = await resellerIn(tier, 100);
    expect(await planPrice(reseller.client, DEFAULT_PLAN, 1)).toBe(1);
    expect(await planPrice(reseller.client, DEFAULT_PLAN, 3)).toBe(6);
    // A duration the tier does not price costs the plan's price.
    expect(await planPrice(reseller.client, DEFAULT_PLAN, 12)).toBe(10);

    const line = await createLine(reseller.client);
    expect(line.status, JSON.stringify(line.body)).toBe(201);
    expect(line.body).toMatchObject({ charged: 1, balance: 99 });

    const bulk = { action: 'create', count: 2, username_prefix: unique('tb'), subscription_months: 3 };
    const preview = await reseller.client.post('/api/lines/bulk/preview', bulk);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ charge_per_line: 6, charge_total: 12 });
    const job = await reseller.client.post('/api/lines/bulk', bulk);
    expect(job.status, JSON.stringify(job.body)).toBe(202);
    await bulkJobDone(reseller.client, job.body.id);
    expect(await balanceOf(suite.server, reseller.id)).toBe(87);

    const codes = await reseller.client.post('/api/activation-codes', {
      count: 2,
      plan_id: DEFAULT_PLAN,
      subscription_months: 1,
    });
    expect(codes.status, JSON.stringify(codes.body)).toBe(201);
    expect(codes.body.charged).toBe(2);
    expect(await balanceOf(suite.server, reseller.id)).toBe(85);
    await expectLedgerMatches(reseller.id);

    // A reseller outside the tier still pays the plan's price.
    const other = await signUpAccount(suite.server, `${unique('plain')}@example.com`, 10);
    expect((await createLine(other.client)).body.charged).toBe(2);
  });

  it("the reseller's own price beats their tier's", async () => {
    const tier = await tierWith([
      { plan_id: DEFAULT_PLAN, months: 1, mode: 'fixed', value: 1 },
      { plan_id: DEFAULT_PLAN, months: 12, mode: 'fixed', value: 5 },
    ]);
    const reseller = await resellerIn(tier, 50);
    const own = await suite.admin.put(`/api/accounts/${reseller.id}/prices`, {
      prices: [{ plan_id: DEFAULT_PLAN, months: 1, mode: 'fixed', value: 3 }],
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(await planPrice(reseller.client, DEFAULT_PLAN, 1)).toBe(3);
    expect(await planPrice(reseller.client, DEFAULT_PLAN, 12)).toBe(5);
    expect((await createLine(reseller.client, 1)).body).toMatchObject({ charged: 3, balance: 47 });
    expect((await createLine(reseller.client, 12)).body).toMatchObject({ charged: 5, balance: 42 });
    await expectLedgerMatches(reseller.id);
  });

  it("a reseller in a tier prices sub-resellers never below the tier's price they pay", async () => {
    const tier = await tierWith([{ plan_id: DEFAULT_PLAN, months: 1, mode: 'fixed', value: 1 }]);
    const reseller = await resellerIn(tier, 50);
    const email = `${unique('sub')}@example.com`;
    const created = await reseller.client.post('/api/accounts', { email, password: PASSWORD });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const subId = created.body.account.id as string;

    const below = await reseller.client.put(`/api/accounts/${subId}/prices`, {
      prices: [{ plan_id: DEFAULT_PLAN, months: 1, mode: 'fixed', value: 0 }],
    });
    expect(below.status).toBe(422);
    expect(below.body.error).toMatchObject({
      code: 'RESELLER_PRICE_BELOW_COST',
      details: { params: { plan: 'Standard', months: 1, floor: 1 } },
    });
    const terms = await reseller.client.get(`/api/accounts/${subId}/terms`);
    expect(terms.body.floor).toContainEqual({ plan_id: DEFAULT_PLAN, months: 1, credits: 1 });
    expect(terms.body.prices).toEqual([]);
    const atCost = await reseller.client.put(`/api/accounts/${subId}/prices`, {
      prices: [{ plan_id: DEFAULT_PLAN, months: 1, mode: 'fixed', value: 1 }],
    });
    expect(atCost.status, JSON.stringify(atCost.body)).toBe(200);
  });

  it('refuses a bad tier list, a missing group and anyone but an admin; nothing changes', async () => {
    const tier = await tierWith([{ plan_id: DEFAULT_PLAN, months: 1, mode: 'fixed', value: 1 }]);
    const notOffered = await suite.admin.put(`/api/groups/${tier}/prices`, {
      prices: [{ plan_id: DEFAULT_PLAN, months: 2, mode: 'fixed', value: 1 }],
    });
    expect(notOffered.status).toBe(422);
    expect(notOffered.body.error).toMatchObject({
      code: 'RESELLER_PRICE_NOT_OFFERED',
      details: { params: { plan: 'Standard', months: 2 } },
    });
    const invalid = await suite.admin.put(`/api/groups/${tier}/prices`, {
      prices: [{ plan_id: DEFAULT_PLAN, months: 1, mode: 'percent', value: -101 }],
    });
    expect(invalid.body.error.code).toBe('RESELLER_PRICES_INVALID');
    const missing = await suite.admin.put('/api/groups/999999/prices', { prices: [] });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('GROUP_NOT_FOUND');
    const reseller = await resellerIn(tier, 5);
    const self = await reseller.client.put(`/api/groups/${tier}/prices`, { prices: [] });
    expect(self.status).toBe(403);
    expect((await suite.admin.get(`/api/groups/${tier}/prices`)).body.prices).toHaveLength(1);
  });
});
