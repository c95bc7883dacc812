import { addDays, isoDate } from '@linedesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineFreezeRequests } from '../src/db/schema.js';
import { startScheduledFreezes } from '../src/modules/lines/line-freeze-start.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import {
  type Account,
  addAgentServer,
  adminMadeAccount,
  agentUsers,
  balanceOf,
} from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

/**
 * A customer's freeze approved for a later start day is scheduled: the line runs until that day, then
 * freezes through the one freeze; the owner may cancel it before, and a line that can no longer be
 * frozen that day stays as it is while its owner is told. The day comes by moving the ask's start day
 * back to today in the database.
 */
describe('a freeze scheduled for a later day', () => {
  let server: TestServer;
  let agent: TestAgent;
  let admin: TestClient;
  let reseller: Account;
  let counter = 0;
  const LINE_PASSWORD = 'pass-1234';
  const today = () => isoDate(new Date());

  /** A line of the reseller whose customer asked, from the portal, for a freeze in five days. */
  const scheduled = async () => {
    const username = `fs${++counter}${Date.now().toString(36)}`;
    const created = await reseller.client.post('/api/lines', {
      username,
      password: LINE_PASSWORD,
      subscription_months: 3,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const line = created.body.line as { id: number; username: string };
    const customer = server.client();
    expect((await customer.post('/api/portal/sign-in', { username, password: LINE_PASSWORD })).status).toBe(
      200,
    );
    const asked = await customer.post('/api/portal/freeze-request', {
      starts_on: addDays(today(), 5),
      days: 7,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const approved = await reseller.client.post(`/api/lines/${line.id}/freeze-request/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    return { customer, line, approved };
  };
  /** The start day comes: the ask's day moved back to today. */
  const dayComes = async (lineId: number) => {
    await server.built.ctx.db
      .update(lineFreezeRequests)
      .set({ startsOn: today() })
      .where(eq(lineFreezeRequests.lineId, lineId));
  };
  const runRound = () => startScheduledFreezes(server.built.ctx, new AbortController().signal);
  const lineOf = async (id: number) => (await reseller.client.get(`/api/lines/${id}`)).body;
  const askOf = async (customer: TestClient) => (await customer.get('/api/portal/me')).body.freeze.request;

  beforeAll(async () => {
    [server, agent] = await Promise.all([
      startTestServer({
        SERVER_CHECK_INTERVAL_SECONDS: '0',
        LINE_RECONCILE_INTERVAL_SECONDS: '0',
        LINE_FREEZE_END_INTERVAL_SECONDS: '1',
      }),
      startLineAgent(),
    ]);
    admin = await server.admin();
    await addAgentServer(admin, agent);
    reseller = await adminMadeAccount(server, admin, 'freeze-scheduled@example.com');
    await reseller.client.put('/api/portal/settings', { enabled: true, contact: '' });
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
  });

  it('keeps the line running until the day, then freezes it by the one freeze; no credit moves', async () => {
    const { customer, line, approved } = await scheduled();
    const balance = await balanceOf(server, reseller.id);
    expect(approved.body).toMatchObject({ line: { id: line.id, status: 'active' }, charged: 0 });
    expect(await askOf(customer)).toMatchObject({ decision: 'scheduled', days: 7 });
    // It stands: the customer cannot replace it with another ask.
    const another = await customer.post('/api/portal/freeze-request', { starts_on: today(), days: 3 });
    expect(another.body.error.code).toBe('PORTAL_FREEZE_ALREADY_REQUESTED');
    expect((await agentUsers(agent)).find((u) => u.username === line.username)).toMatchObject({
      enabled: true,
    });

    await dayComes(line.id);
    // The job's own round (every second here) freezes it.
    const frozen = await waitFor(
      () => lineOf(line.id),
      (body) => body.status === 'frozen',
    );
    expect(frozen).toMatchObject({ enabled: false });
    expect(await askOf(customer)).toMatchObject({ decision: 'approved' });
    await waitFor(
      async () => (await agentUsers(agent)).find((u) => u.username === line.username),
      (user) => user?.enabled === false,
    );
    expect(await balanceOf(server, reseller.id)).toBe(balance);
  });

  it("shows on the line's page, from when for how long and when the customer asked, to its owner only", async () => {
    const { line } = await scheduled();
    const shown = await reseller.client.get(`/api/lines/${line.id}/freeze-request`);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.request).toMatchObject({
      line_id: line.id,
      decision: 'scheduled',
      starts_on: addDays(today(), 5),
      days: 7,
    });
    expect(Date.parse(shown.body.request.requested_at)).toBeLessThanOrEqual(Date.now());
    expect((await admin.get(`/api/lines/${line.id}/freeze-request`)).body.request).toMatchObject({
      decision: 'scheduled',
    });
    const other = await adminMadeAccount(server, admin, `freeze-other-${++counter}@example.com`);
    const hidden = await other.client.get(`/api/lines/${line.id}/freeze-request`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe('LINE_NOT_FOUND');

    // Once it has started it is the line's freeze, no longer an ask waiting.
    await dayComes(line.id);
    await waitFor(
      () => lineOf(line.id),
      (body) => body.status === 'frozen',
    );
    expect((await reseller.client.get(`/api/lines/${line.id}/freeze-request`)).body).toEqual({
      request: null,
    });
  });

  it('is cancelled by the owner before the day: the day changes nothing', async () => {
    const { customer, line } = await scheduled();
    const cancelled = await reseller.client.post(`/api/lines/${line.id}/freeze-request/refuse`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ decision: 'refused' });
    expect((await reseller.client.get(`/api/lines/${line.id}/freeze-request`)).body).toEqual({
      request: null,
    });
    await dayComes(line.id);
    await runRound();
    expect((await lineOf(line.id)).status).toBe('active');
    expect(await askOf(customer)).toMatchObject({ decision: 'refused' });
  });

  it('does not happen on a line that can no longer be frozen, and tells its owner', async () => {
    const { customer, line } = await scheduled();
    const suspended = await reseller.client.patch(`/api/lines/${line.id}`, { enabled: false });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    await dayComes(line.id);
    await runRound();
    expect(await lineOf(line.id)).toMatchObject({ status: 'suspended', frozen_days: null });
    expect(await askOf(customer)).toMatchObject({ decision: 'failed' });
    const messages = (await reseller.client.get('/api/messages?page_size=100')).body.items as {
      title: string;
      content: string;
    }[];
    const told = messages.find((m) => m.title.includes(line.username));
    expect(told?.content).toContain('the line is suspended');
  });

  it('is refused at once when the line cannot be frozen today either', async () => {
    const { customer, line } = await (async () => {
      const username = `fx${++counter}${Date.now().toString(36)}`;
      const created = await reseller.client.post('/api/lines', {
        username,
        password: LINE_PASSWORD,
        subscription_months: 3,
      });
      const client = server.client();
      await client.post('/api/portal/sign-in', { username, password: LINE_PASSWORD });
      await client.post('/api/portal/freeze-request', { starts_on: addDays(today(), 5), days: 7 });
      return { customer: client, line: created.body.line as { id: number } };
    })();
    // Open, it shows on the line's page too, waiting for the answer.
    expect((await reseller.client.get(`/api/lines/${line.id}/freeze-request`)).body.request).toMatchObject({
      decision: null,
      days: 7,
    });
    await reseller.client.patch(`/api/lines/${line.id}`, { enabled: false });
    const approved = await reseller.client.post(`/api/lines/${line.id}/freeze-request/approve`);
    expect(approved.body.error.code).toBe('LINE_FREEZE_SUSPENDED');
    expect(await askOf(customer)).toMatchObject({ decision: null });
  });
});
