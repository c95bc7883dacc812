import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultResellerLimits } from '@linedesk/shared';
import { creditLedger } from '../src/db/schema.js';
import { balanceOf, signUpAccount, type Account } from './support/line-fixtures.js';
import { lineServerFixture } from './support/line-server-fixture.js';
import type { TestClient } from './support/test-client.js';

const suite = lineServerFixture();
const PASSWORD = 'sub-password-1';
const DEFAULT_PLAN = 1;

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}${Date.now().toString(36)}`;

const noLimits = defaultResellerLimits;

const createLine = (client: TestClient, body: Record<string, unknown> = {}) =>
  client.post('/api/lines', {
    username: unique('rt'),
    password: 'pw-1234',
    subscription_months: 1,
    ...body,
  });

/** A sub-account of `parent`, signed in, with `credits` transferred from the parent. */
async function subAccount(parent: Account, credits = 0): Promise<Account> {
  const email = `${unique('sub')}@example.com`;
  const created = await parent.client.post('/api/accounts', { email, password: PASSWORD });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const client = suite.server.client();
  expect((await client.post('/api/auth/sign-in', { email, password: PASSWORD })).status).toBe(200);
  if (credits > 0) {
    const moved = await parent.client.post(`/api/accounts/${created.body.account.id}/credits`, {
      amount: credits,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  return { client, id: created.body.account.id, email };
}

/** The ledger of the account sums to its balance. */
async function expectLedgerMatches(accountId: string): Promise<void> {
  const rows = await suite.server.built.ctx.db
    .select({ delta: creditLedger.delta })
    .from(creditLedger)
    .where(eq(creditLedger.accountId, accountId));
  expect(rows.reduce((sum, row) => sum + row.delta, 0)).toBe(await balanceOf(suite.server, accountId));
}

const planPrice = async (client: TestClient, planId: number, months: number) => {
  const plans = await client.get('/api/line-plans');
  const plan = plans.body.items.find((p: { id: number }) => p.id === planId);
  return plan.prices.find((p: { months: number }) => p.months === months)?.credits as number;
};

describe('prices per reseller', () => {
  it("an admin's price list is what the reseller sees and pays, on create and renewal", async () => {
    const reseller = await signUpAccount(suite.server, `${unique('price')}@example.com`, 100);
    expect(await planPrice(reseller.client, DEFAULT_PLAN, 1)).toBe(2);
    const set = await suite.admin.put(`/api/accounts/${reseller.id}/prices`, {
      prices: [
        { plan_id: DEFAULT_PLAN, months: 1, mode: 'fixed', value: 5 },
        { plan_id: DEFAULT_PLAN, months: 12, mode: 'percent', value: -20 },
      ],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.prices).toHaveLength(2);
    expect(await planPrice(reseller.client, DEFAULT_PLAN, 1)).toBe(5);
    expect(await planPrice(reseller.client, DEFAULT_PLAN, 12)).toBe(8);
    expect(await planPrice(reseller.client, DEFAULT_PLAN, 3)).toBe(4);

    const line = await createLine(reseller.client);
    expect(line.status, JSON.stringify(line.body)).toBe(201);
    expect(line.body).toMatchObject({ charged: 5, balance: 95 });
    const renewed = await reseller.client.post(`/api/lines/${line.body.line.id}/renew`, {
      subscription_months: 12,
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body).toMatchObject({ charged: 8, balance: 87 });
    // Another reseller still pays the plan's price.
    const other = await signUpAccount(suite.server, `${unique('plain')}@example.com`, 10);
    expect((await createLine(other.client)).body.charged).toBe(2);
    await expectLedgerMatches(reseller.id);
  });

  it('a price set right after a purchase is what the next create pays', async () => {
    // A purchase keeps the buyer's terms this instance holds (it only moves the balance); a change of
    // the price list must still reach the very next create.
    const reseller = await signUpAccount(suite.server, `${unique('after')}@example.com`, 100);
    const first = await createLine(reseller.client);
    expect(first.body).toMatchObject({ charged: 2, balance: 98 });
    const set = await suite.admin.put(`/api/accounts/${reseller.id}/prices`, {
      prices: [{ plan_id: DEFAULT_PLAN, months: 1, mode: 'fixed', value: 7 }],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const second = await createLine(reseller.client);
    expect(second.body).toMatchObject({ charged: 7, balance: 91 });
    await expectLedgerMatches(reseller.id);
  });

  it('bulk preview and activation codes are priced by the same rule', async () => {
    const reseller = await signUpAccount(suite.server, `${unique('bulk')}@example.com`, 100);
    await suite.admin.put(`/api/accounts/${reseller.id}/prices`, {
      prices: [{ plan_id: DEFAULT_PLAN, months: 3, mode: 'percent', value: 50 }],
    });
    const preview = await reseller.client.post('/api/lines/bulk/preview', {
      action: 'create',
      count: 3,
      username_prefix: unique('bk'),
      subscription_months: 3,
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ charge_per_line: 6, charge_total: 18 });
    const codes = await reseller.client.post('/api/activation-codes/preview', {
      count: 2,
      plan_id: DEFAULT_PLAN,
      subscription_months: 3,
    });
    expect(codes.status, JSON.stringify(codes.body)).toBe(200);
    expect(codes.body).toMatchObject({ charge_per_code: 6, charge_total: 12 });
  });

  it('a reseller prices their own sub-resellers, never below their own cost', async () => {
    const reseller = await signUpAccount(suite.server, `${unique('parent')}@example.com`, 100);
    await suite.admin.put(`/api/accounts/${reseller.id}/prices`, {
      prices: [{ plan_id: DEFAULT_PLAN, months: 1, mode: 'fixed', value: 3 }],
    });
    const sub = await subAccount(reseller, 20);

    const below = await reseller.client.put(`/api/accounts/${sub.id}/prices`, {
      prices: [{ plan_id: DEFAULT_PLAN, months: 1, mode: 'fixed', value: 2 }],
    });
    expect(below.status).toBe(422);
    expect(below.body.error).toMatchObject({
      code: 'RESELLER_PRICE_BELOW_COST',
      message: 'The price of Standard for 1 months cannot be below 3 credits, what you pay for it yourself',
      details: { params: { plan: 'Standard', months: 1, floor: 3 } },
    });
    // A percentage down is checked on its result as well.
    const percentBelow = await reseller.client.put(`/api/accounts/${sub.id}/prices`, {
      prices: [{ plan_id: DEFAULT_PLAN, months: 12, mode: 'percent', value: -50 }],
    });
    expect(percentBelow.body.error.details.params).toEqual({ plan: 'Standard', months: 12, floor: 10 });
    expect((await reseller.client.get(`/api/accounts/${sub.id}/terms`)).body.prices).toEqual([]);

    const ok = await reseller.client.put(`/api/accounts/${sub.id}/prices`, {
      prices: [{ plan_id: DEFAULT_PLAN, months: 1, mode: 'percent', value: 100 }],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.floor).toContainEqual({ plan_id: DEFAULT_PLAN, months: 1, credits: 3 });
    expect(await planPrice(sub.client, DEFAULT_PLAN, 1)).toBe(4);
    expect((await createLine(sub.client)).body).toMatchObject({ charged: 4, balance: 16 });

    // Nobody sets their own terms, and another reseller's sub-account is not found.
    const self = await reseller.client.put(`/api/accounts/${reseller.id}/prices`, { prices: [] });
    expect(self.status).toBe(403);
    expect(self.body.error.code).toBe('RESELLER_TERMS_SELF');
    const stranger = await signUpAccount(suite.server, `${unique('stranger')}@example.com`, 1);
    const foreign = await stranger.client.put(`/api/accounts/${sub.id}/prices`, { prices: [] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('USER_NOT_FOUND');
  });

  it('refuses a bad price list and changes nothing', async () => {
    const reseller = await signUpAccount(suite.server, `${unique('bad')}@example.com`, 1);
    const cases = [
      [{ plan_id: DEFAULT_PLAN, months: 1, mode: 'fixed', value: -1 }],
      [{ plan_id: DEFAULT_PLAN, months: 1, mode: 'percent', value: -101 }],
      [{ plan_id: DEFAULT_PLAN, months: 1, mode: 'bogus', value: 1 }],
      [
        { plan_id: DEFAULT_PLAN, months: 1, mode: 'fixed', value: 1 },
        { plan_id: DEFAULT_PLAN, months: 1, mode: 'fixed', value: 2 },
      ],
    ];
    for (const prices of cases) {
      const res = await suite.admin.put(`/api/accounts/${reseller.id}/prices`, { prices });
      expect(res.status, JSON.stringify(prices)).toBe(422);
      expect(res.body.error.code).toBe('RESELLER_PRICES_INVALID');
    }
    const notOffered = await suite.admin.put(`/api/accounts/${reseller.id}/prices`, {
      prices: [{ plan_id: DEFAULT_PLAN, months: 2, mode: 'fixed', value: 1 }],
    });
    expect(notOffered.body.error).toMatchObject({
      code: 'RESELLER_PRICE_NOT_OFFERED',
      details: { params: { plan: 'Standard', months: 2 } },
    });
    const noPlan = await suite.admin.put(`/api/accounts/${reseller.id}/prices`, {
      prices: [{ plan_id: 999999, months: 1, mode: 'fixed', value: 1 }],
    });
    expect(noPlan.body.error.code).toBe('LINE_PLAN_NOT_FOUND');
    expect((await suite.admin.get(`/api/accounts/${reseller.id}/terms`)).body.prices).toEqual([]);
  });
});

describe('limits per reseller', () => {
  it('two sub-resellers filling the last place of their parent: exactly one line is made', async () => {
    const parent = await signUpAccount(suite.server, `${unique('quota')}@example.com`, 200);
    const [a, b] = await Promise.all([subAccount(parent, 40), subAccount(parent, 40)]);
    const set = await suite.admin.put(`/api/accounts/${parent.id}/limits`, { ...noLimits, max_lines: 4 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await createLine(parent.client)).status).toBe(201);
    expect((await createLine(a.client)).status).toBe(201);
    expect((await createLine(b.client)).status).toBe(201);

    const raced = await Promise.all([
      ...Array.from({ length: 4 }, () => createLine(a.client)),
      ...Array.from({ length: 4 }, () => createLine(b.client)),
    ]);
    expect(raced.filter((r) => r.status === 201)).toHaveLength(1);
    for (const refused of raced.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: 'LINE_LIMIT_REACHED',
        details: { params: { limit: 4, account: parent.email } },
      });
    }
    const terms = await suite.admin.get(`/api/accounts/${parent.id}/terms`);
    expect(terms.body.lines).toBe(4);
    // Refused creates charged nothing: each ledger still sums to its balance.
    for (const account of [a, b]) await expectLedgerMatches(account.id);
    expect((await balanceOf(suite.server, a.id)) + (await balanceOf(suite.server, b.id))).toBe(80 - 3 * 2);

    // A limit below what the subtree has is refused with the count; the old limit stays.
    const lower = await suite.admin.put(`/api/accounts/${parent.id}/limits`, { ...noLimits, max_lines: 3 });
    expect(lower.status).toBe(409);
    expect(lower.body.error).toMatchObject({
      code: 'RESELLER_LIMIT_BELOW_USAGE',
      details: { params: { limit: 3, current: 4 } },
    });
    expect((await suite.admin.get(`/api/accounts/${parent.id}/terms`)).body.limits.max_lines).toBe(4);
  });

  it('refuses plans and servers outside the allowed ones, named with the account that limits them', async () => {
    const parent = await signUpAccount(suite.server, `${unique('allow')}@example.com`, 50);
    const sub = await subAccount(parent, 10);
    const servers = await suite.admin.get('/api/servers');
    const serverId = servers.body.items[0].id as number;
    const plan = await suite.admin.post('/api/line-plans', {
      name: unique('Gold'),
      prices: [{ months: 1, credits: 3 }],
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);

    await suite.admin.put(`/api/accounts/${parent.id}/limits`, {
      ...noLimits,
      allowed_plan_ids: [plan.body.id],
    });
    const onDefault = await createLine(sub.client);
    expect(onDefault.status).toBe(403);
    expect(onDefault.body.error).toMatchObject({
      code: 'LINE_PLAN_NOT_ALLOWED',
      details: { params: { plan: 'Standard', account: parent.email } },
    });
    expect((await createLine(sub.client, { plan_id: plan.body.id })).status).toBe(201);
    // The plan pickers offer only what may be sold: the sub-reseller and the parent see Gold alone.
    for (const seller of [sub.client, parent.client]) {
      const offered = (await seller.get('/api/line-plans')).body.items.map((p: { id: number }) => p.id);
      expect(offered).toEqual([plan.body.id]);
    }

    await suite.admin.put(`/api/accounts/${parent.id}/limits`, {
      ...noLimits,
      allowed_server_ids: [serverId + 1000],
    });
    // The allowed server does not exist: refused before anything is saved.
    expect(
      (await suite.admin.get(`/api/accounts/${parent.id}/terms`)).body.limits.allowed_server_ids,
    ).toBeNull();
    const unknown = await suite.admin.put(`/api/accounts/${parent.id}/limits`, {
      ...noLimits,
      allowed_server_ids: [serverId + 1000],
    });
    expect(unknown.body.error).toMatchObject({
      code: 'RESELLER_LIMIT_UNKNOWN_SERVER',
      details: { params: { id: serverId + 1000 } },
    });
    const other = await suite.admin.post('/api/servers', {
      server_name: unique('Other'),
      host_ip: '127.0.0.1',
      port: 12001,
      api_port: 1,
      username: 'panel',
      password: 'secret-password',
    });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    await suite.admin.put(`/api/accounts/${sub.id}/limits`, {
      ...noLimits,
      allowed_server_ids: [other.body.id],
    });
    // The server picker offers only allowed servers: the sub-reseller's one allowed server is not
    // active (its agent does not answer), so they are offered none, while the parent still sees the
    // active one.
    const pickable = async (client: typeof sub.client) =>
      (await client.get('/api/servers/active')).body.items.map((s: { id: number }) => s.id);
    expect(await pickable(sub.client)).toEqual([]);
    expect(await pickable(parent.client)).toContain(serverId);
    const wrongServer = await createLine(sub.client, { server_id: serverId });
    expect(wrongServer.status).toBe(403);
    expect(wrongServer.body.error.code).toBe('LINE_SERVER_NOT_ALLOWED');
    expect(wrongServer.body.error.details.params.account).toBe(sub.email);
  });

  it('trials: a daily number and a minimum balance per reseller', async () => {
    const reseller = await signUpAccount(suite.server, `${unique('trial')}@example.com`, 5);
    await suite.admin.put(`/api/accounts/${reseller.id}/limits`, {
      ...noLimits,
      trials_per_day: 1,
      trial_min_balance: 10,
    });
    const poor = await createLine(reseller.client, { is_trial: true, subscription_months: undefined });
    expect(poor.status).toBe(402);
    expect(poor.body.error).toMatchObject({
      code: 'LINE_TRIAL_MIN_BALANCE',
      details: { params: { min: 10, balance: 5 } },
    });
    await suite.admin.post(`/api/accounts/${reseller.id}/credits`, { amount: 10 });
    expect((await createLine(reseller.client, { is_trial: true })).status).toBe(201);
    const second = await createLine(reseller.client, { is_trial: true });
    expect(second.status).toBe(429);
    expect(second.body.error).toMatchObject({
      code: 'LINE_TRIAL_LIMIT_REACHED',
      details: { params: { limit: 1 } },
    });
  });

  it('sub-resellers: whether, how deep, and their price through the ledger', async () => {
    const reseller = await signUpAccount(suite.server, `${unique('tree')}@example.com`, 8);
    await suite.admin.put(`/api/accounts/${reseller.id}/limits`, { ...noLimits, sub_reseller_depth: 0 });
    const refused = await reseller.client.post('/api/accounts', { email: `${unique('no')}@example.com` });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('SUB_RESELLER_NOT_ALLOWED');

    await suite.admin.put(`/api/accounts/${reseller.id}/limits`, {
      ...noLimits,
      sub_reseller_depth: 1,
      sub_reseller_price: 4,
    });
    const sub = await subAccount(reseller, 2);
    expect(await balanceOf(suite.server, reseller.id)).toBe(8 - 4 - 2);
    const fee = await suite.server.built.ctx.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.accountId, reseller.id));
    expect(fee.find((row) => row.reason === 'sub_reseller_create')).toMatchObject({
      delta: -4,
      refId: sub.id,
    });
    await expectLedgerMatches(reseller.id);

    // One level below the reseller only: the sub-reseller may not have sub-resellers of its own.
    const deeper = await sub.client.post('/api/accounts', { email: `${unique('deep')}@example.com` });
    expect(deeper.status).toBe(403);
    expect(deeper.body.error).toMatchObject({
      code: 'SUB_RESELLER_DEPTH_REACHED',
      details: { params: { depth: 1, account: reseller.email } },
    });
    // The fee cannot be paid: no account is created.
    const broke = await reseller.client.post('/api/accounts', { email: `${unique('broke')}@example.com` });
    expect(broke.status).toBe(402);
    expect(broke.body.error.code).toBe('INSUFFICIENT_CREDITS');
    expect((await reseller.client.get('/api/accounts')).body.total).toBe(1);

    // A parent sets its sub's limits, but not the two an admin grants.
    const lend = await reseller.client.put(`/api/accounts/${sub.id}/limits`, {
      ...noLimits,
      credit_limit: 50,
    });
    expect(lend.status).toBe(403);
    expect(lend.body.error.code).toBe('RESELLER_LIMIT_ADMIN_ONLY');
    const own = await reseller.client.put(`/api/accounts/${sub.id}/limits`, { ...noLimits, max_lines: 3 });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it('a credit limit lets a trusted reseller spend below 0 down to the limit, also in a race', async () => {
    const reseller = await signUpAccount(suite.server, `${unique('trust')}@example.com`, 2);
    const set = await suite.admin.put(`/api/accounts/${reseller.id}/limits`, {
      ...noLimits,
      credit_limit: 4,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    // 2 credits and a limit of 4: three lines of 2 credits, whatever arrives at once.
    const raced = await Promise.all(Array.from({ length: 6 }, () => createLine(reseller.client)));
    expect(raced.filter((r) => r.status === 201)).toHaveLength(3);
    for (const refused of raced.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(402);
      expect(refused.body.error).toMatchObject({
        code: 'CREDIT_LIMIT_EXCEEDED',
        details: { params: { required: 2, available: -4, limit: 4 } },
      });
    }
    expect(await balanceOf(suite.server, reseller.id)).toBe(-4);
    await expectLedgerMatches(reseller.id);
    // A reseller without one stays at 0.
    const plain = await signUpAccount(suite.server, `${unique('untrusted')}@example.com`, 2);
    expect((await createLine(plain.client)).status).toBe(201);
    expect((await createLine(plain.client)).body.error.code).toBe('INSUFFICIENT_CREDITS');
  });
});
