import { addDays, addMonths, isoDate } from '@linedesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger } from '../src/db/schema.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import {
  addAgentServer,
  agentUsers,
  balanceOf,
  display,
  grantCredits,
  signUpAccount,
  type Account,
} from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { openEventStream, readPastNow } from './support/event-stream.js';
import { waitFor } from './support/wait-for.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const today = () => isoDate(new Date());

describe('lines', () => {
  let server: TestServer;
  let admin: TestClient;
  let agent: TestAgent;
  const onExit: (() => Promise<void>)[] = [];
  let agentServer: { id: number; host_ip: string; port: number };
  let resellerA: Account;
  let resellerB: Account;
  let counter = 0;
  const name = (prefix = 'line') => `${prefix}${++counter}x${Date.now().toString(36)}`;

  const create = async (client: TestClient, body: Record<string, unknown> = {}) => {
    const res = await client.post('/api/lines', {
      username: name(),
      password: 'pw-1234',
      subscription_months: 1,
      ...body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { line: any; sync: any; charged: number; balance: number | null };
  };
  const ledgerRows = (accountId: string) =>
    server.built.ctx.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.accountId, accountId)));

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
    });
    admin = await server.admin();
    agent = await startLineAgent();
    [resellerA, resellerB] = await Promise.all([
      signUpAccount(server, 'reseller-a@example.com', 100),
      signUpAccount(server, 'reseller-b@example.com', 100),
    ]);
    // Every test below may run alone: each makes what it needs besides this one active server.
    agentServer = await addAgentServer(admin, agent);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
    await Promise.all(onExit.map((run) => run()));
  });

  it('answers 401 signed out and 403 to a plain user (group 3), who has no lines', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/lines')).status).toBe(401);
    const plain = await signUpAccount(server, 'plain@example.com');
    for (const res of [
      await plain.client.get('/api/lines'),
      await plain.client.post('/api/lines', { username: 'x', password: 'y', subscription_months: 1 }),
      await plain.client.get('/api/lines/export.csv'),
      await plain.client.get('/api/line-settings'),
      await plain.client.get('/api/lines/1'),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
  });

  it("refuses a create with 'No active servers available' while no server is active", async () => {
    // A panel of its own: the one this file shares has an active server from the start.
    const bare = await startTestServer({ SERVER_CHECK_INTERVAL_SECONDS: '0' });
    try {
      const reseller = await signUpAccount(bare, 'early@example.com', 100);
      const res = await reseller.client.post('/api/lines', {
        username: 'early',
        password: 'pw',
        subscription_months: 1,
      });
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({
        code: 'LINE_NO_ACTIVE_SERVERS',
        message: 'No active servers available',
      });
      expect(await balanceOf(bare, reseller.id)).toBe(100);
    } finally {
      await bare.close();
    }
  });

  it("refuses a missing username or password with 'Username and password are required'", async () => {
    const before = await balanceOf(server, resellerA.id);
    for (const body of [
      { password: 'pw', subscription_months: 1 },
      { username: 'someone', subscription_months: 1 },
      { username: '  ', password: 'pw', subscription_months: 1 },
      { username: 'someone', password: '', subscription_months: 1 },
      { username: null, password: null, subscription_months: 1 },
    ]) {
      const res = await resellerA.client.post('/api/lines', body);
      expect(res.status).toBe(422);
      expect(res.body.error).toEqual({
        code: 'LINE_CREDENTIALS_REQUIRED',
        message: 'Username and password are required',
      });
    }
    const spaced = await resellerA.client.post('/api/lines', {
      username: 'two words',
      password: 'pw',
      subscription_months: 1,
    });
    expect(spaced.body.error.code).toBe('LINE_INVALID_USERNAME');
    const braces = await resellerA.client.post('/api/lines', {
      username: 'fine',
      password: 'a{b}',
      subscription_months: 1,
    });
    expect(braces.body.error.code).toBe('LINE_INVALID_PASSWORD');
    for (const months of [0, 2, 36, null]) {
      const res = await resellerA.client.post('/api/lines', {
        username: 'fine',
        password: 'pw',
        subscription_months: months,
      });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('LINE_INVALID_DURATION');
    }
    expect(await balanceOf(server, resellerA.id)).toBe(before);
  });

  it('creates a line for a reseller: charged at the spec price, owned by them, live on the agent', async () => {
    const before = await balanceOf(server, resellerA.id);
    const username = name('alice');
    const res = await resellerA.client.post('/api/lines', {
      username,
      password: 'secret-1',
      subscription_months: 3,
      notes: ' VIP ',
      name: 'Alice',
    });
    expect(res.status).toBe(201);
    expect(res.body.sync).toEqual({ ok: true, code: null, message: null, params: null });
    expect(res.body.charged).toBe(4);
    expect(res.body.balance).toBe(before - 4);
    expect(res.body.line).toMatchObject({
      username,
      password: 'secret-1',
      protocol: 'cccam',
      host_port: [`127.0.0.1:${agentServer.port}`],
      added_date: today(),
      expiry_date: addMonths(today(), 3),
      live_channel: 'Info',
      info: 'Info',
      notes: 'VIP',
      name: 'Alice',
      enabled: true,
      status: 'active',
      owner_id: resellerA.id,
      owner_email: resellerA.email,
      server_id: agentServer.id,
      server_name: 'Agent',
      is_trial: false,
      subscription_months: 3,
      sync_state: 'synced',
      sync_error: null,
    });
    expect(res.body.line.synced_at).not.toBeNull();
    expect(await balanceOf(server, resellerA.id)).toBe(before - 4);
    const ledger = (await ledgerRows(resellerA.id)).filter((r) => r.refId === String(res.body.line.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: -4, reason: 'line_create', balanceAfter: before - 4 });

    const users = await agentUsers(agent);
    expect(users).toContainEqual({ username, expiryDate: display(addMonths(today(), 3)), enabled: true });

    const me = await resellerA.client.get('/api/me');
    expect(me.body.credits).toBe(before - 4);
  });

  it('charges 2, 4, 6, 10 and 15 credits for 1, 3, 6, 12 and 24 months', async () => {
    const prices: [number, number][] = [
      [1, 2],
      [3, 4],
      [6, 6],
      [12, 10],
      [24, 15],
    ];
    for (const [months, price] of prices) {
      const before = await balanceOf(server, resellerB.id);
      const created = await create(resellerB.client, { subscription_months: months });
      expect(created.charged).toBe(price);
      expect(created.line.expiry_date).toBe(addMonths(today(), months));
      expect(await balanceOf(server, resellerB.id)).toBe(before - price);
    }
  });

  it("refuses a duplicate username with 'Username already exists. Please choose a different username.'", async () => {
    const first = await create(resellerA.client);
    const before = await balanceOf(server, resellerB.id);
    const res = await resellerB.client.post('/api/lines', {
      username: first.line.username,
      password: 'other',
      subscription_months: 1,
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'LINE_USERNAME_TAKEN',
      message: 'Username already exists. Please choose a different username.',
    });
    expect(await balanceOf(server, resellerB.id)).toBe(before);
  });

  it('lets exactly one of several concurrent creates with the same username through', async () => {
    const username = name('race');
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        resellerB.client.post('/api/lines', { username, password: 'pw', subscription_months: 1 }),
      ),
    );
    const won = results.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(7);
    // All from one reseller: the others are told the line is theirs, and which one it is.
    for (const r of refused) {
      expect(r.body.error.code).toBe('LINE_USERNAME_YOURS');
      expect(r.body.error.details.params).toEqual({ line_id: won[0]!.body.line.id, username });
    }
    const list = await admin.get(`/api/lines?search=${username}`);
    expect(list.body.total).toBe(1);
  });

  it("refuses a create the balance cannot pay with 'Insufficient credits. Required: X, Available: Y' and charges nothing", async () => {
    const poor = await signUpAccount(server, 'poor@example.com', 5);
    const username = name('poor');
    const res = await poor.client.post('/api/lines', {
      username,
      password: 'pw',
      subscription_months: 12,
    });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      message: 'Insufficient credits. Required: 10, Available: 5',
    });
    expect(await balanceOf(server, poor.id)).toBe(5);
    expect((await poor.client.get('/api/lines')).body.total).toBe(0);
    expect(await agentUsers(agent)).not.toContainEqual(expect.objectContaining({ username }));
    // The failed create left the name free.
    const cheaper = await poor.client.post('/api/lines', {
      username,
      password: 'pw',
      subscription_months: 3,
    });
    expect(cheaper.status).toBe(201);
    expect(cheaper.body.balance).toBe(1);
  });

  it('50 concurrent creates against a balance for 10 make exactly 10 lines and 10 ledger rows, balance 0', async () => {
    const buyer = await signUpAccount(server, 'concurrent@example.com', 20);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        buyer.client.post('/api/lines', {
          username: `${name('c')}n${i}`,
          password: 'pw',
          subscription_months: 1,
        }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(created).toHaveLength(10);
    for (const r of refused) {
      expect(r.status).toBe(402);
      expect(r.body.error.code).toBe('INSUFFICIENT_CREDITS');
    }
    expect(await balanceOf(server, buyer.id)).toBe(0);
    const spends = (await ledgerRows(buyer.id)).filter((r) => r.reason === 'line_create');
    expect(spends).toHaveLength(10);
    expect(spends.every((r) => r.delta === -2)).toBe(true);
    const list = await buyer.client.get('/api/lines?page_size=100');
    expect(list.body.total).toBe(10);
    expect(new Set(list.body.items.map((l: any) => l.id))).toEqual(
      new Set(created.map((r) => r.body.line.id)),
    );
  });

  it('creates trials free for the admin-set number of days; only admins change it', async () => {
    expect((await resellerA.client.get('/api/line-settings')).body).toMatchObject({ trial_days: 1 });
    const before = await balanceOf(server, resellerA.id);
    const one = await create(resellerA.client, { is_trial: true, subscription_months: null });
    expect(one.charged).toBe(0);
    expect(one.balance).toBe(before);
    expect(one.line).toMatchObject({
      is_trial: true,
      subscription_months: null,
      status: 'trial',
      expiry_date: addDays(today(), 1),
    });

    const refused = await resellerA.client.put('/api/line-settings', { trial_days: 7 });
    expect(refused.status).toBe(403);
    for (const trial_days of [0, 366, 1.5, '3']) {
      const bad = await admin.put('/api/line-settings', { trial_days });
      expect(bad.status).toBe(422);
      expect(bad.body.error.code).toBe('LINE_INVALID_TRIAL_DAYS');
    }
    const set = await admin.put('/api/line-settings', { trial_days: 3 });
    expect(set.body).toMatchObject({ trial_days: 3 });
    expect((await resellerB.client.get('/api/line-settings')).body).toMatchObject({ trial_days: 3 });
    const three = await create(resellerA.client, { is_trial: true });
    expect(three.line.expiry_date).toBe(addDays(today(), 3));
    expect(three.line.subscription_months).toBeNull();
    expect(await balanceOf(server, resellerA.id)).toBe(before);
    await admin.put('/api/line-settings', { trial_days: 1 });
  });

  it('never charges admins; their lines are theirs', async () => {
    const res = await create(admin, { subscription_months: 24 });
    expect(res.charged).toBe(0);
    expect(res.balance).toBeNull();
    const me = await admin.get('/api/me');
    expect(res.line.owner_id).toBe(me.body.id);
    expect(res.line.owner_email).toBe(me.body.email);
  });

  it('uses the picked server when it is active, refuses one that is not, else takes the newest active one', async () => {
    // One agent serves one record: the second server has its own.
    const secondAgent = await startLineAgent();
    onExit.push(() => secondAgent.cleanup());
    const second = await addAgentServer(admin, secondAgent, 'Second');
    const newest = await create(resellerA.client);
    expect(newest.line.server_id).toBe(second.id);
    const picked = await create(resellerA.client, { server_id: agentServer.id });
    expect(picked.line.server_id).toBe(agentServer.id);
    expect(picked.line.server_name).toBe('Agent');

    await admin.patch(`/api/servers/${second.id}`, { status: 'inactive' });
    const inactive = await resellerA.client.post('/api/lines', {
      username: name(),
      password: 'pw',
      subscription_months: 1,
      server_id: second.id,
    });
    expect(inactive.status).toBe(404);
    expect(inactive.body.error.code).toBe('SERVER_NOT_FOUND');
    const missing = await resellerA.client.post('/api/lines', {
      username: name(),
      password: 'pw',
      subscription_months: 1,
      server_id: 999_999,
    });
    expect(missing.status).toBe(404);
    const fallback = await create(resellerA.client);
    expect(fallback.line.server_id).toBe(agentServer.id);
    // The second server shares the agent: drop its line so the agent only holds lines of one server.
    expect((await admin.delete(`/api/lines/${newest.line.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/servers/${second.id}`)).status).toBe(204);
  });

  it('a renew retried with the same Idempotency-Key charges once and returns the first result', async () => {
    const line = (await create(resellerA.client, { subscription_months: 1 })).line;
    const before = await balanceOf(server, resellerA.id);
    const headers = { 'idempotency-key': `renew-${line.id}` };
    const attempts = await Promise.all(
      [1, 2, 3].map(() =>
        resellerA.client.post(`/api/lines/${line.id}/renew`, { subscription_months: 3 }, headers),
      ),
    );
    for (const attempt of attempts) {
      expect(attempt.status, JSON.stringify(attempt.body)).toBe(200);
      expect(attempt.body.charged).toBe(4);
      expect(attempt.body.line.expiry_date).toBe(addMonths(line.expiry_date, 3));
    }
    expect(attempts.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
    expect(await balanceOf(server, resellerA.id)).toBe(before - 4);
    // The same key for another renewal is a mistake, not a retry.
    const reused = await resellerA.client.post(
      `/api/lines/${line.id}/renew`,
      { subscription_months: 6 },
      headers,
    );
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('renews: months added to a valid expiry, to today once expired; charged like a create', async () => {
    const line = (await create(resellerA.client, { subscription_months: 1 })).line;
    const before = await balanceOf(server, resellerA.id);
    const renewed = await resellerA.client.post(`/api/lines/${line.id}/renew`, { subscription_months: 6 });
    expect(renewed.status).toBe(200);
    expect(renewed.body.charged).toBe(6);
    expect(renewed.body.balance).toBe(before - 6);
    expect(renewed.body.sync.ok).toBe(true);
    expect(renewed.body.line.expiry_date).toBe(addMonths(addMonths(today(), 1), 6));
    expect(renewed.body.line.subscription_months).toBe(6);
    const spend = (await ledgerRows(resellerA.id)).filter((r) => r.reason === 'line_renew');
    expect(spend.at(-1)).toMatchObject({ delta: -6, refId: String(line.id), balanceAfter: before - 6 });
    expect(await agentUsers(agent)).toContainEqual({
      username: line.username,
      expiryDate: display(renewed.body.line.expiry_date),
      enabled: true,
    });

    const expiredOn = addDays(today(), -10);
    await admin.patch(`/api/lines/${line.id}`, { expiry_date: expiredOn });
    expect((await resellerA.client.get(`/api/lines/${line.id}`)).body.status).toBe('expired');
    const fromToday = await resellerA.client.post(`/api/lines/${line.id}/renew`, { subscription_months: 1 });
    expect(fromToday.body.line.expiry_date).toBe(addMonths(today(), 1));
    expect(fromToday.body.line.status).toBe('active');

    const trial = (await create(resellerA.client, { is_trial: true })).line;
    const paid = await resellerA.client.post(`/api/lines/${trial.id}/renew`, { subscription_months: 12 });
    expect(paid.body.line).toMatchObject({ is_trial: false, status: 'active', subscription_months: 12 });

    const bad = await resellerA.client.post(`/api/lines/${line.id}/renew`, { subscription_months: 5 });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('LINE_INVALID_DURATION');

    const broke = await signUpAccount(server, 'broke@example.com', 2);
    const own = (await create(broke.client)).line;
    const short = await broke.client.post(`/api/lines/${own.id}/renew`, { subscription_months: 1 });
    expect(short.status).toBe(402);
    expect(short.body.error.message).toBe('Insufficient credits. Required: 2, Available: 0');
    expect((await broke.client.get(`/api/lines/${own.id}`)).body.expiry_date).toBe(own.expiry_date);

    const adminRenew = await admin.post(`/api/lines/${line.id}/renew`, { subscription_months: 24 });
    expect(adminRenew.body.charged).toBe(0);
  });

  it('edits password, notes, name, email, company, host_port; only admins set an expiry date', async () => {
    const line = (await create(resellerA.client)).line;
    const edited = await resellerA.client.patch(`/api/lines/${line.id}`, {
      password: 'new-pass',
      notes: 'moved',
      name: 'Bob',
      email: 'bob@example.com',
      company: 'Bob Ltd',
      host_port: ['tv.example.com:12000', ' ', 'backup.example.com:12001'],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.sync.ok).toBe(true);
    expect(edited.body.line).toMatchObject({
      password: 'new-pass',
      notes: 'moved',
      name: 'Bob',
      email: 'bob@example.com',
      company: 'Bob Ltd',
      host_port: ['tv.example.com:12000', 'backup.example.com:12001'],
      sync_state: 'synced',
    });

    const expiry = await resellerA.client.patch(`/api/lines/${line.id}`, { expiry_date: '2031-01-01' });
    expect(expiry.status).toBe(403);
    expect(expiry.body.error).toEqual({
      code: 'LINE_EXPIRY_ADMIN_ONLY',
      message: 'Only administrators can set an arbitrary expiry date',
    });
    for (const bad of ['2031-02-30', '31-13-2030', 'tomorrow', '1800-01-01', '']) {
      const res = await admin.patch(`/api/lines/${line.id}`, { expiry_date: bad });
      expect(res.status).toBe(422);
      expect(res.body.error).toEqual({
        code: 'LINE_INVALID_EXPIRY_DATE',
        message: 'Invalid expiry date format. Expected DD-MM-YYYY format.',
      });
    }
    const iso = await admin.patch(`/api/lines/${line.id}`, { expiry_date: '2031-01-15' });
    expect(iso.body.line.expiry_date).toBe('2031-01-15');
    const dmy = await admin.patch(`/api/lines/${line.id}`, { expiry_date: '20-02-2032' });
    expect(dmy.body.line.expiry_date).toBe('2032-02-20');
    expect(await agentUsers(agent)).toContainEqual({
      username: line.username,
      expiryDate: '20-02-2032',
      enabled: true,
    });

    const nothing = await resellerA.client.patch(`/api/lines/${line.id}`, {});
    expect(nothing.status).toBe(422);
    expect(nothing.body.error).toEqual({
      code: 'LINE_NOTHING_TO_UPDATE',
      message: 'At least one field to update (password or expiry date) is required',
    });
    const badPassword = await resellerA.client.patch(`/api/lines/${line.id}`, { password: 'has space' });
    expect(badPassword.body.error.code).toBe('LINE_INVALID_PASSWORD');
    // An empty password keeps the current one.
    const kept = await resellerA.client.patch(`/api/lines/${line.id}`, { password: '', notes: null });
    expect(kept.body.line).toMatchObject({ password: 'new-pass', notes: null });
  });

  it('suspends and enables a line, on the agent too', async () => {
    const line = (await create(resellerA.client)).line;
    const off = await resellerA.client.patch(`/api/lines/${line.id}`, { enabled: false });
    expect(off.body.line).toMatchObject({ enabled: false, status: 'suspended', sync_state: 'synced' });
    expect(await agentUsers(agent)).toContainEqual({
      username: line.username,
      expiryDate: display(line.expiry_date),
      enabled: false,
    });
    const on = await resellerA.client.patch(`/api/lines/${line.id}`, { enabled: true });
    expect(on.body.line.status).toBe('active');
    expect(await agentUsers(agent)).toContainEqual({
      username: line.username,
      expiryDate: display(line.expiry_date),
      enabled: true,
    });
  });

  it('deletes a line from the agent and the panel', async () => {
    const line = (await create(resellerA.client)).line;
    const res = await resellerA.client.delete(`/api/lines/${line.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: line.id, sync: { ok: true, code: null, message: null, params: null } });
    expect((await resellerA.client.get(`/api/lines/${line.id}`)).status).toBe(404);
    expect(await agentUsers(agent)).not.toContainEqual(expect.objectContaining({ username: line.username }));
    const again = await resellerA.client.delete(`/api/lines/${line.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toEqual({ code: 'LINE_NOT_FOUND', message: 'Line not found' });
  });

  it("keeps resellers apart: B cannot read, edit, renew, delete, sync or see A's line (404)", async () => {
    const line = (await create(resellerA.client, { notes: 'secret-of-a' })).line;
    const balanceB = await balanceOf(server, resellerB.id);
    const attempts = [
      await resellerB.client.get(`/api/lines/${line.id}`),
      await resellerB.client.patch(`/api/lines/${line.id}`, { notes: 'mine now' }),
      await resellerB.client.patch(`/api/lines/${line.id}`, { enabled: false }),
      await resellerB.client.post(`/api/lines/${line.id}/renew`, { subscription_months: 1 }),
      await resellerB.client.post(`/api/lines/${line.id}/sync`),
      await resellerB.client.get(`/api/lines/${line.id}/events`),
      await resellerB.client.delete(`/api/lines/${line.id}`),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'LINE_NOT_FOUND', message: 'Line not found' });
    }
    expect(await balanceOf(server, resellerB.id)).toBe(balanceB);
    const still = await resellerA.client.get(`/api/lines/${line.id}`);
    expect(still.body).toMatchObject({ notes: 'secret-of-a', enabled: true });

    const listB = await resellerB.client.get('/api/lines?page_size=100');
    expect(listB.body.items.every((l: any) => l.owner_id === resellerB.id)).toBe(true);
    const filtered = await resellerB.client.get(`/api/lines?owner_id=${resellerA.id}`);
    expect(filtered.body.total).toBe(0);
    const searched = await resellerB.client.get('/api/lines?search=secret-of-a');
    expect(searched.body.total).toBe(0);
    const csvB = await resellerB.client.get('/api/lines/export.csv');
    expect(csvB.body).not.toContain(line.username);

    const adminView = await admin.get(`/api/lines?search=secret-of-a`);
    expect(adminView.body.items.map((l: any) => l.id)).toEqual([line.id]);
    const adminBoth = await admin.get(`/api/lines?owner_id=${resellerB.id}&page_size=100`);
    expect(adminBoth.body.total).toBe(listB.body.total);
  });

  it('publishes every change of a line live to its owner and admins, never to another reseller', async () => {
    const [streamA, streamB, streamAdmin] = await Promise.all([
      openEventStream(server, resellerA.client),
      openEventStream(server, resellerB.client),
      openEventStream(server, admin),
    ]);
    try {
      const line = (await create(resellerA.client)).line;
      await resellerA.client.patch(`/api/lines/${line.id}`, { notes: 'live' });
      await resellerA.client.delete(`/api/lines/${line.id}`);
      const actions = (events: ReturnType<typeof streamA.about>) => events.map((e) => e.data.action);
      await waitFor(
        async () => actions(streamA.about('users', line.id)),
        (seen) => seen.includes('delete'),
      );
      // Created, synced (the delivery's state change), edited, deleted.
      expect(actions(streamA.about('users', line.id))).toEqual(['insert', 'update', 'update', 'delete']);
      expect(streamA.events.some((e) => e.event === 'auth_users' && e.data.id === resellerA.id)).toBe(true);
      await waitFor(
        async () => actions(streamAdmin.about('users', line.id)),
        (seen) => seen.includes('delete'),
      );
      // B's stream carries nothing of A's line, read past it.
      await readPastNow(admin, streamB, { recipient_email: resellerB.email });
      expect(streamB.about('users', line.id)).toEqual([]);
      expect(streamB.events.some((e) => e.data.id === resellerA.id)).toBe(false);
    } finally {
      streamA.close();
      streamB.close();
      streamAdmin.close();
    }
  });

  it('lists with server-side paging, search, filters and sorting', async () => {
    const lister = await signUpAccount(server, 'lister@example.com', 200);
    const made = [];
    for (const [i, months] of [1, 3, 6, 12, 24].entries()) {
      made.push(
        (await create(lister.client, { username: `${name('zlist')}${i}`, subscription_months: months })).line,
      );
    }
    const trial = (await create(lister.client, { is_trial: true, email: 'findme@example.org' })).line;
    const suspended = (await create(lister.client, { subscription_months: 1 })).line;
    await lister.client.patch(`/api/lines/${suspended.id}`, { enabled: false });
    const expired = (await create(lister.client, { subscription_months: 1 })).line;
    await admin.patch(`/api/lines/${expired.id}`, { expiry_date: addDays(today(), -1) });

    const all = await lister.client.get('/api/lines?page_size=3&page=1');
    expect(all.body).toMatchObject({ total: 8, page: 1, page_size: 3 });
    expect(all.body.items).toHaveLength(3);
    // Newest first by default.
    expect(all.body.items[0].id).toBe(expired.id);
    const page3 = await lister.client.get('/api/lines?page_size=3&page=3');
    expect(page3.body.items).toHaveLength(2);
    const ids = new Set(
      [
        ...all.body.items,
        ...(await lister.client.get('/api/lines?page_size=3&page=2')).body.items,
        ...page3.body.items,
      ].map((l: any) => l.id),
    );
    expect(ids.size).toBe(8);

    const byExpiry = await lister.client.get('/api/lines?sort=expiry_date&order=asc&page_size=100');
    const expiries = byExpiry.body.items.map((l: any) => l.expiry_date);
    expect(expiries).toEqual([...expiries].sort());
    expect(byExpiry.body.items[0].id).toBe(expired.id);
    const byName = await lister.client.get('/api/lines?sort=username&order=desc&page_size=100');
    const names = byName.body.items.map((l: any) => l.username);
    expect(names).toEqual([...names].sort().reverse());
    const byStatus = await lister.client.get('/api/lines?sort=status&order=asc&page_size=100');
    expect(byStatus.status).toBe(200);

    const status = async (s: string) =>
      (await lister.client.get(`/api/lines?status=${s}&page_size=100`)).body.items.map((l: any) => l.id);
    expect(await status('suspended')).toEqual([suspended.id]);
    expect(await status('expired')).toEqual([expired.id]);
    expect(await status('trial')).toEqual([trial.id]);
    expect((await status('active')).sort()).toEqual(made.map((l) => l.id).sort());

    const search = await lister.client.get('/api/lines?search=FINDME');
    expect(search.body.items.map((l: any) => l.id)).toEqual([trial.id]);
    const byPrefix = await lister.client.get('/api/lines?search=zlist&page_size=100');
    expect(byPrefix.body.total).toBe(5);
    const wildcard = await lister.client.get('/api/lines?search=%25');
    expect(wildcard.body.total).toBe(0);

    // Within 40 days: the trial (1 day), the 1-month lines (suspended one included), not the expired one.
    const soon = await lister.client.get('/api/lines?expiring_within_days=40&page_size=100');
    const soonIds = soon.body.items.map((l: any) => l.id).sort();
    expect(soonIds).toEqual([made[0].id, trial.id, suspended.id].sort());

    const onServer = await lister.client.get(`/api/lines?server_id=${agentServer.id}`);
    expect(onServer.body.total).toBe(8);
    const elsewhere = await lister.client.get('/api/lines?server_id=999999');
    expect(elsewhere.body.total).toBe(0);
    const synced = await lister.client.get('/api/lines?sync_state=synced');
    expect(synced.body.total).toBe(8);
    const tooBig = await lister.client.get('/api/lines?page_size=101');
    expect(tooBig.status).toBe(422);
  });

  it('exports the current filter as CSV with DD-MM-YYYY dates', async () => {
    const exporter = await signUpAccount(server, 'exporter@example.com', 50);
    const plain = (await create(exporter.client, { notes: 'has, comma "and quotes"' })).line;
    const formula = (await create(exporter.client, { notes: '=SUM(A1)', subscription_months: 12 })).line;
    await exporter.client.patch(`/api/lines/${formula.id}`, { enabled: false });

    const res = await exporter.client.get('/api/lines/export.csv?sort=username&order=asc');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="lines-.*\.csv"/);
    const rows = String(res.body).trim().split('\r\n');
    expect(rows[0]).toBe(
      'username,password,server,status,expiry_date,added_date,owner,notes,name,email,company,host_port,trial,subscription_months,sync_state,connection_line',
    );
    expect(rows).toHaveLength(3);
    expect(rows).toContain(
      `${plain.username},pw-1234,Agent,active,${display(plain.expiry_date)},${display(today())},exporter@example.com,"has, comma ""and quotes""",,,,127.0.0.1:${agentServer.port},no,1,synced,C: 127.0.0.1 ${agentServer.port} ${plain.username} pw-1234`,
    );
    expect(rows.find((r) => r.startsWith(formula.username))).toContain(',suspended,');
    expect(rows.find((r) => r.startsWith(formula.username))).toContain(",'=SUM(A1),");

    const filtered = await exporter.client.get('/api/lines/export.csv?status=suspended');
    const filteredRows = String(filtered.body).trim().split('\r\n');
    expect(filteredRows).toHaveLength(2);
    expect(filteredRows[1]).toMatch(new RegExp(`^${formula.username},`));

    const adminCsv = await admin.get('/api/lines/export.csv');
    expect(String(adminCsv.body)).toContain(plain.username);
    expect(String(adminCsv.body)).toContain('reseller-a@example.com');
  });

  it("keeps each line's history with the actor's email", async () => {
    const line = (await create(resellerA.client)).line;
    await resellerA.client.post(`/api/lines/${line.id}/renew`, { subscription_months: 1 });
    await resellerA.client.patch(`/api/lines/${line.id}`, { notes: 'n', password: 'changed' });
    await resellerA.client.patch(`/api/lines/${line.id}`, { enabled: false });
    await admin.patch(`/api/lines/${line.id}`, { expiry_date: '2030-05-05' });
    const res = await resellerA.client.get(`/api/lines/${line.id}/events`);
    expect(res.status).toBe(200);
    const mine = res.body.items.filter((e: any) => e.action !== 'synced');
    expect(mine.map((e: any) => e.action)).toEqual(['edited', 'disabled', 'edited', 'renewed', 'created']);
    expect(mine[0]).toMatchObject({
      actor_email: 'admin@example.com',
      details: { fields: ['expiry_date'], to: '2030-05-05' },
    });
    expect(mine[2]).toMatchObject({
      actor_email: resellerA.email,
      details: { fields: ['password', 'notes'] },
    });
    expect(JSON.stringify(mine[2])).not.toContain('changed');
    expect(mine[3]).toMatchObject({ details: { subscription_months: 1, charged: 2 } });
    expect(mine[4]).toMatchObject({ actor_email: resellerA.email, details: { charged: 2 } });
    const synced = res.body.items.filter((e: any) => e.action === 'synced');
    expect(synced.length).toBeGreaterThanOrEqual(4);
    expect(synced[0].actor_email).toBeNull();
  });

  it('describes every lines endpoint in the OpenAPI document under the tag "lines"', async () => {
    const doc = (await server.client().get('/api/openapi.json')).body;
    const expected: [string, string][] = [
      ['/api/lines', 'get'],
      ['/api/lines', 'post'],
      ['/api/lines/export.csv', 'get'],
      ['/api/lines/{id}', 'get'],
      ['/api/lines/{id}', 'patch'],
      ['/api/lines/{id}', 'delete'],
      ['/api/lines/{id}/renew', 'post'],
      ['/api/lines/{id}/sync', 'post'],
      ['/api/lines/{id}/events', 'get'],
      ['/api/line-settings', 'get'],
      ['/api/line-settings', 'put'],
      ['/api/servers/{id}/reconcile', 'post'],
    ];
    for (const [path, method] of expected) {
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toContain('lines');
    }
  });

  it('tops up through the ledger make a group-3 account a reseller that may create lines', async () => {
    const late = await signUpAccount(server, 'late@example.com');
    expect((await late.client.get('/api/lines')).status).toBe(403);
    await grantCredits(server, late.id, 4);
    const line = await create(late.client, { subscription_months: 3 });
    expect(line.balance).toBe(0);
  });
});
