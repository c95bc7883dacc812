import { beforeAll, describe, expect, it } from 'vitest';
import { giveLines, signUpAccount, type Account } from './support/line-fixtures.js';
import { lineServerFixture } from './support/line-server-fixture.js';
import { madeLine, openedTicket, staffMember } from './support/staff-fixtures.js';
import type { TestClient } from './support/test-client.js';

/**
 * A staff member's lists (docs/resellers.md, "Staff roles"): scoped to a reseller, each holds every
 * account of its subtree, the rows the admin's list holds of those accounts and nothing else; over
 * every account, what the admin's list holds.
 */
const suite = lineServerFixture();
let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}${Date.now().toString(36)}`;

type Ids = { a: number; sub: number; b: number };
type World = { resellerA: Account; sub: Account; resellerB: Account; lines: Ids; tickets: Ids; topups: Ids };
let w: World;

/** The ids of a list's first page of 100 (every row these tests make). */
async function idsOf(client: TestClient, path: string): Promise<number[]> {
  const res = await client.get(`${path}${path.includes('?') ? '&' : '?'}page_size=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as { id: number }[]).map((row) => row.id).sort((x, y) => x - y);
}

/** The admin's list, kept to the rows of these accounts: what a scoped member's list must show. */
async function adminIdsOf(path: string, ownerField: string, owners: string[]): Promise<number[]> {
  const res = await suite.admin.get(`${path}?page_size=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as Record<string, unknown>[])
    .filter((row) => owners.includes(row[ownerField] as string))
    .map((row) => row.id as number)
    .sort((x, y) => x - y);
}

beforeAll(async () => {
  const resellerA = await signUpAccount(suite.server, `${unique('ra')}@example.com`, 60);
  const resellerB = await signUpAccount(suite.server, `${unique('rb')}@example.com`, 60);
  const subEmail = `${unique('suba')}@example.com`;
  const made = await resellerA.client.post('/api/accounts', { email: subEmail, password: 'sub-password-1' });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const subClient = suite.server.client();
  const signedIn = await subClient.post('/api/auth/sign-in', { email: subEmail, password: 'sub-password-1' });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  const sub = { client: subClient, id: made.body.account.id as string, email: subEmail };

  // With credits, so it is a reseller lines can be given to.
  const given = await resellerA.client.post(`/api/accounts/${sub.id}/credits`, { amount: 5 });
  expect(given.status, JSON.stringify(given.body)).toBe(200);
  // The sub-reseller's line: made by its parent and moved down to it.
  const subLine = await madeLine(resellerA.client, unique('sl'));
  expect(await giveLines(suite.admin, [subLine], sub.id)).toMatchObject({ succeeded: 1 });

  const pack = await suite.admin.post('/api/credit-packages', {
    name: 'Ten',
    credits: 10,
    price_cents: 1000,
  });
  expect(pack.status, JSON.stringify(pack.body)).toBe(201);
  const method = await suite.admin.post('/api/payment-methods', {
    kind: 'manual',
    name: 'Bank',
    currency: 'EUR',
    instructions: 'IBAN DE89',
  });
  expect(method.status, JSON.stringify(method.body)).toBe(201);
  const topUp = async (client: TestClient) => {
    const res = await client.post('/api/topups', { package_id: pack.body.id, method_id: method.body.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };

  w = {
    resellerA,
    sub,
    resellerB,
    lines: {
      a: await madeLine(resellerA.client, unique('sl')),
      sub: subLine,
      b: await madeLine(resellerB.client, unique('sl')),
    },
    tickets: {
      a: await openedTicket(resellerA.client, unique('help')),
      sub: await openedTicket(sub.client, unique('help')),
      b: await openedTicket(resellerB.client, unique('help')),
    },
    topups: {
      a: await topUp(resellerA.client),
      sub: await topUp(sub.client),
      b: await topUp(resellerB.client),
    },
  };
});

describe('a support member scoped to a reseller', () => {
  it("lists the tickets of every account of the subtree, and not another reseller's", async () => {
    const support = await staffMember(suite, `${unique('staff')}@example.com`, 'support', w.resellerA.id);
    const tickets = await idsOf(support.client, '/api/tickets');
    expect(tickets).toEqual([w.tickets.a, w.tickets.sub].sort((x, y) => x - y));
    expect(tickets).toEqual(await adminIdsOf('/api/tickets', 'user_id', [w.resellerA.id, w.sub.id]));
    // Its own tickets are not the subtree's: the list is the scope's, not the member's.
    await openedTicket(support.client, unique('help'));
    expect(await idsOf(support.client, '/api/tickets')).toEqual(tickets);
  });

  it('lists the lines of every account of the subtree; an owner of the subtree narrows it, one outside finds nothing', async () => {
    const support = await staffMember(suite, `${unique('staff')}@example.com`, 'support', w.resellerA.id);
    const lines = await idsOf(support.client, '/api/lines');
    expect(lines).toContain(w.lines.a);
    expect(lines).toContain(w.lines.sub);
    expect(lines).not.toContain(w.lines.b);
    expect(lines).toEqual(await adminIdsOf('/api/lines', 'owner_id', [w.resellerA.id, w.sub.id]));
    expect(await idsOf(support.client, `/api/lines?owner_id=${w.sub.id}`)).toEqual([w.lines.sub]);
    expect(await idsOf(support.client, `/api/lines?owner_id=${w.resellerB.id}`)).toEqual([]);
    // The total counts the subtree's lines, not the panel's.
    const counted = await support.client.get('/api/lines');
    expect(counted.body.total).toBe(lines.length);
  });
});

describe('a billing member', () => {
  it('scoped to a reseller, lists the top-ups of every account of the subtree', async () => {
    const billing = await staffMember(suite, `${unique('staff')}@example.com`, 'billing', w.resellerA.id);
    const topups = await idsOf(billing.client, '/api/topups');
    expect(topups).toEqual([w.topups.a, w.topups.sub].sort((x, y) => x - y));
    expect(topups).toEqual(await adminIdsOf('/api/topups', 'account_id', [w.resellerA.id, w.sub.id]));
    expect(await idsOf(billing.client, `/api/topups?account_id=${w.sub.id}`)).toEqual([w.topups.sub]);
    expect(await idsOf(billing.client, `/api/topups?account_id=${w.resellerB.id}`)).toEqual([]);
  });

  it('over every account, lists every top-up, as the admin does', async () => {
    const billing = await staffMember(suite, `${unique('staff')}@example.com`, 'billing', null);
    const topups = await idsOf(billing.client, '/api/topups');
    expect(topups).toEqual(await idsOf(suite.admin, '/api/topups'));
    expect(topups).toEqual(expect.arrayContaining([w.topups.a, w.topups.sub, w.topups.b]));
  });
});
