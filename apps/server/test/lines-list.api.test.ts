import { addDays, isoDate, lineStatuses } from '@linedesk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptPlansDbOf } from '../src/db/client.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addActiveServer, signUpAccount, type Account } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** A small cap, so that "more than the cap" takes a handful of lines instead of 10,000. */
const CAP = 4;
const today = isoDate(new Date());

type ListedLine = { id: number; status: string; server_name: string | null; username: string };

describe('lines list: capped totals and derived sorts', () => {
  let server: TestServer;
  let admin: TestClient;
  let agent: TestAgent;
  // One agent serves one server record: the second server has an agent of its own.
  let secondAgent: TestAgent;
  let seller: Account;
  let ids: number[];
  const servers: { id: number; name: string }[] = [];

  beforeAll(async () => {
    [server, agent, secondAgent] = await Promise.all([
      startTestServer({
        LINES_TOTAL_CAP: String(CAP),
        SERVER_CHECK_INTERVAL_SECONDS: '0',
        LINE_RECONCILE_INTERVAL_SECONDS: '0',
      }),
      startLineAgent(),
      startLineAgent(),
    ]);
    admin = await server.admin();
    // Named so that their ids and names sort in opposite orders.
    for (const [name, own] of [
      ['Zulu', agent],
      ['Alpha', secondAgent],
    ] as const) {
      const added = await addActiveServer(admin, {
        apiPort: own.port,
        username: own.username,
        password: own.password,
        name,
      });
      servers.push({ id: added.id, name });
    }
    seller = await signUpAccount(server, 'list-seller@example.com', 100);
    ids = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await seller.client.post('/api/lines', {
        username: `list-line${i}`,
        password: 'pw-1234',
        ...(i === 6 ? { is_trial: true } : { subscription_months: 1 }),
        server_id: servers[i % 2]!.id,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.line.id);
    }
    // One of each status: suspended, expired, trial (the last), the rest active.
    expect((await seller.client.patch(`/api/lines/${ids[1]}`, { enabled: false })).status).toBe(200);
    expect((await admin.patch(`/api/lines/${ids[2]}`, { expiry_date: addDays(today, -1) })).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.stop();
    await secondAgent?.stop();
  });

  const list = async (query: string) => {
    const res = await seller.client.get(`/api/lines?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { items: ListedLine[]; total: number; total_is_lower_bound: boolean };
  };

  it('counts up to the cap, then says "at least", and pages on past it', async () => {
    const first = await list('page_size=3&page=1');
    expect(first).toMatchObject({ total: CAP, total_is_lower_bound: true });
    const pages = [first, await list('page_size=3&page=2'), await list('page_size=3&page=3')];
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1]);
    expect(new Set(pages.flatMap((p) => p.items.map((l) => l.id)))).toEqual(new Set(ids));

    // Within the cap the total is exact.
    expect(await list(`server_id=${servers[1]!.id}`)).toMatchObject({
      total: 3,
      total_is_lower_bound: false,
    });
    expect(await list('status=suspended')).toMatchObject({ total: 1, total_is_lower_bound: false });
    expect(await list('search=list-line')).toMatchObject({ total: CAP, total_is_lower_bound: true });
    expect(await list('search=list-line5')).toMatchObject({ total: 1, total_is_lower_bound: false });
  });

  it('a total follows the next change at once', async () => {
    expect((await list('status=suspended')).total).toBe(1);
    expect((await seller.client.patch(`/api/lines/${ids[3]}`, { enabled: false })).status).toBe(200);
    expect((await list('status=suspended')).total).toBe(2);
    expect((await seller.client.patch(`/api/lines/${ids[3]}`, { enabled: true })).status).toBe(200);
    expect((await list('status=suspended')).total).toBe(1);
  });

  it('sorts by status and by server name, then id, across pages', async () => {
    const all = (await list('page_size=100')).items;
    const rank = (name: string | null) => (name === null ? '\uffff' : name);
    const byId = (a: ListedLine, b: ListedLine) => a.id - b.id;
    const cases: [string, (a: ListedLine, b: ListedLine) => number][] = [
      ['status', (a, b) => a.status.localeCompare(b.status) || byId(a, b)],
      ['server_name', (a, b) => rank(a.server_name).localeCompare(rank(b.server_name)) || byId(a, b)],
    ];
    for (const [sort, compare] of cases) {
      const ascending = [...all].sort(compare).map((l) => l.id);
      for (const order of ['asc', 'desc'] as const) {
        const expected = order === 'asc' ? ascending : [...ascending].reverse();
        const whole = (await list(`sort=${sort}&order=${order}&page_size=100`)).items.map((l) => l.id);
        expect(whole, `${sort} ${order}`).toEqual(expected);
        const paged = [];
        for (let page = 1; page <= 3; page += 1) {
          paged.push(...(await list(`sort=${sort}&order=${order}&page_size=3&page=${page}`)).items);
        }
        expect(
          paged.map((l) => l.id),
          `${sort} ${order}, 3 per page`,
        ).toEqual(expected);
      }
    }
    const statuses = (await list('sort=status&order=asc&page_size=100')).items.map((l) => l.status);
    expect(statuses).toEqual(['active', 'active', 'active', 'active', 'expired', 'suspended', 'trial']);
    const names = (await list('sort=server_name&order=asc&page_size=100')).items.map((l) => l.server_name);
    expect(names).toEqual(['Alpha', 'Alpha', 'Alpha', 'Zulu', 'Zulu', 'Zulu', 'Zulu']);

    // A server renamed moves its lines at once (the names are kept between requests until a change).
    const zulu = servers.find((s) => s.name === 'Zulu')!;
    expect((await admin.patch(`/api/servers/${zulu.id}`, { server_name: 'Aardvark' })).status).toBe(200);
    try {
      const renamed = (await list('sort=server_name&order=asc&page_size=100')).items.map(
        (l) => l.server_name,
      );
      expect(renamed).toEqual(['Aardvark', 'Aardvark', 'Aardvark', 'Aardvark', 'Alpha', 'Alpha', 'Alpha']);
    } finally {
      expect((await admin.patch(`/api/servers/${zulu.id}`, { server_name: 'Zulu' })).status).toBe(200);
    }
  });
  it('a status filter selects exactly the lines that report that status, at each boundary', async () => {
    // Its own account, so the other tests' totals stay as they are.
    const owner = await signUpAccount(server, 'status-boundary@example.com', 100);
    const cases: { name: string; trial?: boolean; expiry?: string; enabled?: boolean; status: string }[] = [
      { name: 'today', expiry: today, status: 'active' },
      { name: 'yesterday', expiry: addDays(today, -1), status: 'expired' },
      { name: 'tomorrow', expiry: addDays(today, 1), status: 'active' },
      { name: 'disabled', enabled: false, status: 'suspended' },
      { name: 'disabledpast', enabled: false, expiry: addDays(today, -1), status: 'suspended' },
      { name: 'trial', trial: true, status: 'trial' },
      { name: 'trialtoday', trial: true, expiry: today, status: 'trial' },
      { name: 'trialpast', trial: true, expiry: addDays(today, -1), status: 'expired' },
    ];
    const expected = new Map<number, string>();
    for (const c of cases) {
      const created = await owner.client.post('/api/lines', {
        username: `status-${c.name}`,
        password: 'pw-1234',
        ...(c.trial ? { is_trial: true } : { subscription_months: 1 }),
        server_id: servers[0]!.id,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id: number = created.body.line.id;
      if (c.expiry)
        expect((await admin.patch(`/api/lines/${id}`, { expiry_date: c.expiry })).status).toBe(200);
      if (c.enabled === false) {
        expect((await owner.client.patch(`/api/lines/${id}`, { enabled: false })).status).toBe(200);
      }
      const shown = await owner.client.get(`/api/lines/${id}`);
      expect(shown.body.status, c.name).toBe(c.status);
      expected.set(id, c.status);
    }
    const selected = new Map<number, string>();
    for (const status of lineStatuses) {
      const res = await owner.client.get(`/api/lines?status=${status}&page_size=100`);
      expect(res.status).toBe(200);
      for (const line of res.body.items as ListedLine[]) {
        expect(line.status, `${line.username} under status=${status}`).toBe(status);
        expect(selected.has(line.id), `${line.username} under two filters`).toBe(false);
        selected.set(line.id, status);
      }
    }
    expect(selected).toEqual(expected);
  });

  it('the same filter with other values (another reseller, server, search, page) lists only what matches them', async () => {
    // One statement serves every filter of a shape; each request's own values must be the ones used.
    const other = await signUpAccount(server, 'list-other@example.com', 100);
    const created = await other.client.post('/api/lines', {
      username: 'other-line0',
      password: 'pw-1234',
      subscription_months: 1,
      server_id: servers[0]!.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const names = async (client: TestClient, query: string) => {
      const res = await client.get(`/api/lines?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.items as ListedLine[]).map((l) => l.username).sort();
    };
    for (let round = 0; round < 2; round += 1) {
      expect(await names(other.client, 'page_size=100')).toEqual(['other-line0']);
      expect(await names(seller.client, 'page_size=100')).toEqual([
        'list-line0',
        'list-line1',
        'list-line2',
        'list-line3',
        'list-line4',
        'list-line5',
        'list-line6',
      ]);
      expect(await names(seller.client, `server_id=${servers[1]!.id}&page_size=100`)).toEqual([
        'list-line1',
        'list-line3',
        'list-line5',
      ]);
      expect(await names(other.client, `server_id=${servers[1]!.id}&page_size=100`)).toEqual([]);
      expect(await names(seller.client, 'search=LINE4&page_size=100')).toEqual(['list-line4']);
      expect(await names(seller.client, 'search=line_&page_size=100')).toEqual([]);
      expect(await names(other.client, 'search=line4&page_size=100')).toEqual([]);
      expect(await names(seller.client, 'sort=username&order=asc&page_size=2&page=2')).toEqual([
        'list-line2',
        'list-line3',
      ]);
      expect(await names(seller.client, 'sort=username&order=asc&page_size=2&page=4')).toEqual([
        'list-line6',
      ]);
    }
  });

  it("plans a reseller's first page once and keeps that plan for every reseller, and for nothing else", async () => {
    const other = await signUpAccount(server, 'list-plans@example.com', 100);
    // A page size of its own, so that its statement is told apart from the other tests'.
    for (let round = 0; round < 4; round += 1) {
      for (const client of [seller.client, other.client]) {
        const res = await client.get('/api/lines?page_size=11');
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
    }
    const { db } = server.built.ctx;
    // On PostgreSQL such statements run on connections of their own (requests one after another
    // leave one of them open); the embedded database has one connection.
    const plans = await (keptPlansDbOf(db) ?? db).execute<{ generic: number; custom: number }>(sql`
      select generic_plans::int as generic, custom_plans::int as custom
      from pg_prepared_statements
      where name like 'lines_page_%' and statement like '%limit 11%'`);
    expect(plans.rows).toEqual([{ generic: 8, custom: 0 }]);
    // The panel's other statements are still planned with their values.
    const mode = await db.execute<{ plan_cache_mode: string }>(sql`show plan_cache_mode`);
    expect(mode.rows[0]?.plan_cache_mode).toBe('auto');
  });
});

describe('lines search on a panel whose lines mostly share a word', () => {
  let server: TestServer;
  let admin: TestClient;
  let agent: TestAgent;

  beforeAll(async () => {
    [server, agent] = await Promise.all([
      startTestServer({ SERVER_CHECK_INTERVAL_SECONDS: '0', LINE_RECONCILE_INTERVAL_SECONDS: '0' }),
      startLineAgent(),
    ]);
    admin = await server.admin();
    await addActiveServer(admin, { apiPort: agent.port, username: agent.username, password: agent.password });
    const me = (await admin.get('/api/me')).body as { id: string; email: string };
    // 600 imported lines, every one a "Customer": a search for one of them is looked up by its rarer
    // part ("r12345" of "customer12345") and each line found is checked for the whole search.
    await server.built.ctx.db.execute(sql`
      insert into users (username, password, expiry_date, owner_id, owner_email, name, email)
      select 'imported' || g, 'pw-' || g, current_date + 30, ${me.id}, ${me.email},
        'Customer ' || g, 'customer' || g || '@example.com'
      from generate_series(1, 600) as g`);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.stop();
  });

  const found = async (search: string) => {
    const res = await admin.get(`/api/lines?search=${encodeURIComponent(search)}&page_size=100`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return {
      names: (res.body.items as ListedLine[]).map((l) => l.username).sort(),
      total: res.body.total as number,
    };
  };

  it('lists exactly the lines holding the whole search, not those holding only its rarer part', async () => {
    expect(await found('customer12345')).toEqual({ names: [], total: 0 });
    expect((await found('customer59')).names).toEqual([
      'imported59',
      'imported590',
      'imported591',
      'imported592',
      'imported593',
      'imported594',
      'imported595',
      'imported596',
      'imported597',
      'imported598',
      'imported599',
    ]);

    // Lines holding "r12345" or "customer1234" but not "customer12345", and one holding it.
    for (const [username, name] of [
      ['wanted', 'Anna customer12345'],
      ['near1', 'Bob ustomer12345'],
      ['near2', 'Carl xr12345'],
      ['near3', 'Dora customer1234'],
    ]) {
      const created = await admin.post('/api/lines', {
        username,
        password: 'pw-1234',
        subscription_months: 1,
        name,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    expect(await found('customer12345')).toEqual({ names: ['wanted'], total: 1 });
    expect(await found('CUSTOMER12345')).toEqual({ names: ['wanted'], total: 1 });
    expect((await found('r12345')).names).toEqual(['near1', 'near2', 'wanted']);
    expect((await found('customer1234')).names).toEqual(['near3', 'wanted']);
  });

  it('lists every line holding a search most lines hold, page after page, with its total', async () => {
    // "customer1" is held by imported1, 10-19 and 100-199 (111 of the 600, and "customer1234" by the
    // lines above when this runs after them): a page walks the list's order checking each line.
    const pages = [];
    for (const page of [1, 2]) {
      const res = await admin.get(`/api/lines?search=customer1&page_size=100&page=${page}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      pages.push(res.body as { items: ListedLine[]; total: number });
    }
    const listed = pages.flatMap((p) => p.items.map((l) => l.username));
    const imported = ['imported1', ...Array.from({ length: 10 }, (_, i) => `imported${10 + i}`)];
    imported.push(...Array.from({ length: 100 }, (_, i) => `imported${100 + i}`));
    expect(listed.filter((name) => name.startsWith('imported')).sort()).toEqual(imported.sort());
    expect(new Set(listed).size).toBe(listed.length);
    expect(pages[0]!.items).toHaveLength(100);
    expect(pages[0]!.total).toBe(listed.length);
    // Newest first, as the list is ordered without a sort: the lines of one import in reverse.
    const ids = pages.flatMap((p) => p.items.map((l) => l.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
