import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUsers, creditLedger as ledgerTable } from '../src/db/schema.js';
import { creditLedger } from '../src/modules/credits/credit-ledger.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const PASSWORD = 'credits-password-1';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(async () => server?.close());

async function signIn(email: string): Promise<TestClient> {
  const client = server.client();
  const res = await client.post('/api/auth/sign-in', { email, password: PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return client;
}

async function createAccount(by: TestClient, email: string) {
  const res = await by.post('/api/accounts', { email, password: PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.account.id as string;
}

/** A reseller with `credits` and a fresh session (its group is read when the session is used). */
async function reseller(email: string, credits: number) {
  const id = await createAccount(admin, email);
  if (credits > 0) {
    const res = await admin.post(`/api/accounts/${id}/credits`, { amount: credits });
    expect(res.status).toBe(200);
  }
  return { id, client: await signIn(email) };
}

/** The invariant: the ledger sums to the balance, and each row follows from the one before it. */
async function expectLedgerMatchesBalance(accountId: string): Promise<number> {
  const db = server.built.ctx.db;
  const [account] = await db
    .select({ credits: authUsers.credits })
    .from(authUsers)
    .where(eq(authUsers.id, accountId));
  const rows = await db
    .select({ delta: ledgerTable.delta, balanceAfter: ledgerTable.balanceAfter })
    .from(ledgerTable)
    .where(eq(ledgerTable.accountId, accountId))
    .orderBy(asc(ledgerTable.id));
  let running = 0;
  for (const row of rows) {
    running += row.delta;
    expect(row.balanceAfter).toBe(running);
    expect(row.balanceAfter).toBeGreaterThanOrEqual(0);
  }
  expect(running).toBe(account!.credits);
  return account!.credits;
}

describe('add and set credits', () => {
  it('adds credits, moves a Users account to Resellers and writes a ledger row with the actor', async () => {
    const id = await createAccount(admin, 'add.target@example.com');
    const res = await admin.post(`/api/accounts/${id}/credits`, { amount: 25, note: 'welcome' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      account_id: id,
      credits: 25,
      group_id: 2,
      kind: 'add',
      actor_credits: null,
    });
    expect(res.body.entry).toMatchObject({
      account_id: id,
      delta: 25,
      balance_after: 25,
      reason: 'add',
      actor_email: 'admin@example.com',
      note: 'welcome',
    });
    const client = await signIn('add.target@example.com');
    const me = await client.get('/api/me');
    expect(me.body).toMatchObject({ credits: 25, group_id: 2, group_name: 'Resellers' });
    await expectLedgerMatchesBalance(id);
  });

  it("refuses amounts that are not above 0 with 'Credits must be greater than 0'", async () => {
    const id = await createAccount(admin, 'amounts@example.com');
    for (const amount of [0, -5, 1.5, '10']) {
      const res = await admin.post(`/api/accounts/${id}/credits`, { amount });
      expect(res.status, String(amount)).toBe(422);
      expect(res.body.error).toMatchObject({
        code: 'CREDITS_NOT_POSITIVE',
        message: 'Credits must be greater than 0',
      });
    }
    const malformed = await admin.post('/api/accounts/bad%20id/credits', { amount: 5 });
    expect(malformed.body.error).toMatchObject({ code: 'INVALID_USER_ID', message: 'Invalid user ID' });
    const unknown = await admin.post('/api/accounts/no-such-account/credits', { amount: 5 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'USER_NOT_FOUND', message: 'User not found' });
    expect(await expectLedgerMatchesBalance(id)).toBe(0);
  });

  it("sets a balance (admin only), recorded as the difference; 'Credits cannot be negative'", async () => {
    const id = await createAccount(admin, 'set.target@example.com');
    const set = await admin.put(`/api/accounts/${id}/credits`, { credits: 40 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ credits: 40, group_id: 2, kind: 'set' });
    expect(set.body.entry).toMatchObject({ delta: 40, reason: 'set', balance_after: 40 });
    const lower = await admin.put(`/api/accounts/${id}/credits`, { credits: 15 });
    expect(lower.body.entry).toMatchObject({ delta: -25, balance_after: 15 });
    const same = await admin.put(`/api/accounts/${id}/credits`, { credits: 15 });
    expect(same.body).toMatchObject({ credits: 15, entry: null });

    const negative = await admin.put(`/api/accounts/${id}/credits`, { credits: -1 });
    expect(negative.status).toBe(422);
    expect(negative.body.error).toMatchObject({
      code: 'CREDITS_NEGATIVE',
      message: 'Credits cannot be negative',
    });

    const seller = await reseller('set.seller@example.com', 10);
    const refused = await seller.client.put(`/api/accounts/${id}/credits`, { credits: 100 });
    expect(refused.status).toBe(403);
    expect(await expectLedgerMatchesBalance(id)).toBe(15);
  });

  it('refuses add credits to accounts without add_credits', async () => {
    const plainId = await createAccount(admin, 'plain.adder@example.com');
    const plain = await signIn('plain.adder@example.com');
    const res = await plain.post(`/api/accounts/${plainId}/credits`, { amount: 5 });
    expect(res.status).toBe(403);
  });
});

describe('reseller transfers', () => {
  it("turns a reseller's add into a transfer from its own balance, never more than it holds", async () => {
    const seller = await reseller('transfer.seller@example.com', 10);
    const subId = await createAccount(seller.client, 'transfer.sub@example.com');

    const added = await seller.client.post(`/api/accounts/${subId}/credits`, { amount: 4 });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ kind: 'transfer', credits: 4, group_id: 2, actor_credits: 6 });
    expect(added.body.entry).toMatchObject({
      reason: 'transfer_in',
      delta: 4,
      ref_type: 'account',
      ref_id: seller.id,
    });

    const explicit = await seller.client.post(`/api/accounts/${subId}/transfer`, { amount: 6 });
    expect(explicit.body).toMatchObject({ credits: 10, actor_credits: 0 });

    const tooMuch = await seller.client.post(`/api/accounts/${subId}/transfer`, { amount: 1 });
    expect(tooMuch.status).toBe(402);
    expect(tooMuch.body.error).toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      message: 'Insufficient credits. Required: 1, Available: 0',
    });

    const negative = await seller.client.post(`/api/accounts/${subId}/transfer`, { amount: -3 });
    expect(negative.status).toBe(422);
    expect(negative.body.error.message).toBe('Credits must be greater than 0');

    const own = await seller.client.get('/api/credits/ledger');
    expect(own.body.items.map((e: { reason: string; delta: number }) => [e.reason, e.delta])).toEqual([
      ['transfer_out', -6],
      ['transfer_out', -4],
      ['add', 10],
    ]);
    expect(await expectLedgerMatchesBalance(seller.id)).toBe(0);
    expect(await expectLedgerMatchesBalance(subId)).toBe(10);
  });

  it('lets a reseller move credits only to its own sub-accounts; others answer 404', async () => {
    const seller = await reseller('scope.seller@example.com', 20);
    const rival = await reseller('scope.rival@example.com', 20);
    const rivalSub = await createAccount(rival.client, 'scope.rival.sub@example.com');
    const stranger = await createAccount(admin, 'scope.stranger@example.com');

    for (const target of [rivalSub, stranger, rival.id]) {
      const add = await seller.client.post(`/api/accounts/${target}/credits`, { amount: 1 });
      expect(add.status).toBe(404);
      expect(add.body.error.message).toBe('User not found');
      expect((await seller.client.post(`/api/accounts/${target}/transfer`, { amount: 1 })).status).toBe(404);
      expect((await seller.client.get(`/api/credits/ledger?account_id=${target}`)).status).toBe(404);
    }
    const self = await seller.client.post(`/api/accounts/${seller.id}/transfer`, { amount: 1 });
    expect(self.body.error.code).toBe('TRANSFER_TO_SELF');

    // The rival sees its own sub-account's ledger; the admin sees anyone's.
    await rival.client.post(`/api/accounts/${rivalSub}/transfer`, { amount: 2 });
    const subLedger = await rival.client.get(`/api/credits/ledger?account_id=${rivalSub}`);
    expect(subLedger.body.items).toHaveLength(1);
    expect(subLedger.body.items[0]).toMatchObject({
      reason: 'transfer_in',
      actor_email: 'scope.rival@example.com',
    });
    const adminView = await admin.get(`/api/credits/ledger?account_id=${rivalSub}`);
    expect(adminView.body.total).toBe(1);
    expect(await expectLedgerMatchesBalance(seller.id)).toBe(20);
  });

  it("gives an admin asking for their own ledger only their own movements; without account_id every account's, each naming its account", async () => {
    const first = await reseller('ledger.first@example.com', 7);
    const second = await reseller('ledger.second@example.com', 3);
    const me = await admin.get('/api/me');

    const own = await admin.get(`/api/credits/ledger?account_id=${me.body.id}&page_size=100`);
    expect(own.status).toBe(200);
    expect(own.body.items.filter((e: { account_id: string }) => e.account_id !== me.body.id)).toEqual([]);

    const all = await admin.get('/api/credits/ledger?page_size=100');
    const rows = all.body.items.map((e: { account_id: string; account_email: string; delta: number }) => [
      e.account_id,
      e.account_email,
      e.delta,
    ]);
    expect(rows).toContainEqual([first.id, 'ledger.first@example.com', 7]);
    expect(rows).toContainEqual([second.id, 'ledger.second@example.com', 3]);

    // A reseller without account_id still gets only their own, whatever the admin view shows.
    const sellers = await first.client.get('/api/credits/ledger');
    expect(sellers.body.items.map((e: { account_email: string }) => e.account_email)).toEqual([
      'ledger.first@example.com',
    ]);
  });
});

describe('Idempotency-Key', () => {
  it('returns the first result for a retry and charges once; another body with the key is refused', async () => {
    const id = await createAccount(admin, 'idem.target@example.com');
    const headers = { 'idempotency-key': 'add-once-1' };
    const first = await admin.post(`/api/accounts/${id}/credits`, { amount: 9 }, headers);
    const retry = await admin.post(`/api/accounts/${id}/credits`, { amount: 9 }, headers);
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    const reused = await admin.post(`/api/accounts/${id}/credits`, { amount: 10 }, headers);
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const otherRoute = await admin.put(`/api/accounts/${id}/credits`, { credits: 9 }, headers);
    expect(otherRoute.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');

    // Concurrent retries of one transfer with one key: one transfer, every answer the same.
    const seller = await reseller('idem.seller@example.com', 30);
    const subId = await createAccount(seller.client, 'idem.sub@example.com');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        seller.client.post(`/api/accounts/${subId}/transfer`, { amount: 7 }, { 'idempotency-key': 'tx-42' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    expect(await expectLedgerMatchesBalance(subId)).toBe(7);
    expect(await expectLedgerMatchesBalance(seller.id)).toBe(23);
    expect(await expectLedgerMatchesBalance(id)).toBe(9);

    // A refused request stores nothing: after a top-up the same key acts for real.
    const poorSub = await createAccount(seller.client, 'idem.poor@example.com');
    const tooMuch = await seller.client.post(
      `/api/accounts/${poorSub}/transfer`,
      { amount: 100 },
      { 'idempotency-key': 'big-1' },
    );
    expect(tooMuch.status).toBe(402);
    await admin.post(`/api/accounts/${seller.id}/credits`, { amount: 100 });
    const later = await seller.client.post(
      `/api/accounts/${poorSub}/transfer`,
      { amount: 100 },
      { 'idempotency-key': 'big-1' },
    );
    expect(later.status).toBe(200);
    expect(later.body.credits).toBe(100);
  });
});

describe('concurrency', () => {
  it('keeps ledger = balance and never below 0 under 200 concurrent adds, transfers and spends', async () => {
    const seller = await reseller('busy.seller@example.com', 10);
    const subId = await createAccount(seller.client, 'busy.sub@example.com');
    const ctx = server.built.ctx;

    type Op = { kind: 'add' | 'transfer' | 'spend'; ok: boolean };
    const ops: Promise<Op>[] = [];
    for (let i = 0; i < 200; i++) {
      const kind = (['add', 'transfer', 'spend'] as const)[i % 3]!;
      if (kind === 'add') {
        ops.push(
          admin
            .post(`/api/accounts/${seller.id}/credits`, { amount: 3 })
            .then((r) => ({ kind, ok: r.status === 200 })),
        );
      } else if (kind === 'transfer') {
        ops.push(
          seller.client.post(`/api/accounts/${subId}/transfer`, { amount: 2 }).then((r) => {
            if (r.status !== 200) expect(r.body.error.code).toBe('INSUFFICIENT_CREDITS');
            return { kind, ok: r.status === 200 };
          }),
        );
      } else {
        // What a line purchase does: spend inside its own transaction through the ledger.
        ops.push(
          ctx.db
            .transaction((tx) =>
              creditLedger.change(tx, {
                accountId: seller.id,
                delta: -4,
                reason: 'line_create',
                actorId: seller.id,
              }),
            )
            .then(
              () => ({ kind, ok: true }),
              (error: { code?: string }) => {
                expect(error.code).toBe('INSUFFICIENT_CREDITS');
                return { kind, ok: false };
              },
            ),
        );
      }
    }
    const done = await Promise.all(ops);
    const okCount = (kind: Op['kind']) => done.filter((d) => d.kind === kind && d.ok).length;
    expect(okCount('add')).toBe(67);
    expect(okCount('transfer')).toBeGreaterThan(0);

    const expected = 10 + 3 * okCount('add') - 2 * okCount('transfer') - 4 * okCount('spend');
    expect(await expectLedgerMatchesBalance(seller.id)).toBe(expected);
    expect(await expectLedgerMatchesBalance(subId)).toBe(2 * okCount('transfer'));
    const [negative] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerTable)
      .where(sql`${ledgerTable.balanceAfter} < 0`);
    expect(negative!.n).toBe(0);
  });
});

describe('OpenAPI', () => {
  it('documents the Idempotency-Key header on every credit-moving endpoint', async () => {
    const doc = (await server.client().get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const moving = [
      ['/api/accounts/{id}/credits', 'post'],
      ['/api/accounts/{id}/credits', 'put'],
      ['/api/accounts/{id}/transfer', 'post'],
      ['/api/redeem', 'post'],
      ['/api/topups/{id}/approve', 'post'],
    ] as const;
    for (const [path, method] of moving) {
      const parameters = doc.paths[path]?.[method]?.parameters ?? [];
      expect(
        parameters.some((p) => p.in === 'header' && p.name === 'idempotency-key'),
        `${method} ${path}`,
      ).toBe(true);
    }
    expect(doc.paths['/api/credits/ledger']?.get).toBeDefined();
  });
});
