import { addDays, isoDate } from '@linedesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandInOscam, watchingClient } from '../../agent/test/stand-in-servers.js';
import {
  addActiveServer,
  startScriptedAgent,
  type Account,
  type ScriptedAgent,
} from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { oscamLineFixture } from './support/oscam-line-fixture.js';
import { waitFor } from './support/wait-for.js';

const today = isoDate(new Date());

type Short<T> = { items: T[]; total: number; total_is_lower_bound?: boolean };
type LineItem = { id: number; username: string; owner_id: string; expiry_date: string };
type Todo = {
  expiring: Short<LineItem>;
  failing_sync: Short<LineItem>;
  sharing: Short<LineItem>;
  servers_down: Short<{ id: number; server_name: string; status: string }> | null;
  pending_topups: Short<{ id: number; account_id: string; status: string }> | null;
};

describe("dashboard to-do: what needs doing now, within the caller's scope", () => {
  let admin: TestClient;
  let oscam: StandInOscam;
  let scripted: ScriptedAgent;
  let serverId: number;
  let failingServerId: number;
  let downServerId: number;
  let first: Account;
  let second: Account;
  let topUpId: number;
  const lines = new Map<string, LineItem>();

  const todoOf = async (c: TestClient): Promise<Todo> => {
    const res = await c.get('/api/dashboard/todo');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Todo;
  };
  const ids = (keys: string[]) => keys.map((key) => lines.get(key)!.id);
  const createLine = async (account: Account, key: string, onServer = serverId) => {
    const res = await account.client.post('/api/lines', {
      username: `${key}${Date.now().toString(36)}`,
      password: 'pw-1234',
      subscription_months: 1,
      server_id: onServer,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    lines.set(key, res.body.line);
  };
  const expire = async (key: string, days: number) => {
    const res = await admin.patch(`/api/lines/${lines.get(key)!.id}`, { expiry_date: addDays(today, days) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  const lineFixture = oscamLineFixture({ serverName: 'OSCam todo', prefix: 'todo' });
  beforeAll(async () => {
    ({ admin, oscam, serverId, owner: first, stranger: second } = lineFixture);
    scripted = await startScriptedAgent();
    failingServerId = (await addActiveServer(admin, { apiPort: scripted.port, name: 'Refusing' })).id;
    // The first reseller: lines expiring in 5 and 2 days, one shared, one plain, one failing to sync.
    for (const key of ['afive', 'atwo', 'ashare', 'aplain']) await createLine(first, key);
    // The second: one expiring in 3 days and one in 30 (next month: not this week).
    for (const key of ['bthree', 'blater']) await createLine(second, key);
    scripted.answer({ status: 500, body: { message: 'Disk full on the card server' } });
    await createLine(first, 'afail', failingServerId);
    await expire('afive', 5);
    await expire('atwo', 2);
    await expire('bthree', 3);
    await expire('blater', 30);
    const on = (key: string, ip: string, thid: string) => watchingClient(lines.get(key)!.username, ip, thid);
    oscam.setClients([
      on('ashare', '203.0.113.2', 'id_0x2'),
      { ...on('ashare', '198.51.100.2', 'id_0x3'), status: 'Duplicate' },
    ]);
    // A server never tested is not active: down, as the dashboard's figure counts it.
    const down = await admin.post('/api/servers', {
      server_name: 'Never tested',
      host_ip: '127.0.0.1',
      port: 12000,
      api_port: 9,
      username: 'panel',
      password: 'secret-password',
    });
    expect(down.status, JSON.stringify(down.body)).toBe(201);
    downServerId = down.body.id;
    const pack = await admin.post('/api/credit-packages', {
      name: 'Starter',
      credits: 50,
      price_cents: 2500,
    });
    expect(pack.status, JSON.stringify(pack.body)).toBe(201);
    const topUp = await second.client.post('/api/topups', {
      package_id: pack.body.id,
      payment_reference: 'SEPA todo',
    });
    expect(topUp.status, JSON.stringify(topUp.body)).toBe(201);
    topUpId = topUp.body.id;
  }, 180_000);

  afterAll(async () => {
    await scripted?.close();
  });

  it('a reseller sees only their own lines, soonest expiry first, and no servers or top-ups', async () => {
    // Sharing arrives with the agent's polls.
    const mine = await waitFor(
      () => todoOf(first.client),
      (todo) => todo.sharing.total === 1,
    );
    expect(mine.expiring.items.map((line) => line.id)).toEqual(ids(['atwo', 'afive']));
    expect(mine.expiring.total).toBe(2);
    expect(mine.failing_sync.items.map((line) => line.id)).toEqual(ids(['afail']));
    expect(mine.failing_sync.total).toBe(1);
    expect(mine.sharing.items.map((line) => line.id)).toEqual(ids(['ashare']));
    expect(mine.servers_down).toBeNull();
    expect(mine.pending_topups).toBeNull();

    const theirs = await todoOf(second.client);
    expect(theirs.expiring.items.map((line) => line.id)).toEqual(ids(['bthree']));
    expect(theirs.expiring.total).toBe(1);
    expect(theirs.failing_sync).toEqual({ items: [], total: 0, total_is_lower_bound: false });
    expect(theirs.sharing.total).toBe(0);
    expect(theirs.pending_topups).toBeNull();
  });

  it('an admin sees every owner’s lines, the servers down and the pending top-ups', async () => {
    const all = await todoOf(admin);
    expect(all.expiring.items.map((line) => line.id)).toEqual(ids(['atwo', 'bthree', 'afive']));
    expect(all.expiring.total).toBe(3);
    expect(all.failing_sync.items.map((line) => line.id)).toEqual(ids(['afail']));
    expect(all.sharing.items.map((line) => line.id)).toEqual(ids(['ashare']));
    expect(all.servers_down).toMatchObject({
      items: [{ id: downServerId, server_name: 'Never tested' }],
      total: 1,
    });
    expect(all.pending_topups).toMatchObject({
      items: [{ id: topUpId, account_id: second.id, status: 'pending' }],
      total: 1,
    });
  });

  it('each list is the lines list under its quick filter: the same lines and count', async () => {
    const todo = await todoOf(first.client);
    for (const [list, query] of [
      [todo.expiring, 'expiring_within_days=7&sort=expiry_date&order=asc'],
      [todo.failing_sync, 'sync_state=failing'],
      [todo.sharing, 'sharing=true'],
    ] as const) {
      const listed = await first.client.get(`/api/lines?${query}`);
      expect(
        list.items.map((line) => line.id),
        query,
      ).toEqual((listed.body.items as LineItem[]).map((line) => line.id));
      expect(list.total, query).toBe(listed.body.total);
    }
  });

  it('keeps each list to three lines while its count says how many there are, and follows a renewal at once', async () => {
    for (let i = 0; i < 5; i++) {
      await createLine(first, `amore${i}`);
      await expire(`amore${i}`, 6);
    }
    const crowded = await todoOf(first.client);
    expect(crowded.expiring.items).toHaveLength(3);
    expect(crowded.expiring.total).toBe(7);
    expect(crowded.expiring.items.slice(0, 2).map((line) => line.id)).toEqual(ids(['atwo', 'afive']));
    // Renewed by a month, the line leaves this week's list.
    const renewed = await first.client.post(`/api/lines/${lines.get('atwo')!.id}/renew`, {
      subscription_months: 1,
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    const after = await todoOf(first.client);
    expect(after.expiring.total).toBe(6);
    expect(after.expiring.items.map((line) => line.id)).not.toContain(lines.get('atwo')!.id);
    // The other reseller's list did not move.
    expect((await todoOf(second.client)).expiring.total).toBe(1);
  });
});
