import { addDays, isoDate } from '@linedesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type StandInOscam, watchingClient } from '../../agent/test/stand-in-servers.js';
import { type Account } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { oscamLineFixture } from './support/oscam-line-fixture.js';
import { waitFor } from './support/wait-for.js';

const today = isoDate(new Date());

type Counts = {
  expiring_soon: number;
  expired: number;
  online: number;
  failing_sync: number;
  sharing: number;
};
type Listed = {
  items: { id: number; username: string; owner_id: string }[];
  total: number;
  quick_counts?: Counts;
};

/** Each quick filter as the list's query takes it. */
const quickQuery: Record<keyof Counts, string> = {
  expiring_soon: 'expiring_within_days=7',
  expired: 'status=expired',
  online: 'online=true',
  failing_sync: 'sync_state=failing',
  sharing: 'sharing=true',
};

describe("lines list: the quick filters and their counts, within the caller's scope", () => {
  let admin: TestClient;
  let oscam: StandInOscam;
  let serverId: number;
  let first: Account;
  let second: Account;
  const lines = new Map<string, { id: number; username: string }>();

  const list = async (c: TestClient, query: string): Promise<Listed> => {
    const res = await c.get(`/api/lines?page_size=100&${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Listed;
  };
  const countsOf = async (c: TestClient) => (await list(c, 'counts=true')).quick_counts!;
  const createLine = async (account: Account, key: string) => {
    const res = await account.client.post('/api/lines', {
      username: `${key}${Date.now().toString(36)}`,
      password: 'pw-1234',
      subscription_months: 1,
      server_id: serverId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    lines.set(key, res.body.line);
    return res.body.line as { id: number; username: string };
  };
  const expire = async (key: string, days: number) => {
    const res = await admin.patch(`/api/lines/${lines.get(key)!.id}`, { expiry_date: addDays(today, days) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  const lineFixture = oscamLineFixture({ serverName: 'OSCam quick', prefix: 'quick' });
  beforeAll(async () => {
    ({ admin, oscam, serverId, owner: first, stranger: second } = lineFixture);
    // The first reseller: one line online, one shared, one expiring in 3 days, one expired, one plain.
    for (const key of ['aon', 'ashare', 'asoon', 'agone', 'aplain']) await createLine(first, key);
    // The second: one online, one expired.
    for (const key of ['bon', 'bgone']) await createLine(second, key);
    await expire('asoon', 3);
    await expire('agone', -1);
    await expire('bgone', -2);
    const on = (key: string, ip: string, thid: string) => watchingClient(lines.get(key)!.username, ip, thid);
    oscam.setClients([
      on('aon', '203.0.113.1', 'id_0x1'),
      on('ashare', '203.0.113.2', 'id_0x2'),
      { ...on('ashare', '198.51.100.2', 'id_0x3'), status: 'Duplicate' },
      on('bon', '203.0.113.4', 'id_0x4'),
    ]);
  });

  it('counts only the caller’s own lines for a reseller, and every line for an admin', async () => {
    // Online and sharing arrive with the agent's polls.
    const firstCounts = await waitFor(
      () => countsOf(first.client),
      (counts) => counts.sharing === 1 && counts.online === 2,
    );
    expect(firstCounts).toEqual({ expiring_soon: 1, expired: 1, online: 2, failing_sync: 0, sharing: 1 });
    const secondCounts = await waitFor(
      () => countsOf(second.client),
      (counts) => counts.online === 1,
    );
    expect(secondCounts).toEqual({ expiring_soon: 0, expired: 1, online: 1, failing_sync: 0, sharing: 0 });
    expect(await countsOf(admin)).toEqual({
      expiring_soon: 1,
      expired: 2,
      online: 3,
      failing_sync: 0,
      sharing: 1,
    });
    // Without `counts=true` the answer stays as it was.
    expect((await list(first.client, '')).quick_counts).toBeUndefined();
  });

  it('each quick filter lists exactly the lines its count counted, within the scope', async () => {
    const expected: Record<keyof Counts, { first: string[]; second: string[] }> = {
      expiring_soon: { first: ['asoon'], second: [] },
      expired: { first: ['agone'], second: ['bgone'] },
      online: { first: ['aon', 'ashare'], second: ['bon'] },
      failing_sync: { first: [], second: [] },
      sharing: { first: ['ashare'], second: [] },
    };
    for (const [filter, query] of Object.entries(quickQuery) as [keyof Counts, string][]) {
      for (const [who, account] of [
        ['first', first],
        ['second', second],
      ] as const) {
        const listed = await list(account.client, `${query}&counts=true`);
        const ids = listed.items.map((line) => line.id).sort((a, b) => a - b);
        const want = expected[filter][who].map((key) => lines.get(key)!.id).sort((a, b) => a - b);
        expect(ids, `${filter} for the ${who} reseller`).toEqual(want);
        expect(listed.total, `${filter} for the ${who} reseller`).toBe(want.length);
        expect(listed.quick_counts![filter], `${filter} for the ${who} reseller`).toBe(want.length);
      }
      const all = await list(admin, query);
      const both = [...expected[filter].first, ...expected[filter].second];
      expect(
        all.items.map((line) => line.id).sort((a, b) => a - b),
        `${filter} for the admin`,
      ).toEqual(both.map((key) => lines.get(key)!.id).sort((a, b) => a - b));
    }
    // The filters combine with the others: online and expired at once is none of these lines.
    expect((await list(first.client, 'online=true&status=expired')).items).toEqual([]);
  });

  it('a count follows the next change at once, a line’s or a poll’s', async () => {
    await expire('aplain', -3);
    expect((await countsOf(first.client)).expired).toBe(2);
    expect((await countsOf(second.client)).expired).toBe(1);
    await expire('aplain', 30);
    expect((await countsOf(first.client)).expired).toBe(1);

    oscam.setClients([watchingClient(lines.get('bon')!.username, '203.0.113.4', 'id_0x4')]);
    const after = await waitFor(
      () => countsOf(first.client),
      (counts) => counts.online === 0,
    );
    expect(after.sharing).toBe(0);
    expect((await list(first.client, 'online=true')).total).toBe(0);
    expect((await countsOf(second.client)).online).toBe(1);
  });
});
