import { randomUUID } from 'node:crypto';
import { USER_GROUP_ID } from '@linedesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, redeemCodes } from '../src/db/schema.js';
import { insertAccount } from '../src/modules/accounts/accounts.service.js';
import { hashPassword } from '../src/platform/password.js';
import type { TestClient } from './support/test-client.js';
import { openEventStream } from './support/event-stream.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const PASSWORD = 'redeem-password-1';
const CODE_FORMAT = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;

let server: TestServer;
let admin: TestClient;
let userCounter = 0;
let passwordHash: string | undefined;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(async () => server?.close());

type User = { id: string; email: string; client: TestClient };

/**
 * Real accounts, each signed in over HTTP with its own session. They are written in-process with one
 * shared argon2 hash of the password (hashing 100 passwords one by one would dominate the run).
 */
async function createUsers(count: number): Promise<User[]> {
  passwordHash ??= await hashPassword(PASSWORD);
  const users: User[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - start) }, async () => {
        userCounter += 1;
        const email = `redeemer${userCounter}@example.com`;
        const id = randomUUID();
        await insertAccount(
          server.built.ctx.db,
          {
            id,
            email,
            name: '',
            username: email,
            emailVerified: true,
            groupId: USER_GROUP_ID,
            ownerId: null,
            notes: null,
          },
          passwordHash!,
        );
        const client = server.client();
        const signIn = await client.post('/api/auth/sign-in', { email, password: PASSWORD });
        expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
        return { id, email, client };
      }),
    );
    users.push(...batch);
  }
  return users;
}

async function createCodes(body: Record<string, unknown>): Promise<{ id: number; code: string }[]> {
  const res = await admin.post('/api/redeem-codes', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.items;
}

describe('redeem codes (admin)', () => {
  it('creates a batch of random codes shown once; lists them with times_used but without the codes', async () => {
    const codes = await createCodes({ credits: 10, count: 5, description: 'Spring batch' });
    expect(codes).toHaveLength(5);
    for (const code of codes) {
      expect(code.code).toMatch(CODE_FORMAT);
      expect(code).toMatchObject({
        credits: 10,
        max_uses: 1,
        times_used: 0,
        is_active: true,
        status: 'valid',
      });
    }
    expect(new Set(codes.map((c) => c.code)).size).toBe(5);

    const list = await admin.get('/api/redeem-codes?search=Spring');
    expect(list.body.total).toBe(5);
    for (const item of list.body.items) {
      expect(item).not.toHaveProperty('code');
      expect(item.code_hint).toMatch(/^••••-••••-••••-[A-Z2-9]{4}$/);
      expect(item.created_by_email).toBe('admin@example.com');
    }
    expect(JSON.stringify(list.body)).not.toContain(codes[0]!.code);

    const tooMany = await admin.post('/api/redeem-codes', { credits: 1, count: 1001 });
    expect(tooMany.status).toBe(422);
    const zero = await admin.post('/api/redeem-codes', { credits: 0 });
    expect(zero.body.error.message).toBe('Credits must be greater than 0');
    const past = await admin.post('/api/redeem-codes', { credits: 1, expires_at: '2020-01-01T00:00:00Z' });
    expect(past.body.error.code).toBe('EXPIRY_IN_PAST');
  });

  it('is admin-only: users get 403, and see no codes', async () => {
    const [user] = await createUsers(1);
    expect((await user!.client.get('/api/redeem-codes')).status).toBe(403);
    expect((await user!.client.post('/api/redeem-codes', { credits: 5 })).status).toBe(403);
  });

  it('deactivates, reactivates and deletes codes; history survives a deletion', async () => {
    const [code] = await createCodes({ credits: 3 });
    const [user] = await createUsers(1);
    const off = await admin.patch(`/api/redeem-codes/${code!.id}`, {
      is_active: false,
      description: 'paused',
    });
    expect(off.body).toMatchObject({ is_active: false, status: 'inactive', description: 'paused' });
    const refused = await user!.client.post('/api/redeem', { code: code!.code });
    expect(refused.body.error).toEqual({
      code: 'INVALID_OR_EXPIRED_CODE',
      message: 'Invalid or expired code',
    });

    await admin.patch(`/api/redeem-codes/${code!.id}`, { is_active: true });
    expect((await user!.client.post('/api/redeem', { code: code!.code })).status).toBe(200);

    expect((await admin.delete(`/api/redeem-codes/${code!.id}`)).status).toBe(204);
    const gone = await admin.delete(`/api/redeem-codes/${code!.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('Redeem code not found');
    const history = await user!.client.get('/api/redeem-history');
    expect(history.body.items.map((h: { status: string }) => h.status)).toEqual(['success', 'error']);
    expect(history.body.items[0]).toMatchObject({ code_id: null, credits: 3 });
  });
});

describe('redeeming', () => {
  it('adds the credits through the ledger, raises times_used and moves the user to Resellers', async () => {
    const [code] = await createCodes({ credits: 12 });
    const [user] = await createUsers(1);
    // Codes may be typed in lower case and without dashes.
    const res = await user!.client.post('/api/redeem', {
      code: code!.code.replaceAll('-', '').toLowerCase(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Code redeemed successfully',
      credits: 12,
      balance: 12,
    });

    const me = await user!.client.get('/api/me');
    expect(me.body).toMatchObject({ credits: 12, group_id: 2 });
    const ledger = await user!.client.get('/api/credits/ledger');
    expect(ledger.body.items[0]).toMatchObject({
      reason: 'redeem',
      delta: 12,
      ref_type: 'redeem_code',
      ref_id: String(code!.id),
    });
    const listed = await admin.get('/api/redeem-codes?status=used_up');
    expect(listed.body.items.find((c: { id: number }) => c.id === code!.id)).toMatchObject({ times_used: 1 });

    const again = await user!.client.post('/api/redeem', { code: code!.code });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: 'CODE_ALREADY_REDEEMED',
      message: 'Code already redeemed by this user',
    });
  });

  it("answers 'Invalid or expired code' for unknown, expired and used-up codes and records the failures", async () => {
    const [single] = await createCodes({ credits: 5 });
    const [expiring] = await createCodes({
      credits: 5,
      expires_at: new Date(Date.now() + 60_000).toISOString(),
    });
    await server.built.ctx.db
      .update(redeemCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(redeemCodes.id, expiring!.id));
    const [first, second] = await createUsers(2);
    expect((await first!.client.post('/api/redeem', { code: single!.code })).status).toBe(200);

    for (const code of ['AAAA-BBBB-CCCC-DDDD', expiring!.code, single!.code]) {
      const res = await second!.client.post('/api/redeem', { code });
      expect(res.status, code).toBe(422);
      expect(res.body.error).toEqual({ code: 'INVALID_OR_EXPIRED_CODE', message: 'Invalid or expired code' });
    }
    const history = await second!.client.get('/api/redeem-history');
    expect(history.body.total).toBe(3);
    expect(history.body.items.every((h: { status: string }) => h.status === 'error')).toBe(true);
    expect(history.body.items.map((h: { code_hint: string }) => h.code_hint)).toContain(
      '••••-••••-••••-DDDD',
    );
    expect((await second!.client.get('/api/me')).body.credits).toBe(0);

    // Users see only their own attempts; admins see everyone's.
    const own = await first!.client.get('/api/redeem-history');
    expect(own.body.items.every((h: { user_id: string }) => h.user_id === first!.id)).toBe(true);
    const all = await admin.get(`/api/redeem-history?user_id=${second!.id}&status=error`);
    expect(all.body.total).toBe(3);
    expect(all.body.items[0].user_email).toBe(second!.email);
  });

  it('lets each user redeem a multi-use code once, until max_uses is reached', async () => {
    const [code] = await createCodes({ credits: 2, max_uses: 3 });
    const users = await createUsers(4);
    for (const user of users.slice(0, 3)) {
      expect((await user.client.post('/api/redeem', { code: code!.code })).status).toBe(200);
    }
    const again = await users[0]!.client.post('/api/redeem', { code: code!.code });
    expect(again.body.error.code).toBe('CODE_ALREADY_REDEEMED');
    const fourth = await users[3]!.client.post('/api/redeem', { code: code!.code });
    expect(fourth.body.error.code).toBe('INVALID_OR_EXPIRED_CODE');
  });

  it('refuses more than 10 failed redemptions per hour with 429, even for a valid code', async () => {
    const [code] = await createCodes({ credits: 4 });
    const [user] = await createUsers(1);
    for (let i = 0; i < 10; i++) {
      const res = await user!.client.post('/api/redeem', { code: `WRONG-CODE-${i}` });
      expect(res.status).toBe(422);
    }
    const limited = await user!.client.post('/api/redeem', { code: code!.code });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    // The first failure leaves the hour's window in just under an hour: then a try is allowed again.
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await user!.client.get('/api/me')).body.credits).toBe(0);
    // The limit is per account: another user still redeems it.
    const [other] = await createUsers(1);
    expect((await other!.client.post('/api/redeem', { code: code!.code })).status).toBe(200);
  });

  it("tells an admin's open event stream about a failed attempt, as about a success", async () => {
    const stream = await openEventStream(server, admin);
    try {
      const [user] = await createUsers(1);
      const failed = await user!.client.post('/api/redeem', { code: 'NOT-A-REAL-CODE' });
      expect(failed.status).toBe(422);
      expect(await stream.next('redeem_codes')).not.toBeNull();
      const history = await admin.get(`/api/redeem-history?user_id=${user!.id}`);
      expect(history.body.items).toMatchObject([{ status: 'error' }]);
    } finally {
      stream.close();
    }
  });

  it('replays an idempotent retry instead of answering "already redeemed"', async () => {
    const [code] = await createCodes({ credits: 6 });
    const [user] = await createUsers(1);
    const headers = { 'idempotency-key': 'redeem-retry-1' };
    const first = await user!.client.post('/api/redeem', { code: code!.code }, headers);
    const retry = await user!.client.post('/api/redeem', { code: code!.code }, headers);
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect((await user!.client.get('/api/me')).body.credits).toBe(6);
  });
});

describe('concurrent redemptions', () => {
  it('gives a single-use code to exactly one of 100 users redeeming it at once', async () => {
    const [code] = await createCodes({ credits: 15 });
    const users = await createUsers(100);
    const results = await Promise.all(users.map((u) => u.client.post('/api/redeem', { code: code!.code })));

    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.body.error.code).toBe('INVALID_OR_EXPIRED_CODE');
    }
    const db = server.built.ctx.db;
    const [row] = await db.select().from(redeemCodes).where(eq(redeemCodes.id, code!.id));
    expect(row!.timesUsed).toBe(1);
    const entries = await db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.refId, String(code!.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ delta: 15, balanceAfter: 15, reason: 'redeem' });

    const balances = await Promise.all(users.map((u) => u.client.get('/api/me')));
    expect(
      balances
        .map((b) => b.body.credits)
        .sort((a, b) => b - a)
        .slice(0, 2),
    ).toEqual([15, 0]);
    const history = await admin.get(`/api/redeem-history?page_size=100&status=success`);
    expect(history.body.items.filter((h: { code_id: number }) => h.code_id === code!.id)).toHaveLength(1);
  }, 180_000);

  it('lets one user redeem a code only once even when the requests race', async () => {
    const [single] = await createCodes({ credits: 8 });
    const [multi] = await createCodes({ credits: 8, max_uses: 10 });
    // One user per code: the losers' failed attempts count towards the hourly limit.
    const racers = await createUsers(2);
    for (const [index, code] of [single!, multi!].entries()) {
      const user = racers[index]!;
      const results = await Promise.all(
        Array.from({ length: 10 }, () => user.client.post('/api/redeem', { code: code.code })),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(['CODE_ALREADY_REDEEMED', 'INVALID_OR_EXPIRED_CODE']).toContain(r.body.error.code);
      }
      expect((await user.client.get('/api/me')).body.credits).toBe(8);
    }
    const [row] = await server.built.ctx.db.select().from(redeemCodes).where(eq(redeemCodes.id, multi!.id));
    expect(row!.timesUsed).toBe(1);
  });
});
