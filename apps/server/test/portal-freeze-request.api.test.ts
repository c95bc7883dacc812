import { addDays, isoDate } from '@linedesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { type Account, addAgentServer, adminMadeAccount, agentUsers } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** A customer asks in the portal for a freeze; the line's owner approves or refuses it. */
describe('asking for a freeze from the portal', () => {
  let server: TestServer;
  let agent: TestAgent;
  let admin: TestClient;
  let reseller: Account;
  let counter = 0;
  const LINE_PASSWORD = 'pass-1234';
  const today = () => isoDate(new Date());

  const account = async (email: string): Promise<Account> => {
    const made = await adminMadeAccount(server, admin, email);
    await made.client.put('/api/portal/settings', { enabled: true, contact: '' });
    return made;
  };
  /** A line of `who` and its customer signed in to the portal. */
  const customerOf = async (who: Account) => {
    const username = `fr${++counter}${Date.now().toString(36)}`;
    const created = await who.client.post('/api/lines', {
      username,
      password: LINE_PASSWORD,
      subscription_months: 3,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const customer = server.client();
    const signedIn = await customer.post('/api/portal/sign-in', { username, password: LINE_PASSWORD });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    return { customer, line: created.body.line as { id: number; username: string } };
  };
  const todoAsks = async (client: TestClient) =>
    ((await client.get('/api/dashboard/todo')).body.freeze_requests.items as { line: { id: number } }[]).map(
      (item) => item.line.id,
    );

  beforeAll(async () => {
    [server, agent] = await Promise.all([
      startTestServer({ SERVER_CHECK_INTERVAL_SECONDS: '0', LINE_RECONCILE_INTERVAL_SECONDS: '0' }),
      startLineAgent(),
    ]);
    admin = await server.admin();
    await addAgentServer(admin, agent);
    reseller = await account('freeze-asked@example.com');
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
  });

  it('reaches the owner’s to-do list; approving freezes the line through the one freeze', async () => {
    const { customer, line } = await customerOf(reseller);
    expect((await customer.get('/api/portal/me')).body.freeze).toEqual({ max_days: 30, request: null });
    const asked = await customer.post('/api/portal/freeze-request', { starts_on: today(), days: 14 });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toMatchObject({ line_id: line.id, starts_on: today(), days: 14, decision: null });
    const again = await customer.post('/api/portal/freeze-request', { starts_on: today(), days: 7 });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('PORTAL_FREEZE_ALREADY_REQUESTED');

    expect(await todoAsks(reseller.client)).toEqual([line.id]);
    expect(await todoAsks(admin)).toContain(line.id);
    const stranger = await account(`stranger${counter}@example.com`);
    expect(await todoAsks(stranger.client)).toEqual([]);
    expect((await stranger.client.post(`/api/lines/${line.id}/freeze-request/approve`)).status).toBe(404);

    const approved = await reseller.client.post(`/api/lines/${line.id}/freeze-request/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.line).toMatchObject({ status: 'frozen', enabled: false });
    expect((await agentUsers(agent)).find((u) => u.username === line.username)).toMatchObject({
      enabled: false,
    });
    expect(await todoAsks(reseller.client)).toEqual([]);
    const me = (await customer.get('/api/portal/me')).body;
    expect(me.status).toBe('frozen');
    expect(me.freeze.request).toMatchObject({ decision: 'approved' });
    const events = (await reseller.client.get(`/api/lines/${line.id}/events`)).body.items as {
      action: string;
    }[];
    expect(events.map((e) => e.action)).toContain('frozen');
    // Answered once: a second approval finds no open ask.
    const twice = await reseller.client.post(`/api/lines/${line.id}/freeze-request/approve`);
    expect(twice.body.error.code).toBe('PORTAL_FREEZE_REQUEST_NOT_FOUND');
  });

  it('refusing closes the ask; the customer may ask again', async () => {
    const { customer, line } = await customerOf(reseller);
    await customer.post('/api/portal/freeze-request', { starts_on: addDays(today(), 3), days: 5 });
    const refused = await reseller.client.post(`/api/lines/${line.id}/freeze-request/refuse`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body).toMatchObject({ decision: 'refused' });
    expect((await reseller.client.get(`/api/lines/${line.id}`)).body.status).toBe('active');
    expect((await customer.get('/api/portal/me')).body.freeze.request).toMatchObject({ decision: 'refused' });
    const again = await customer.post('/api/portal/freeze-request', { starts_on: today(), days: 5 });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it("holds the ask to the admin's limits and to what may be frozen", async () => {
    const { customer } = await customerOf(reseller);
    const tooLong = await customer.post('/api/portal/freeze-request', { starts_on: today(), days: 31 });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error).toMatchObject({
      code: 'PORTAL_FREEZE_INVALID',
      details: { params: { max_days: 30, max_start_days: 60 } },
    });
    const past = await customer.post('/api/portal/freeze-request', {
      starts_on: addDays(today(), -1),
      days: 3,
    });
    expect(past.body.error.code).toBe('PORTAL_FREEZE_INVALID');
    await admin.put('/api/line-settings', { freezes_per_year: 0 });
    try {
      const off = await customer.post('/api/portal/freeze-request', { starts_on: today(), days: 3 });
      expect(off.body.error.code).toBe('LINE_FREEZE_OFF');
      expect((await customer.get('/api/portal/me')).body.freeze).toBeNull();
    } finally {
      await admin.put('/api/line-settings', { freezes_per_year: 2 });
    }
  });
});
