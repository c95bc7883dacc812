import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import {
  addAgentServer,
  balanceOf,
  bulkJobDone,
  signUpAccount,
  type Account,
} from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

/**
 * Packages: plans sell OSCam groups (named per server), services, time windows and AU; a line keeps
 * its own values ("kept from the server") over its plan's, and a plan change asks whether to keep
 * them. Over a real OSCam agent: what the customer gets is what its oscam.user says.
 */
describe('line packages', () => {
  let server: TestServer;
  let admin: TestClient;
  let agent: TestAgent;
  let otherAgent: TestAgent;
  let oscamServer: { id: number };
  let unnamedServer: { id: number };
  let reseller: Account;
  let counter = 0;
  const name = () => `pkg${++counter}x${Date.now().toString(36)}`;
  const oscamUser = () => readFile(agent.configFile, 'utf8');
  /** The account's section: its lines up to the next blank line, a comment or the next section. */
  const section = async (username: string) => {
    const text = await oscamUser();
    const at = text.indexOf(`user = ${username}\n`);
    if (at === -1) return [];
    const lines = text.slice(at).split('\n');
    const end = lines.findIndex((line) => line === '' || line.startsWith('#') || line.startsWith('['));
    return lines.slice(0, end === -1 ? undefined : end);
  };
  const sectionHas = (username: string, wanted: string[]) =>
    waitFor(
      () => section(username),
      (lines) => wanted.every((line) => lines.includes(line)),
    );

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      LINE_SYNC_RETRY_BASE_MS: '200',
    });
    admin = await server.admin();
    agent = await startLineAgent({ oscam: true });
    oscamServer = await addAgentServer(admin, agent, 'OSCam');
    // A second server whose admin has named no groups: no line of a package plan may go there.
    otherAgent = await startLineAgent({ oscam: true });
    unnamedServer = await addAgentServer(admin, otherAgent, 'Unnamed');
    reseller = await signUpAccount(server, 'packages-reseller@example.com', 100);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
    await otherAgent?.cleanup();
  });

  it("names a server's groups and services, refusing names that cannot be told apart", async () => {
    const bad = await admin.patch(`/api/servers/${oscamServer.id}`, {
      group_names: { '1': 'Sports', '2': 'sports' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('SERVER_INVALID_GROUP_NAMES');
    expect(
      (await admin.patch(`/api/servers/${oscamServer.id}`, { group_names: { '65': 'Too far' } })).status,
    ).toBe(422);
    const badService = await admin.patch(`/api/servers/${oscamServer.id}`, { service_names: ['sky sports'] });
    expect(badService.body.error.code).toBe('SERVER_INVALID_SERVICE_NAMES');

    const named = await admin.patch(`/api/servers/${oscamServer.id}`, {
      group_names: { '1': 'Sports', '3': 'Movies' },
      service_names: ['sports', 'adult'],
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body).toMatchObject({
      group_names: { '1': 'Sports', '3': 'Movies' },
      service_names: ['sports', 'adult'],
    });
    expect((await admin.get(`/api/servers/${oscamServer.id}`)).body.group_names).toEqual({
      '1': 'Sports',
      '3': 'Movies',
    });
  });

  it('refuses a plan with a group no server names, or a time window OSCam cannot read, and saves nothing', async () => {
    const before = (await admin.get('/api/line-plans?include_archived=true')).body.items.length;
    const unnamed = await admin.post('/api/line-plans', {
      name: 'Group 7',
      prices: [{ months: 1, credits: 3 }],
      restrictions: { groups: [7] },
    });
    expect(unnamed.status).toBe(422);
    expect(unnamed.body.error).toMatchObject({
      code: 'LINE_PLAN_GROUP_UNNAMED',
      message: 'No server names group 7: name it on a server page first',
    });
    const badWindow = await admin.post('/api/line-plans', {
      name: 'Evenings',
      prices: [{ months: 1, credits: 3 }],
      restrictions: { groups: [1], allowed_timeframe: 'evenings' },
    });
    expect(badWindow.status).toBe(422);
    expect(badWindow.body.error.code).toBe('LINE_PLAN_INVALID_TIMEFRAME');
    const badAu = await admin.post('/api/line-plans', {
      name: 'AU',
      prices: [{ months: 1, credits: 3 }],
      restrictions: { au: 'reader one' },
    });
    expect(badAu.body.error.code).toBe('LINE_PLAN_INVALID_AU');
    expect((await admin.get('/api/line-plans?include_archived=true')).body.items.length).toBe(before);
  });

  it("writes a package plan's group, services, time window and AU into oscam.user; resellers see package names", async () => {
    const plan = await admin.post('/api/line-plans', {
      name: 'Sports and movies',
      prices: [{ months: 1, credits: 3 }],
      restrictions: {
        groups: [3, 1],
        services: ['sports', '!adult'],
        allowed_timeframe: 'ALL@06:00-24:00;SAT@00:00-24:00',
        au: '1',
      },
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    expect(plan.body.restrictions).toMatchObject({ groups: [1, 3], services: ['sports', '!adult'], au: '1' });

    const seen = (await reseller.client.get('/api/line-plans')).body.items.find(
      (p: { id: number }) => p.id === plan.body.id,
    );
    expect(seen.packages).toEqual(['Sports', 'Movies']);

    const username = name();
    const created = await reseller.client.post('/api/lines', {
      username,
      password: 'pw-1234',
      subscription_months: 1,
      server_id: oscamServer.id,
      plan_id: plan.body.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.sync, JSON.stringify(created.body)).toMatchObject({ ok: true });
    const lines = await section(username);
    expect(lines).toContain('group = 1,3');
    expect(lines).toContain('services = sports,!adult');
    expect(lines).toContain('allowedtimeframe = ALL@06:00-24:00;SAT@00:00-24:00');
    expect(lines).toContain('au = 1');
    const line = await reseller.client.get(`/api/lines/${created.body.line.id}`);
    expect(line.body.packages).toEqual(['Sports', 'Movies']);
  });

  it('refuses a line of a package plan on a server that does not name its groups, before charging', async () => {
    const plan = await admin.post('/api/line-plans', {
      name: 'Movies',
      prices: [{ months: 1, credits: 4 }],
      restrictions: { groups: [3] },
    });
    const balance = await balanceOf(server, reseller.id);
    const refused = await reseller.client.post('/api/lines', {
      username: name(),
      password: 'pw-1234',
      subscription_months: 1,
      server_id: unnamedServer.id,
      plan_id: plan.body.id,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'LINE_PLAN_GROUP_UNKNOWN',
      message: 'Server Unnamed has no package for group 3: name the group on the server page first',
    });
    expect(await balanceOf(server, reseller.id)).toBe(balance);

    // A plan edit that would leave lines on a server without the package is refused whole.
    const onOscam = await reseller.client.post('/api/lines', {
      username: name(),
      password: 'pw-1234',
      subscription_months: 1,
      server_id: oscamServer.id,
      plan_id: plan.body.id,
    });
    expect(onOscam.status).toBe(201);
    await admin.patch(`/api/servers/${unnamedServer.id}`, { group_names: { '5': 'Kids' } });
    const edit = await admin.patch(`/api/line-plans/${plan.body.id}`, { restrictions: { groups: [5] } });
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe('LINE_PLAN_GROUP_UNKNOWN');
    expect(
      (await admin.get('/api/line-plans')).body.items.find((p: { id: number }) => p.id === plan.body.id),
    ).toMatchObject({ restrictions: { groups: [3] } });
  });

  it("writes a line's own values over its plan's; only an admin sets them, the owner may give them back", async () => {
    const plan = await admin.post('/api/line-plans', {
      name: 'Sports, two screens',
      prices: [{ months: 1, credits: 3 }],
      restrictions: { groups: [1], max_connections: 2, uniq: 1 },
    });
    const username = name();
    const created = await reseller.client.post('/api/lines', {
      username,
      password: 'pw-1234',
      subscription_months: 1,
      server_id: oscamServer.id,
      plan_id: plan.body.id,
    });
    const id = created.body.line.id as number;
    expect(await section(username)).toContain('max_connections = 2');

    // A reseller cannot give the line more than its plan sells.
    const more = await reseller.client.patch(`/api/lines/${id}`, {
      restriction_overrides: { groups: [1, 3] },
    });
    expect(more.status).toBe(403);
    expect(more.body.error.code).toBe('LINE_OVERRIDES_ADMIN_ONLY');
    // Nor a group its server has no package for, even an admin.
    const unknown = await admin.patch(`/api/lines/${id}`, { restriction_overrides: { groups: [9] } });
    expect(unknown.status).toBe(409);
    expect(unknown.body.error.code).toBe('LINE_PLAN_GROUP_UNKNOWN');
    const badWindow = await admin.patch(`/api/lines/${id}`, {
      restriction_overrides: { allowed_timeframe: '25:00-26:00' },
    });
    expect(badWindow.body.error.code).toBe('LINE_PLAN_INVALID_TIMEFRAME');

    const kept = await admin.patch(`/api/lines/${id}`, {
      restriction_overrides: { groups: [1, 3], max_connections: 4 },
      entry_extra: { oscam: ['description = vip customer', 'keepalive = 1'] },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.sync).toMatchObject({ ok: true });
    const lines = await section(username);
    expect(lines).toContain('group = 1,3');
    expect(lines).toContain('max_connections = 4');
    expect(lines).toContain('uniq = 1');
    expect(lines.slice(-2)).toEqual(['description = vip customer', 'keepalive = 1']);
    const read = await reseller.client.get(`/api/lines/${id}`);
    expect(read.body).toMatchObject({
      restriction_overrides: { groups: [1, 3], max_connections: 4 },
      entry_extra: { oscam: ['description = vip customer', 'keepalive = 1'] },
      packages: ['Sports', 'Movies'],
    });

    // The owner may not touch the verbatim lines, but may give a setting back to the plan.
    const extra = await reseller.client.patch(`/api/lines/${id}`, { entry_extra: null });
    expect(extra.body.error.code).toBe('LINE_OVERRIDES_ADMIN_ONLY');
    const back = await reseller.client.patch(`/api/lines/${id}`, {
      restriction_overrides: { groups: [1, 3] },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    await sectionHas(username, ['max_connections = 2', 'group = 1,3', 'keepalive = 1']);
  });

  it('asks on a plan change whether the line keeps its own values', async () => {
    const [from, to] = await Promise.all(
      ['From', 'To'].map((label, i) =>
        admin.post('/api/line-plans', {
          name: `${label} ${name()}`,
          prices: [{ months: 1, credits: 3 }],
          restrictions: { groups: [1], max_connections: i + 1 },
        }),
      ),
    );
    const make = async () => {
      const username = name();
      const created = await reseller.client.post('/api/lines', {
        username,
        password: 'pw-1234',
        subscription_months: 1,
        server_id: oscamServer.id,
        plan_id: from!.body.id,
      });
      const id = created.body.line.id as number;
      const set = await admin.patch(`/api/lines/${id}`, { restriction_overrides: { groups: [3] } });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      return { id, username };
    };
    const keeping = await make();
    const dropping = await make();
    const change = async (ids: number[], keep: boolean) => {
      const started = await reseller.client.post('/api/lines/bulk', {
        action: 'change_plan',
        ids,
        plan_id: to!.body.id,
        keep_overrides: keep,
      });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const job = await bulkJobDone(reseller.client, started.body.id);
      expect(job).toMatchObject({ succeeded: 1 });
    };
    await change([keeping.id], true);
    await change([dropping.id], false);

    expect((await reseller.client.get(`/api/lines/${keeping.id}`)).body).toMatchObject({
      plan_id: to!.body.id,
      restriction_overrides: { groups: [3] },
      packages: ['Movies'],
    });
    expect((await reseller.client.get(`/api/lines/${dropping.id}`)).body).toMatchObject({
      plan_id: to!.body.id,
      restriction_overrides: {},
      packages: ['Sports'],
    });
    await sectionHas(keeping.username, ['group = 3', 'max_connections = 2']);
    await sectionHas(dropping.username, ['group = 1', 'max_connections = 2']);
  });
});
