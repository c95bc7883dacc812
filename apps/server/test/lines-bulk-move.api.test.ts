import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultResellerLimits } from '@linedesk/shared';
import { creditLedger, lines } from '../src/db/schema.js';
import { balanceOf, bulkJobDone, signUpAccount, type Account } from './support/line-fixtures.js';
import { lineServerFixture } from './support/line-server-fixture.js';
import type { TestClient } from './support/test-client.js';

/**
 * Giving lines to another reseller (docs/resellers.md): the bulk action `move`, the one way lines
 * change owner, over HTTP against a running server.
 */
const suite = lineServerFixture();
const PASSWORD = 'sub-password-1';
let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}${Date.now().toString(36)}`;

const createLine = async (client: TestClient) => {
  const res = await client.post('/api/lines', {
    username: unique('tr'),
    password: 'pw-1234',
    subscription_months: 1,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.line as { id: number; expiry_date: string };
};

type Give = { ids: number[]; target_owner_id: string; credits?: number };
const startGive = (client: TestClient, body: Give) =>
  client.post('/api/lines/bulk', { action: 'move', ...body });
/** Gives the lines and waits for the job to end, answering it. */
async function give(client: TestClient, body: Give) {
  const started = await startGive(client, body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return bulkJobDone(client, started.body.id);
}

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

const ownerOf = async (id: number) =>
  (await suite.server.built.ctx.db.select({ ownerId: lines.ownerId }).from(lines).where(eq(lines.id, id)))[0]
    ?.ownerId;

async function expectLedgerMatches(accountId: string): Promise<void> {
  const rows = await suite.server.built.ctx.db
    .select({ delta: creditLedger.delta })
    .from(creditLedger)
    .where(eq(creditLedger.accountId, accountId));
  expect(rows.reduce((sum, row) => sum + row.delta, 0)).toBe(await balanceOf(suite.server, accountId));
}

describe('giving lines to another reseller (bulk move)', () => {
  it('an admin gives lines anywhere: history and dates follow, no credits unless asked', async () => {
    const from = await signUpAccount(suite.server, `${unique('from')}@example.com`, 50);
    const to = await signUpAccount(suite.server, `${unique('to')}@example.com`, 5);
    const a = await createLine(from.client);
    const b = await createLine(from.client);
    const before = [await balanceOf(suite.server, from.id), await balanceOf(suite.server, to.id)];

    const moved = await give(suite.admin, { ids: [a.id, b.id], target_owner_id: to.id });
    expect(moved).toMatchObject({ action: 'move', succeeded: 2, refused: 0, charged: 0 });
    expect([await balanceOf(suite.server, from.id), await balanceOf(suite.server, to.id)]).toEqual(before);

    // The new owner sees the lines, with their whole history and unchanged dates; the old one does not.
    const seen = await to.client.get(`/api/lines/${a.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ owner_id: to.id, owner_email: to.email, expiry_date: a.expiry_date });
    const events = (await to.client.get(`/api/lines/${a.id}/events`)).body.items as { action: string }[];
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['moved', 'created']));
    expect(events[0]).toMatchObject({ action: 'moved', details: { from: from.email, to: to.email } });
    expect((await from.client.get(`/api/lines/${a.id}`)).status).toBe(404);
    // The new owner renews it at their own price.
    const renewed = await to.client.post(`/api/lines/${a.id}/renew`, { subscription_months: 1 });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.balance).toBe(before[1]! - renewed.body.charged);

    // Given again to its owner: nothing changes, no second `moved` row.
    await give(suite.admin, { ids: [a.id], target_owner_id: to.id });
    const again = (await to.client.get(`/api/lines/${a.id}/events`)).body.items as { action: string }[];
    expect(again.filter((e) => e.action === 'moved')).toHaveLength(1);
  });

  it('credits move only when asked, through the ledger, once with the start', async () => {
    const from = await signUpAccount(suite.server, `${unique('cf')}@example.com`, 30);
    const to = await signUpAccount(suite.server, `${unique('ct')}@example.com`, 1);
    const line = await createLine(from.client);
    const balance = await balanceOf(suite.server, from.id);

    const tooMuch = await startGive(suite.admin, {
      ids: [line.id],
      target_owner_id: to.id,
      credits: balance + 1,
    });
    expect(tooMuch.status).toBe(402);
    expect(tooMuch.body.error.code).toBe('INSUFFICIENT_CREDITS');
    // Refused whole: no job, the line did not move either.
    expect(await ownerOf(line.id)).toBe(from.id);

    const moved = await give(suite.admin, { ids: [line.id], target_owner_id: to.id, credits: 10 });
    expect(moved).toMatchObject({ succeeded: 1 });
    expect(await ownerOf(line.id)).toBe(to.id);
    expect(await balanceOf(suite.server, from.id)).toBe(balance - 10);
    expect(await balanceOf(suite.server, to.id)).toBe(11);
    const rows = await suite.server.built.ctx.db
      .select({ reason: creditLedger.reason, delta: creditLedger.delta })
      .from(creditLedger)
      .where(and(eq(creditLedger.refType, 'line_transfer'), eq(creditLedger.accountId, to.id)));
    expect(rows).toEqual([{ reason: 'transfer_in', delta: 10 }]);
    for (const account of [from, to]) await expectLedgerMatches(account.id);

    // Lines of two owners cannot carry credits: whose would they be?
    const other = await createLine(from.client);
    const mixed = await startGive(suite.admin, {
      ids: [line.id, other.id],
      target_owner_id: from.id,
      credits: 1,
    });
    expect(mixed.status).toBe(422);
    expect(mixed.body.error.code).toBe('LINE_TRANSFER_CREDITS_ONE_OWNER');
    // Nor does any other bulk action.
    const renew = await suite.admin.post('/api/lines/bulk', {
      action: 'renew',
      ids: [other.id],
      subscription_months: 1,
      credits: 1,
    });
    expect(renew.status).toBe(422);
    expect(renew.body.error.code).toBe('LINE_BULK_CREDITS_MOVE_ONLY');
    for (const account of [from, to]) await expectLedgerMatches(account.id);
  });

  it('a parent moves lines within its own tree only', async () => {
    const parent = await signUpAccount(suite.server, `${unique('parent')}@example.com`, 100);
    const [a, b] = [await subAccount(parent, 20), await subAccount(parent, 20)];
    const line = await createLine(a.client);

    const moved = await give(parent.client, { ids: [line.id], target_owner_id: b.id });
    expect(moved).toMatchObject({ succeeded: 1, refused: 0 });
    expect(await ownerOf(line.id)).toBe(b.id);
    expect((await b.client.get(`/api/lines/${line.id}`)).status).toBe(200);
    // And back to the parent itself.
    expect(await give(parent.client, { ids: [line.id], target_owner_id: parent.id })).toMatchObject({
      succeeded: 1,
    });
    expect(await ownerOf(line.id)).toBe(parent.id);

    // A target outside the mover's tree: refused (preview and start), nothing changed.
    const stranger = await signUpAccount(suite.server, `${unique('out')}@example.com`, 5);
    for (const path of ['/api/lines/bulk/preview', '/api/lines/bulk']) {
      const outside = await parent.client.post(path, {
        action: 'move',
        ids: [line.id],
        target_owner_id: stranger.id,
      });
      expect(outside.status).toBe(404);
      expect(outside.body.error.code).toBe('LINE_TRANSFER_TARGET_NOT_FOUND');
    }
    expect(await ownerOf(line.id)).toBe(parent.id);

    // A sub-reseller cannot give its own lines up to the parent (above it), nor take the parent's.
    const subLine = await createLine(a.client);
    const up = await startGive(a.client, { ids: [subLine.id], target_owner_id: parent.id });
    expect(up.status).toBe(404);
    expect(up.body.error.code).toBe('LINE_TRANSFER_TARGET_NOT_FOUND');
    const grab = await startGive(a.client, { ids: [line.id], target_owner_id: a.id });
    expect(grab.status).toBe(422);
    expect(grab.body.error.code).toBe('LINE_BULK_NOTHING_SELECTED');
    // Mixed with one of its own, the parent's line is refused as not found and stays the parent's.
    const mixed = await give(a.client, { ids: [subLine.id, line.id], target_owner_id: a.id });
    expect(mixed).toMatchObject({ succeeded: 1, refused: 1 });
    expect(mixed.refusals).toEqual([expect.objectContaining({ line_id: line.id, code: 'LINE_NOT_FOUND' })]);
    expect(await ownerOf(line.id)).toBe(parent.id);

    // A target that cannot own lines (a plain user) is refused.
    const plain = await signUpAccount(suite.server, `${unique('plain')}@example.com`);
    const notReseller = await startGive(suite.admin, { ids: [line.id], target_owner_id: plain.id });
    expect(notReseller.status).toBe(409);
    expect(notReseller.body.error.code).toBe('LINE_TRANSFER_TARGET_NOT_RESELLER');
    expect(await ownerOf(line.id)).toBe(parent.id);
  });

  it("refuses lines that would pass the target's line limit, named with the account", async () => {
    const parent = await signUpAccount(suite.server, `${unique('lim')}@example.com`, 100);
    const full = await subAccount(parent, 10);
    await createLine(full.client);
    const set = await suite.admin.put(`/api/accounts/${full.id}/limits`, {
      ...defaultResellerLimits,
      max_lines: 2,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const l1 = await createLine(parent.client);
    const l2 = await createLine(parent.client);

    for (const path of ['/api/lines/bulk/preview', '/api/lines/bulk']) {
      const over = await parent.client.post(path, {
        action: 'move',
        ids: [l1.id, l2.id],
        target_owner_id: full.id,
      });
      expect(over.status).toBe(409);
      expect(over.body.error).toMatchObject({
        code: 'LINE_LIMIT_REACHED',
        details: { params: { limit: 2, account: full.email } },
      });
    }
    expect([await ownerOf(l1.id), await ownerOf(l2.id)]).toEqual([parent.id, parent.id]);

    // Two gives of one line each at once, room for one: whichever comes second is refused (whole at
    // its start, or its line when its job runs), and the limit is never passed.
    const [first, second] = await Promise.all([
      startGive(parent.client, { ids: [l1.id], target_owner_id: full.id }),
      startGive(parent.client, { ids: [l2.id], target_owner_id: full.id }),
    ]);
    const jobs = [];
    for (const res of [first, second]) {
      if (res.status === 409) expect(res.body.error.code).toBe('LINE_LIMIT_REACHED');
      else {
        expect(res.status, JSON.stringify(res.body)).toBe(202);
        jobs.push(await bulkJobDone(parent.client, res.body.id));
      }
    }
    const owners = [await ownerOf(l1.id), await ownerOf(l2.id)];
    expect(owners.filter((owner) => owner === full.id)).toHaveLength(1);
    const refusals = jobs.flatMap((job) => job.refusals as { code: string }[]);
    expect(refusals.every((item) => item.code === 'LINE_LIMIT_REACHED')).toBe(true);
  });

  it('two moves at once: each line has one owner, one history row per move, ledger = balance', async () => {
    const x = await signUpAccount(suite.server, `${unique('rx')}@example.com`, 100);
    const y = await signUpAccount(suite.server, `${unique('ry')}@example.com`, 100);
    for (let attempt = 0; attempt < 3; attempt++) {
      const xs = [await createLine(x.client), await createLine(x.client)];
      const ys = [await createLine(y.client), await createLine(y.client)];
      // Opposite directions with credits (the two balances' locks in both orders), and a third move
      // racing for the same lines.
      const started = await Promise.all([
        startGive(suite.admin, { ids: xs.map((l) => l.id), target_owner_id: y.id, credits: 3 }),
        startGive(suite.admin, { ids: ys.map((l) => l.id), target_owner_id: x.id, credits: 5 }),
        startGive(suite.admin, { ids: xs.map((l) => l.id), target_owner_id: x.id }),
      ]);
      for (const res of started) {
        expect(res.status, JSON.stringify(res.body)).toBe(202);
        await bulkJobDone(suite.admin, res.body.id);
      }
      for (const line of ys) expect(await ownerOf(line.id)).toBe(x.id);
      // However the two moves of each of xs were ordered (a job moves line by line), its owner is the
      // last one's and each move that changed it wrote one history row: to y alone (the move back
      // came first and changed nothing), or to y and back to x.
      for (const line of xs) {
        const owner = await ownerOf(line.id);
        expect([x.id, y.id]).toContain(owner);
        const events = (await suite.admin.get(`/api/lines/${line.id}/events`)).body.items as {
          action: string;
        }[];
        expect(events.filter((e) => e.action === 'moved')).toHaveLength(owner === y.id ? 1 : 2);
      }
      for (const account of [x, y]) await expectLedgerMatches(account.id);
    }
  });
});
