import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, isoDate, keptDays } from '@linedesk/shared';
import { creditLedger, lines } from '../src/db/schema.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import {
  addAgentServer,
  agentUsers,
  balanceOf,
  signUpAccount,
  type Account,
} from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

/** Freezing a line (docs/resellers.md, "Freezing a line"), over HTTP against a running server. */
describe('freezing a line', () => {
  let server: TestServer;
  let agent: TestAgent;
  let admin: TestClient;
  let reseller: Account;
  let counter = 0;
  const unique = (prefix: string) => `${prefix}${++counter}${Date.now().toString(36)}`;
  const today = () => isoDate(new Date());

  const createLine = async (client: TestClient, months = 3) => {
    const res = await client.post('/api/lines', {
      username: unique('fz'),
      password: 'pw-1234',
      subscription_months: months,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.line as { id: number; username: string; expiry_date: string };
  };
  const agentUser = async (username: string) =>
    (await agentUsers(agent)).find((u) => u.username === username);
  /** The line's history without its deliveries (`synced`). */
  const history = async (client: TestClient, id: number) =>
    ((await client.get(`/api/lines/${id}/events`)).body.items as { action: string }[])
      .map((e) => e.action)
      .filter((action) => action !== 'synced');
  const expectLedgerMatches = async (accountId: string) => {
    const rows = await server.built.ctx.db
      .select({ delta: creditLedger.delta })
      .from(creditLedger)
      .where(eq(creditLedger.accountId, accountId));
    expect(rows.reduce((sum, row) => sum + row.delta, 0)).toBe(await balanceOf(server, accountId));
  };
  const settings = (body: Record<string, unknown>) => admin.put('/api/line-settings', body);

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      LINE_FREEZE_END_INTERVAL_SECONDS: '1',
    });
    admin = await server.admin();
    agent = await startLineAgent();
    await addAgentServer(admin, agent);
    reseller = await signUpAccount(server, 'freezer@example.com', 500);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
  });

  it('stops the clock: disabled on its server, the days kept, given back from the unfreeze day', async () => {
    const line = await createLine(reseller.client);
    const frozen = await reseller.client.post(`/api/lines/${line.id}/freeze`);
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    const kept = keptDays(line.expiry_date, today());
    expect(frozen.body.line).toMatchObject({ status: 'frozen', enabled: false, frozen_days: kept });
    expect(frozen.body.sync.ok).toBe(true);
    expect(await agentUser(line.username)).toMatchObject({ enabled: false });

    // The list shows it under "Frozen", and a status filter finds it.
    const listed = await reseller.client.get('/api/lines?status=frozen');
    expect(listed.body.items.map((l: { id: number }) => l.id)).toContain(line.id);
    const active = await reseller.client.get('/api/lines?status=active');
    expect(active.body.items.map((l: { id: number }) => l.id)).not.toContain(line.id);
    const byStatus = await reseller.client.get('/api/lines?sort=status&order=asc&page_size=100');
    expect(byStatus.body.items.find((l: { id: number }) => l.id === line.id).status).toBe('frozen');

    // As if frozen ten days ago: its stored expiry is ten days behind, its kept days the same.
    await server.built.ctx.db
      .update(lines)
      .set({
        frozenAt: sql`now() - interval '10 days'`,
        expiryDate: addDays(line.expiry_date, -10),
      })
      .where(eq(lines.id, line.id));
    const unfrozen = await reseller.client.post(`/api/lines/${line.id}/unfreeze`);
    expect(unfrozen.status, JSON.stringify(unfrozen.body)).toBe(200);
    expect(unfrozen.body.line).toMatchObject({
      status: 'active',
      enabled: true,
      frozen_at: null,
      frozen_days: null,
      expiry_date: addDays(today(), kept),
    });
    expect(await agentUser(line.username)).toMatchObject({ enabled: true });
    expect(await history(reseller.client, line.id)).toEqual(['unfrozen', 'frozen', 'created']);
  });

  it('refuses what cannot be frozen or unfrozen, with translated codes, and changes nothing', async () => {
    const line = await createLine(reseller.client);
    const notFrozen = await reseller.client.post(`/api/lines/${line.id}/unfreeze`);
    expect(notFrozen.status).toBe(409);
    expect(notFrozen.body.error.code).toBe('LINE_NOT_FROZEN');

    expect((await reseller.client.post(`/api/lines/${line.id}/freeze`)).status).toBe(200);
    const again = await reseller.client.post(`/api/lines/${line.id}/freeze`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('LINE_ALREADY_FROZEN');
    // Enabling a frozen line would put it back on its server without its days: refused.
    const enable = await reseller.client.patch(`/api/lines/${line.id}`, { enabled: true });
    expect(enable.status).toBe(409);
    expect(enable.body.error.code).toBe('LINE_FROZEN');
    expect((await reseller.client.get(`/api/lines/${line.id}`)).body.status).toBe('frozen');

    // Another reseller's line is not found, whichever the action.
    const stranger = await signUpAccount(server, `${unique('stranger')}@example.com`, 10);
    expect((await stranger.client.post(`/api/lines/${line.id}/unfreeze`)).status).toBe(404);

    const expired = await createLine(reseller.client);
    const past = await admin.patch(`/api/lines/${expired.id}`, { expiry_date: '01-01-2020' });
    expect(past.status, JSON.stringify(past.body)).toBe(200);
    const refused = await reseller.client.post(`/api/lines/${expired.id}/freeze`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('LINE_FREEZE_EXPIRED');

    const suspended = await createLine(reseller.client);
    await reseller.client.patch(`/api/lines/${suspended.id}`, { enabled: false });
    const off = await reseller.client.post(`/api/lines/${suspended.id}/freeze`);
    expect(off.body.error.code).toBe('LINE_FREEZE_SUSPENDED');
    expect(await history(reseller.client, expired.id)).not.toContain('frozen');
  });

  it("holds each line to the admin's freezes a year, and 0 turns freezing off", async () => {
    const invalid = await settings({ freezes_per_year: -1 });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.code).toBe('LINE_FREEZE_INVALID_SETTING');
    expect((await settings({ freezes_per_year: 1 })).body).toMatchObject({ freezes_per_year: 1 });
    try {
      const line = await createLine(reseller.client);
      expect((await reseller.client.post(`/api/lines/${line.id}/freeze`)).status).toBe(200);
      expect((await reseller.client.post(`/api/lines/${line.id}/unfreeze`)).status).toBe(200);
      const second = await reseller.client.post(`/api/lines/${line.id}/freeze`);
      expect(second.status).toBe(409);
      expect(second.body.error).toMatchObject({
        code: 'LINE_FREEZE_LIMIT_REACHED',
        details: { params: { used: 1, limit: 1 } },
      });
      // Another line has its own count.
      const other = await createLine(reseller.client);
      expect((await reseller.client.post(`/api/lines/${other.id}/freeze`)).status).toBe(200);

      await settings({ freezes_per_year: 0 });
      const third = await createLine(reseller.client);
      const off = await reseller.client.post(`/api/lines/${third.id}/freeze`);
      expect(off.status).toBe(409);
      expect(off.body.error.code).toBe('LINE_FREEZE_OFF');
    } finally {
      await settings({ freezes_per_year: 2 });
    }
    // Only admins set the limits.
    expect((await reseller.client.put('/api/line-settings', { freezes_per_year: 9 })).status).toBe(403);
  });

  it("the account above the owner may freeze and unfreeze its sub-reseller's line", async () => {
    const email = `${unique('sub')}@example.com`;
    const created = await reseller.client.post('/api/accounts', { email, password: 'sub-password-1' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await reseller.client.post(`/api/accounts/${created.body.account.id}/credits`, { amount: 20 });
    const subClient = server.client();
    await subClient.post('/api/auth/sign-in', { email, password: 'sub-password-1' });
    const line = await createLine(subClient, 1);
    const frozen = await reseller.client.post(`/api/lines/${line.id}/freeze`);
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    expect((await subClient.get(`/api/lines/${line.id}`)).body.status).toBe('frozen');
    expect((await admin.post(`/api/lines/${line.id}/unfreeze`)).status).toBe(200);
    // The sub-reseller cannot act on the parent's lines.
    const parentLine = await createLine(reseller.client, 1);
    expect((await subClient.post(`/api/lines/${parentLine.id}/freeze`)).status).toBe(404);
  });

  it('a renewal of a frozen line adds its months to the kept days and keeps it frozen', async () => {
    const line = await createLine(reseller.client, 1);
    await reseller.client.post(`/api/lines/${line.id}/freeze`);
    const renewed = await reseller.client.post(`/api/lines/${line.id}/renew`, { subscription_months: 1 });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    const expiry = addMonths(line.expiry_date, 1);
    expect(renewed.body.line).toMatchObject({
      status: 'frozen',
      enabled: false,
      expiry_date: expiry,
      frozen_days: keptDays(expiry, today()),
    });
    expect(await agentUser(line.username)).toMatchObject({ enabled: false });
    const unfrozen = await reseller.client.post(`/api/lines/${line.id}/unfreeze`);
    expect(unfrozen.body.line.expiry_date).toBe(expiry);
    await expectLedgerMatches(reseller.id);
  });

  it('a freeze racing a renewal: one order or the other, the same kept days, ledger = balance', async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      const line = await createLine(reseller.client, 1);
      const before = await balanceOf(server, reseller.id);
      const [frozen, renewed] = await Promise.all([
        reseller.client.post(`/api/lines/${line.id}/freeze`),
        reseller.client.post(`/api/lines/${line.id}/renew`, { subscription_months: 3 }),
      ]);
      expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
      expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
      const expiry = addMonths(line.expiry_date, 3);
      const now = (await reseller.client.get(`/api/lines/${line.id}`)).body;
      expect(now).toMatchObject({ status: 'frozen', frozen_days: keptDays(expiry, today()) });
      expect(await balanceOf(server, reseller.id)).toBe(before - renewed.body.charged);
      await expectLedgerMatches(reseller.id);
    }
  });

  it('a freeze longer than the longest one ends by itself', async () => {
    expect((await settings({ freeze_max_days: 1 })).body).toMatchObject({ freeze_max_days: 1 });
    try {
      const line = await createLine(reseller.client, 1);
      await reseller.client.post(`/api/lines/${line.id}/freeze`);
      await server.built.ctx.db
        .update(lines)
        .set({ frozenAt: sql`now() - interval '2 days'` })
        .where(eq(lines.id, line.id));
      const done = await waitFor(
        () => reseller.client.get(`/api/lines/${line.id}`),
        (res) => res.body.status !== 'frozen',
      );
      expect(done.body).toMatchObject({ status: 'active', enabled: true, expiry_date: line.expiry_date });
      const events = (await reseller.client.get(`/api/lines/${line.id}/events`)).body.items;
      expect(events[0]).toMatchObject({ action: 'unfrozen', details: { automatic: true } });
      await waitFor(
        () => agentUser(line.username),
        (user) => user?.enabled === true,
      );
    } finally {
      await settings({ freeze_max_days: 30 });
    }
  });
});
