import { Writable } from 'node:stream';
import { addDays, isoDate } from '@linedesk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardRepository } from '../src/modules/dashboard/dashboard.repository.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import {
  addActiveServer,
  addAgentServer,
  bulkJobDone,
  giveLines,
  signUpAccount,
  type Account,
} from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { waitFor } from './support/wait-for.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let agent: TestAgent;
const onExit: (() => Promise<void>)[] = [];
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
});
afterAll(async () => {
  await server?.close();
  await agent?.stop();
  await Promise.all(onExit.map((run) => run()));
});

/**
 * The dashboard's line figures counted afresh from the lines, renewals and ledger themselves, the way
 * a full scan would: what the counters kept on write must always equal.
 */
async function freshFigures(ownerId: string | null) {
  const db = server.built.ctx.db;
  const rows = async (query: ReturnType<typeof sql>) => await db.execute<Record<string, unknown>>(query);
  const owner = ownerId === null ? sql`true` : sql`l.owner_id = ${ownerId}`;
  const since = addDays(today, -29);
  const monthStart = `${today.slice(0, 8)}01`;
  const [counts] = (
    await rows(sql`select count(*)::int as total,
      (count(*) filter (where l.enabled and l.expiry_date >= ${today}::date and not l.is_trial))::int as active,
      (count(*) filter (where l.frozen_at is null and l.expiry_date >= ${today}::date and l.expiry_date <= ${today}::date + 7))::int as expiring_7d,
      (count(*) filter (where l.enabled and l.expiry_date < ${today}::date))::int as expired,
      (count(*) filter (where l.enabled and l.is_trial and l.expiry_date >= ${today}::date))::int as trial,
      (count(*) filter (where not l.enabled))::int as suspended
      from users l where ${owner}`)
  ).rows;
  const byServer = (
    await rows(sql`select l.server_id, s.server_name, count(*)::int as count from users l
      left join cccam_servers s on s.id = l.server_id where ${owner}
      group by l.server_id, s.server_name order by count(*) desc, s.server_name`)
  ).rows.map((r) => ({ server_id: r.server_id, server_name: r.server_name, count: r.count }));
  const perDay = async (query: ReturnType<typeof sql>) =>
    new Map((await rows(query)).rows.map((r) => [String(r.day), Number(r.n)]));
  const created =
    await perDay(sql`select to_char((l.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
    count(*) as n from users l where ${owner} group by 1`);
  const renewed =
    await perDay(sql`select to_char((e.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
    count(*) as n from line_events e where e.action = 'renewed'
    and ${ownerId === null ? sql`true` : sql`e.owner_id = ${ownerId}`} group by 1`);
  const spent = await perDay(sql`select to_char((c.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
    -sum(c.delta) as n from credit_ledger c where c.reason in ('line_create', 'line_renew', 'refund', 'line_refused_refund')
    and ${ownerId === null ? sql`true` : sql`c.account_id = ${ownerId}`} group by 1`);
  const expiring = await perDay(sql`select to_char(l.expiry_date, 'YYYY-MM-DD') as day, count(*) as n
    from users l where ${owner} and l.frozen_at is null group by 1`);
  const days = (from: string, count: number) => Array.from({ length: count }, (_, i) => addDays(from, i));
  return {
    lines: counts,
    spent_this_month: [...spent].reduce((sum, [day, n]) => (day >= monthStart ? sum + n : sum), 0),
    charts: {
      activity: days(since, 30).map((date) => ({
        date,
        created: created.get(date) ?? 0,
        renewed: renewed.get(date) ?? 0,
      })),
      credits_spent: days(since, 30).map((date) => ({ date, credits: spent.get(date) ?? 0 })),
      lines_by_server: byServer,
      expiries: days(today, 31).map((date) => ({ date, count: expiring.get(date) ?? 0 })),
    },
  };
}

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
    // a1: one month plus a one-month renewal lies beyond the 30-day window; a3, suspended, still
    // expires within it (only a frozen line's clock stops).
    expect(d.charts.expiries.reduce((sum: number, day: { count: number }) => sum + day.count, 0)).toBe(1);
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
        const after = await waitFor(viaSecond, (d) => d.lines.total === before.lines.total + 1);
        expect(after.charts.activity.at(-1).created).toBe(before.charts.activity.at(-1).created + 1);
        expect((await admin.delete(`/api/lines/${created.body.line.id}`)).status).toBe(200);
      } finally {
        await second.close();
      }
    },
  );

  it(
    'keeps every figure equal to a fresh count through creates, renews, suspends, moves, deletes and a removed server',
    { timeout: 120_000 },
    async () => {
      const seller = await signUpAccount(server, 'dash-mix@example.com', 100);
      // One agent serves one record: the other server has its own.
      const otherAgent = await startLineAgent();
      onExit.push(() => otherAgent.cleanup());
      const other = await addActiveServer(admin, {
        apiPort: otherAgent.port,
        username: otherAgent.username,
        password: otherAgent.password,
        name: 'Dash other',
      });
      const create = async (body: Record<string, unknown>) => {
        const res = await seller.client.post('/api/lines', { password: 'pass-1234', ...body });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body.line.id as number;
      };
      const ids = [];
      for (const [i, months] of [1, 3, 6, 12, 1, 3].entries()) {
        ids.push(
          await create({
            username: `dash-mix${i}`,
            subscription_months: months,
            server_id: i % 2 ? other.id : serverId,
          }),
        );
      }
      const trial = await create({ username: 'dash-mix-trial', is_trial: true, server_id: other.id });
      const ok = (status: number) => expect(status).toBe(200);
      ok((await seller.client.post(`/api/lines/${ids[0]}/renew`, { subscription_months: 3 })).status);
      ok((await seller.client.post(`/api/lines/${trial}/renew`, { subscription_months: 1 })).status);
      ok((await seller.client.patch(`/api/lines/${ids[1]}`, { enabled: false })).status);
      ok((await seller.client.patch(`/api/lines/${ids[2]}`, { enabled: false })).status);
      ok((await seller.client.patch(`/api/lines/${ids[2]}`, { enabled: true })).status);
      ok((await admin.patch(`/api/lines/${ids[3]}`, { expiry_date: addDays(today, -3) })).status);
      ok((await admin.patch(`/api/lines/${ids[4]}`, { expiry_date: addDays(today, 2) })).status);
      ok((await seller.client.delete(`/api/lines/${ids[5]}`)).status);
      const byAdmin = await admin.post('/api/lines', {
        username: 'dash-mix-admin',
        password: 'pass-1234',
        subscription_months: 1,
        server_id: other.id,
      });
      expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201);
      // Moves: one line to the other server, one to another owner.
      const moved = await admin.post('/api/lines/server-move', {
        ids: [ids[1]],
        target_server_id: serverId,
        grace_hours: 0,
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(202);
      await bulkJobDone(admin, moved.body.id);
      expect((await admin.get(`/api/lines/${ids[1]}`)).body.server_id).toBe(serverId);
      expect(await giveLines(admin, [ids[4]!], resellerA.id)).toMatchObject({ succeeded: 1 });
      // Lines of a deleted server stay, with no server.
      expect((await admin.delete(`/api/servers/${other.id}`)).status).toBe(204);

      for (const [who, ownerId] of [
        [admin, null],
        [seller.client, seller.id],
        [resellerA.client, resellerA.id],
      ] as const) {
        const shown = (await who.get('/api/dashboard')).body;
        const fresh = await freshFigures(ownerId);
        expect(shown.lines).toEqual(fresh.lines);
        expect(shown.credits.spent_this_month).toBe(fresh.spent_this_month);
        expect(shown.charts).toEqual(fresh.charts);
      }
      // An admin looking at one owner sees the same as that owner.
      const viaAdmin = (await admin.get(`/api/dashboard?owner_id=${seller.id}`)).body;
      expect(viaAdmin.lines).toEqual((await freshFigures(seller.id)).lines);

      // Folded into one row per key (as the server does now and then), the counters still add up,
      // and go on following changes.
      // Expiry days before the day before yesterday (ids[3]'s) become that day.
      await dashboardRepository.compact(server.built.ctx.db, today);
      ok((await seller.client.post(`/api/lines/${ids[2]}/renew`, { subscription_months: 1 })).status);
      ok((await seller.client.delete(`/api/lines/${ids[0]}`)).status);
      expect(await giveLines(admin, [ids[2]!], resellerA.id)).toMatchObject({ succeeded: 1 });
      for (const [who, ownerId] of [
        [admin, null],
        [seller.client, seller.id],
        [resellerA.client, resellerA.id],
      ] as const) {
        const shown = (await who.get('/api/dashboard')).body;
        const fresh = await freshFigures(ownerId);
        expect(shown.lines).toEqual(fresh.lines);
        expect(shown.credits.spent_this_month).toBe(fresh.spent_this_month);
        expect(shown.charts).toEqual(fresh.charts);
      }
    },
  );

  it('needs a session', async () => {
    expect((await server.client().get('/api/dashboard')).status).toBe(401);
  });
});
