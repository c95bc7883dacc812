import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import type { LinePlanRow } from '../line-plans/line-plans.repository.js';
import type { BuyerTerms } from '../reseller-terms/buyer-terms.js';
import type { ChainLink } from '../reseller-terms/reseller-terms.repository.js';
import type { ServerRow } from '../servers/servers.repository.js';
import { planCharge } from './line-charge.js';
import {
  checkCredentials,
  checkNewLine,
  checkRenewal,
  isUsernameViolation,
  type NewLineRequest,
} from './line-rules.js';

// The rules of a sale and a renewal, without a database: what a reseller is charged, until when the
// line runs, and why a sale is refused. The API tests cover the same paths end to end; these pin each
// rule's edges (month ends, trials, a reseller's own price, limits of the account above).

const at = new Date('2026-01-01T00:00:00Z');

function plan(overrides: Partial<LinePlanRow> = {}): LinePlanRow {
  return {
    id: 7,
    name: 'Sports HD',
    prices: [
      { months: 1, credits: 3 },
      { months: 6, credits: 15 },
    ],
    restrictions: {},
    isDefault: false,
    archived: false,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  } as LinePlanRow;
}

const defaultPlan = () =>
  plan({ id: 1, name: 'Standard', isDefault: true, prices: [{ months: 1, credits: 2 }] });

function server(overrides: Partial<ServerRow> = {}): ServerRow {
  return {
    id: 3,
    serverName: 'Main',
    hostIp: '203.0.113.5',
    hostname: null,
    port: 12000,
    protocol: 'CCcam',
    groupNames: {},
    serviceNames: [],
    ...overrides,
  } as ServerRow;
}

const reseller = (terms: Partial<BuyerTerms> = {}) => ({
  id: 'reseller-1',
  email: 'shop@example.com',
  isAdmin: false,
  terms: { isAdmin: false, prices: [], tierPrices: [], chain: [], ...terms },
});

const ADMIN: BuyerTerms = { isAdmin: true, prices: [], tierPrices: [], chain: [] };
const admin = { id: 'admin-1', email: 'admin@example.com', isAdmin: true, terms: ADMIN };

function link(limits: Partial<ChainLink['limits']>, depth = 1): ChainLink {
  return {
    accountId: `parent-${depth}`,
    email: `parent${depth}@example.com`,
    depth,
    limits: {
      max_lines: null,
      allowed_plan_ids: null,
      allowed_server_ids: null,
      trials_per_day: null,
      trial_min_balance: 0,
      sub_reseller_depth: null,
      sub_reseller_price: 0,
      credit_limit: 0,
      ...limits,
    },
  };
}

function sale(overrides: Partial<NewLineRequest> = {}): NewLineRequest {
  return {
    plan: plan(),
    server: server(),
    username: 'customer1',
    password: 'secret-1',
    months: 1,
    trialDays: null,
    buyer: reseller(),
    today: '2026-03-10',
    ...overrides,
  };
}

/** The refusal's code (and params), or the value when nothing was refused. */
function refusal(run: () => unknown): { code: string; params?: unknown } | 'allowed' {
  try {
    run();
    return 'allowed';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const params = (error.details as { params?: unknown } | undefined)?.params;
    return params === undefined ? { code: error.code } : { code: error.code, params };
  }
}

describe('planCharge', () => {
  it("charges a reseller the plan's price for the duration, and an admin or a trial nothing", () => {
    expect(planCharge(plan(), 6, reseller().terms)).toBe(15);
    expect(planCharge(plan(), 1, reseller().terms)).toBe(3);
    expect(planCharge(plan(), 6, ADMIN)).toBe(0);
    expect(planCharge(plan(), 1, reseller().terms, true)).toBe(0);
  });

  it("charges the reseller's own price for the plan when one is set: fixed, or the plan's ± a percentage", () => {
    const fixed = reseller({ prices: [{ plan_id: 7, months: 6, mode: 'fixed', value: 11 }] }).terms;
    expect(planCharge(plan(), 6, fixed)).toBe(11);
    // Other durations and other plans keep the plan's price.
    expect(planCharge(plan(), 1, fixed)).toBe(3);
    expect(planCharge(plan({ id: 8 }), 6, fixed)).toBe(15);
    const markup = reseller({ prices: [{ plan_id: 7, months: 6, mode: 'percent', value: 20 }] }).terms;
    expect(planCharge(plan(), 6, markup)).toBe(18);
    // 3 credits less 50 % is 1.5: rounded to whole credits.
    const half = reseller({ prices: [{ plan_id: 7, months: 1, mode: 'percent', value: -50 }] }).terms;
    expect(planCharge(plan(), 1, half)).toBe(2);
  });

  it('refuses a duration the plan does not sell, with the months; on the default plan with the old code', () => {
    expect(refusal(() => planCharge(plan(), 3, reseller().terms))).toEqual({
      code: 'LINE_PLAN_DURATION_NOT_OFFERED',
      params: { months: 3 },
    });
    expect(refusal(() => planCharge(defaultPlan(), 3, reseller().terms))).toEqual({
      code: 'LINE_INVALID_DURATION',
    });
    expect(refusal(() => planCharge(plan(), 1.5, reseller().terms))).toEqual({
      code: 'LINE_INVALID_DURATION',
    });
    expect(refusal(() => planCharge(plan(), null, reseller().terms))).toEqual({
      code: 'LINE_INVALID_DURATION',
    });
    // Even an admin, who pays nothing, cannot buy a duration that is not sold.
    expect(refusal(() => planCharge(plan(), 3, ADMIN))).toMatchObject({
      code: 'LINE_PLAN_DURATION_NOT_OFFERED',
    });
  });
});

describe('checkCredentials', () => {
  it('trims what was typed and keeps it', () => {
    expect(checkCredentials('  customer1 ', ' pw-1 ')).toEqual({ username: 'customer1', password: 'pw-1' });
  });

  it('refuses empty, spaced, non-ASCII and config-syntax credentials, each with its own code', () => {
    expect(refusal(() => checkCredentials('  ', 'pw'))).toEqual({ code: 'LINE_CREDENTIALS_REQUIRED' });
    expect(refusal(() => checkCredentials('user', undefined))).toEqual({ code: 'LINE_CREDENTIALS_REQUIRED' });
    expect(refusal(() => checkCredentials('two words', 'pw'))).toEqual({ code: 'LINE_INVALID_USERNAME' });
    expect(refusal(() => checkCredentials('jürgen', 'pw'))).toEqual({ code: 'LINE_INVALID_USERNAME' });
    expect(refusal(() => checkCredentials('user', 'a#b'))).toEqual({ code: 'LINE_INVALID_PASSWORD' });
    expect(refusal(() => checkCredentials('user', 'x'.repeat(65)))).toEqual({
      code: 'LINE_INVALID_PASSWORD',
    });
    expect(checkCredentials('user', 'x'.repeat(64)).password).toHaveLength(64);
  });
});

describe('checkNewLine', () => {
  it('a paid line runs its months from today, is charged, and connects to its server', () => {
    const line = checkNewLine(sale({ months: 6 }));
    expect(line.charge).toBe(15);
    expect(line.expiryDate).toBe('2026-09-10');
    expect(line.values).toMatchObject({
      username: 'customer1',
      password: 'secret-1',
      addedDate: '2026-03-10',
      expiryDate: '2026-09-10',
      ownerId: 'reseller-1',
      serverId: 3,
      planId: 7,
      isTrial: false,
      subscriptionMonths: 6,
      enabled: true,
      syncState: 'pending',
      hostPort: ['203.0.113.5:12000'],
    });
    // The agent gets the expiry as the spec's DD-MM-YYYY.
    expect(line.payload).toMatchObject({ password: 'secret-1', expiryDate: '10-09-2026', enabled: true });
    expect(line.details).toMatchObject({ charged: 15, subscription_months: 6, is_trial: false });
  });

  it('a month bought on the 31st ends on the last day of the next month, not in the one after', () => {
    expect(checkNewLine(sale({ today: '2026-01-31' })).expiryDate).toBe('2026-02-28');
    expect(checkNewLine(sale({ today: '2028-01-31' })).expiryDate).toBe('2028-02-29');
  });

  it("a trial runs the admin's days and costs nothing; an admin's sale costs nothing", () => {
    const trial = checkNewLine(sale({ trialDays: 3, months: 6 }));
    expect(trial).toMatchObject({ charge: 0, expiryDate: '2026-03-13' });
    expect(trial.values).toMatchObject({ isTrial: true, subscriptionMonths: null });
    expect(checkNewLine(sale({ buyer: admin, months: 6 })).charge).toBe(0);
  });

  it("connects customers to the server's public hostname when it has one, or to the addresses given", () => {
    expect(checkNewLine(sale({ server: server({ hostname: 'tv.example.com' }) })).values.hostPort).toEqual([
      'tv.example.com:12000',
    ]);
    expect(checkNewLine(sale({ hostPort: ['cards.example.net:15000'] })).values.hostPort).toEqual([
      'cards.example.net:15000',
    ]);
    expect(checkNewLine(sale({ hostPort: [] })).values.hostPort).toEqual(['203.0.113.5:12000']);
  });

  it('a line taken over from a file keeps its expiry and state; free unless the admin chose to charge', () => {
    const free = checkNewLine(
      sale({ imported: { expiryDate: '2027-05-01', enabled: false, charged: false }, months: null }),
    );
    expect(free).toMatchObject({ charge: 0, expiryDate: '2027-05-01' });
    expect(free.values.enabled).toBe(false);
    expect(free.details).toMatchObject({ imported: true });
    const charged = checkNewLine(
      sale({ imported: { expiryDate: '2027-05-01', enabled: true, charged: true }, months: 6 }),
    );
    expect(charged).toMatchObject({ charge: 15, expiryDate: '2027-05-01' });
  });

  it('refuses before any charge: a long username on CCcam, a protocol the plan forbids, a group the server lacks', () => {
    const long = 'u'.repeat(21);
    expect(refusal(() => checkNewLine(sale({ username: long })))).toEqual({
      code: 'LINE_USERNAME_TOO_LONG_FOR_CCCAM',
      params: { max: 20 },
    });
    // NewCamd takes what any credential may be.
    expect(
      refusal(() => checkNewLine(sale({ username: long, server: server({ protocol: 'NewCamd' }) }))),
    ).toBe('allowed');
    const oscamOnly = plan({ restrictions: { allowed_protocols: ['newcamd'] } });
    expect(refusal(() => checkNewLine(sale({ plan: oscamOnly })))).toEqual({
      code: 'LINE_PLAN_PROTOCOL_NOT_ALLOWED',
      params: { protocol: 'CCcam' },
    });
    const sports = plan({ restrictions: { groups: [2] } });
    expect(refusal(() => checkNewLine(sale({ plan: sports })))).toMatchObject({
      code: 'LINE_PLAN_GROUP_UNKNOWN',
    });
    expect(
      refusal(() => checkNewLine(sale({ plan: sports, server: server({ groupNames: { '2': 'Sports' } }) }))),
    ).toBe('allowed');
  });

  it('keeps a sale to the plans and servers the accounts above the buyer allow, naming the account', () => {
    const planLimited = reseller({ chain: [link({ allowed_plan_ids: [1] })] });
    expect(refusal(() => checkNewLine(sale({ buyer: planLimited })))).toEqual({
      code: 'LINE_PLAN_NOT_ALLOWED',
      params: { plan: 'Sports HD', account: 'parent1@example.com' },
    });
    const serverLimited = reseller({ chain: [link({ allowed_server_ids: [99] }, 2)] });
    expect(refusal(() => checkNewLine(sale({ buyer: serverLimited })))).toEqual({
      code: 'LINE_SERVER_NOT_ALLOWED',
      params: { server: 'Main', account: 'parent2@example.com' },
    });
    expect(
      refusal(() => checkNewLine(sale({ buyer: reseller({ chain: [link({ allowed_plan_ids: [7] })] }) }))),
    ).toBe('allowed');
    // An import is the admin's decision: the limits of a sale do not apply.
    expect(
      refusal(() =>
        checkNewLine(
          sale({ buyer: planLimited, imported: { expiryDate: '2027-01-01', enabled: true, charged: false } }),
        ),
      ),
    ).toBe('allowed');
  });
});

describe('checkRenewal', () => {
  const renew = (
    expiryDate: string,
    months = 1,
    payer: Pick<BuyerTerms, 'isAdmin' | 'prices' | 'tierPrices'> = reseller().terms,
  ) => checkRenewal({ plan: plan(), line: { expiryDate }, months, payer, today: '2026-03-10' });

  it('adds the months to a line that is still valid, from its expiry', () => {
    expect(renew('2026-04-30', 6)).toMatchObject({ charge: 15, expiryDate: '2026-10-30' });
    // A line whose last day is today runs one month from today: the customer loses no day.
    expect(renew('2026-03-10').expiryDate).toBe('2026-04-10');
  });

  it('refuses a renewal past the last date the agent takes, and takes one ending on it', () => {
    expect(renew('2099-11-30', 1).expiryDate).toBe('2099-12-30');
    expect(renew('2099-11-30', 1, ADMIN).expiryDate).toBe('2099-12-30');
    expect(refusal(() => renew('2099-12-15', 1))).toEqual({
      code: 'LINE_EXPIRY_OUT_OF_RANGE',
      params: { expiry_date: '2100-01-15', last_date: '2099-12-31' },
    });
    // Admins renew free, but the agent refuses the date all the same.
    expect(refusal(() => renew('2099-12-15', 1, ADMIN))).toMatchObject({ code: 'LINE_EXPIRY_OUT_OF_RANGE' });
  });

  it('adds the months to today for an expired line, so the customer does not pay for days gone', () => {
    expect(renew('2025-12-01').expiryDate).toBe('2026-04-10');
  });

  it('records what changed and refuses a duration the plan does not sell', () => {
    expect(renew('2026-04-30', 1).details).toEqual({
      subscription_months: 1,
      from: '2026-04-30',
      to: '2026-05-30',
      charged: 3,
    });
    expect(renew('2026-04-30', 1, ADMIN).charge).toBe(0);
    expect(refusal(() => renew('2026-04-30', 2))).toEqual({
      code: 'LINE_PLAN_DURATION_NOT_OFFERED',
      params: { months: 2 },
    });
  });

  it("moves the line with a new plan: the renewal on it, the days left topped up, at the buyer's prices", () => {
    const dear = plan({ id: 9, name: 'Two screens', prices: [{ months: 1, credits: 6 }] });
    // March 10 to April 10 is 31 days; 31 left of a 1-month line on a plan at 3: (6 - 3) whole.
    const line = { expiryDate: '2026-04-10', subscriptionMonths: 1, isTrial: false };
    const moved = checkRenewal({
      plan: plan(),
      newPlan: dear,
      line,
      months: 1,
      payer: reseller().terms,
      today: '2026-03-10',
    });
    expect(moved).toMatchObject({ charge: 9, difference: 3, expiryDate: '2026-05-10' });
    expect(moved.values).toMatchObject({ planId: 9 });
    expect(moved.details).toMatchObject({
      from_plan_id: 7,
      to_plan_id: 9,
      plan: 'Two screens',
      difference: 3,
    });
    // The buyer's own price of the old plan counts: paying 5 for it leaves a difference of 1.
    const priced = reseller({ prices: [{ plan_id: 7, months: 1, mode: 'fixed', value: 5 }] }).terms;
    expect(
      checkRenewal({ plan: plan(), newPlan: dear, line, months: 1, payer: priced, today: '2026-03-10' }),
    ).toMatchObject({ charge: 7, difference: 1 });
    // The same plan is no move, and an admin pays nothing.
    const same = checkRenewal({
      plan: plan(),
      newPlan: plan(),
      line,
      months: 1,
      payer: reseller().terms,
      today: '2026-03-10',
    });
    expect(same).toMatchObject({ charge: 3, difference: 0 });
    expect(same.values).not.toHaveProperty('planId');
    expect(
      checkRenewal({ plan: plan(), newPlan: dear, line, months: 1, payer: ADMIN, today: '2026-03-10' })
        .charge,
    ).toBe(0);
  });
});

describe('isUsernameViolation', () => {
  it("recognises the database's duplicate-username refusal, also wrapped, and nothing else", () => {
    const duplicate = { code: '23505', constraint: 'users_username_unique' };
    expect(isUsernameViolation(duplicate)).toBe(true);
    expect(isUsernameViolation(new Error('query failed', { cause: duplicate }))).toBe(true);
    expect(isUsernameViolation({ code: '23505', constraint: 'users_pkey' })).toBe(false);
    expect(isUsernameViolation({ code: '23503' })).toBe(false);
    expect(isUsernameViolation(undefined)).toBe(false);
  });
});
