import { Writable } from 'node:stream';
import { addDays, isoDate } from '@linedesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, signUpAccount, type Account } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { waitFor } from './support/wait-for.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let agent: TestAgent;
let admin: TestClient;
let resellerA: Account;
let resellerB: Account;
let serverId: number;
const today = isoDate(new Date());

beforeAll(async () => {
  [server, agent] = await Promise.all([startTestServer(), startLineAgent()]);
  admin = await server.admin();
  serverId = (await addAgentServer(admin, agent, 'Dash')).id;
  resellerA = await signUpAccount(server, 'dash-a@example.com', 30);
  resellerB = await signUpAccount(server, 'dash-b@example.com', 10);

  const create = async (who: TestClient, username: string, months: number) => {
    const res = await who.post('/api/lines', {
      username,
      password: 'pass-1234',
      subscription_months: months,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.line.id as number;
  };
  const a1 = await create(resellerA.client, 'dash-a1', 1); // 2 credits
  const a2 = await create(resellerA.client, 'dash-a2', 3); // 4 credits
  const a3 = await create(resellerA.client, 'dash-a3', 1); // 2 credits
  await create(resellerB.client, 'dash-b1', 12); // 10 credits
  expect((await resellerA.client.post(`/api/lines/${a1}/renew`, { subscription_months: 1 })).status).toBe(
    200,
  );
  // a2 expired yesterday (admins may set any date); a3 suspended.
  expect((await admin.patch(`/api/lines/${a2}`, { expiry_date: addDays(today, -1) })).status).toBe(200);
  expect((await resellerA.client.patch(`/api/lines/${a3}`, { enabled: false })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await agent?.stop();
});

describe('dashboard figures', () => {
  it('a reseller sees only their own lines, spending and charts', async () => {
    const res = await resellerA.client.get('/api/dashboard');
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d.scope).toBe('owner');
    expect(d.lines).toEqual({ total: 3, active: 1, expiring_7d: 0, expired: 1, trial: 0, suspended: 1 });
    // 2 + 4 + 2 for the lines and 2 for the renewal.
    expect(d.credits).toEqual({ balance: 20, spent_this_month: 10 });
    expect(d.servers).toBeNull();
    expect(d.charts.activity).toHaveLength(30);
    expect(d.charts.activity.at(-1)).toEqual({ date: today, created: 3, renewed: 1 });
    expect(d.charts.credits_spent.at(-1)).toEqual({ date: today, credits: 10 });
    expect(d.charts.lines_by_server).toEqual([{ server_id: serverId, server_name: 'Dash', count: 3 }]);
    expect(d.charts.expiries).toHaveLength(31);
    expect(d.charts.expiries[0].date).toBe(today);
    // a1: one month plus a one-month renewal lies beyond the 30-day window; a3 is suspended.
    expect(d.charts.expiries.reduce((sum: number, day: { count: number }) => sum + day.count, 0)).toBe(0);
  });

  it('a reseller cannot look at another owner with owner_id', async () => {
    const res = await resellerB.client.get(`/api/dashboard?owner_id=${resellerA.id}`);
    expect(res.status).toBe(200);
    expect(res.body.lines.total).toBe(1);
    expect(res.body.credits.spent_this_month).toBe(10);
  });

  it('an admin sees the whole panel, or one owner', async () => {
    const all = (await admin.get('/api/dashboard')).body;
    expect(all.scope).toBe('panel');
    expect(all.lines.total).toBe(4);
    expect(all.credits.spent_this_month).toBe(20);
    expect(all.servers).toEqual({ up: 1, down: 0 });
    expect(all.charts.activity.at(-1)).toEqual({ date: today, created: 4, renewed: 1 });

    const one = (await admin.get(`/api/dashboard?owner_id=${resellerB.id}`)).body;
    expect(one.scope).toBe('owner');
    expect(one.lines).toMatchObject({ total: 1, active: 1 });
    expect(one.charts.lines_by_server).toEqual([{ server_id: serverId, server_name: 'Dash', count: 1 }]);

    expect((await admin.get('/api/dashboard?owner_id=nobody')).status).toBe(404);
  });

  it('counts unread messages and open tickets for the caller', async () => {
    const before = (await resellerA.client.get('/api/dashboard')).body;
    const sent = await admin.post('/api/messages', { title: 'Hello', content: 'News', is_global: true });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const ticket = await resellerA.client.post('/api/tickets', {
      title: 'Help',
      description: 'Please',
      priority: 'low',
      category: 'general',
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const after = (await resellerA.client.get('/api/dashboard')).body;
    expect(after.messages.unread).toBe(before.messages.unread + 1);
    expect(after.tickets.open).toBe(before.tickets.open + 1);
    expect((await resellerB.client.get('/api/dashboard')).body.tickets.open).toBe(0);
  });

  it('follows every line change at once, though figures are reused between changes', async () => {
    const panel = async () => (await admin.get('/api/dashboard')).body;
    const own = async (who: Account) => (await who.client.get('/api/dashboard')).body;
    const before = await panel();
    expect(await panel()).toEqual(before);
    const ownBefore = await own(resellerA);
    const otherBefore = await own(resellerB);

    const created = await resellerA.client.post('/api/lines', {
      username: 'dash-a4',
      password: 'pass-1234',
      subscription_months: 1,
      server_id: serverId,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const afterCreate = await panel();
    expect(afterCreate.lines.total).toBe(before.lines.total + 1);
    expect(afterCreate.charts.activity.at(-1).created).toBe(before.charts.activity.at(-1).created + 1);
    expect(afterCreate.credits.spent_this_month).toBe(before.credits.spent_this_month + 2);
    const ownAfter = await own(resellerA);
    expect(ownAfter.lines.total).toBe(ownBefore.lines.total + 1);
    expect(ownAfter.credits).toEqual({
      balance: ownBefore.credits.balance - 2,
      spent_this_month: ownBefore.credits.spent_this_month + 2,
    });
    expect(await own(resellerB)).toEqual(otherBefore);

    const renamed = await admin.patch(`/api/servers/${serverId}`, { server_name: 'Dash 2' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await panel()).charts.lines_by_server[0].server_name).toBe('Dash 2');

    expect((await admin.delete(`/api/lines/${created.body.line.id}`)).status).toBe(200);
    expect((await panel()).lines.total).toBe(before.lines.total);
    expect((await admin.patch(`/api/servers/${serverId}`, { server_name: 'Dash' })).status).toBe(200);
  });

  it.skipIf(!process.env.LINEDESK_TEST_DATABASE_URL)(
    'another app instance on the same PostgreSQL drops its cached figures when this one changes a line',
    async () => {
      const { buildApp } = await import('../src/app.js');
      const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
      const second = await buildApp({ ...server.built.ctx.config, port: 0 }, { logStream: quiet });
      try {
        const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
        const viaSecond = async () =>
          (await second.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } })).json();
        const before = await viaSecond();
        expect(await viaSecond()).toEqual(before);
        const created = await admin.post('/api/lines', {
          username: 'dash-twin',
          password: 'pass-1234',
          subscription_months: 1,
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        // NOTIFY reaches the other instance within moments; waiting up to half its cache's 60 seconds
        // still tells the dropped cache from an expired one, and leaves a busy machine room.
        const after = await waitFor(viaSecond, (d) => d.lines.total === before.lines.total + 1, 30_000);
        expect(after.charts.activity.at(-1).created).toBe(before.charts.activity.at(-1).created + 1);
        expect((await admin.delete(`/api/lines/${created.body.line.id}`)).status).toBe(200);
      } finally {
        await second.close();
      }
    },
  );

  it('needs a session', async () => {
    expect((await server.client().get('/api/dashboard')).status).toBe(401);
  });
});
