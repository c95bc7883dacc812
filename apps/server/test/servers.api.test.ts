import { readFile, rm } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cccamServers } from '../src/db/schema.js';
import { serversRepository } from '../src/modules/servers/servers.repository.js';
import {
  startFakeAgent,
  startLineAgent,
  startSilentServer,
  type FakeAgent,
  type TestAgent,
} from './support/line-agent.js';
import type { TestClient } from './support/test-client.js';
import { freePort } from '../../agent/test/ports.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { openEventStream } from './support/event-stream.js';
import { waitFor } from './support/wait-for.js';

const ADMIN_TEXT =
  'You do not have permission to access this page. This page is only accessible to administrators.';

describe('servers', () => {
  let server: TestServer;
  let admin: TestClient;
  let agent: TestAgent;
  let fake: FakeAgent;
  const extraAgents: TestAgent[] = [];

  const body = (overrides: Record<string, unknown> = {}) => ({
    server_name: 'Main',
    host_ip: '127.0.0.1',
    port: 12000,
    api_port: agent.port,
    username: agent.username,
    password: agent.password,
    ...overrides,
  });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/servers', body(overrides));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number } & Record<string, unknown>;
  };

  beforeAll(async () => {
    // The background check is off here so it cannot change statuses under these tests.
    server = await startTestServer({ SERVER_CHECK_INTERVAL_SECONDS: '0' });
    admin = await server.admin();
    [agent, fake] = await Promise.all([startLineAgent(), startFakeAgent()]);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
    await fake?.close();
    await Promise.all(extraAgents.map((extra) => extra.cleanup()));
  });

  it("answers GET /api/config with 'No active CCcam servers available' while none is active", async () => {
    // Tested when added, but its agent does not answer: not active.
    await create({ server_name: 'Not answering', api_port: await freePort() });
    const res = await admin.get('/api/config');
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({
      code: 'NO_ACTIVE_SERVERS',
      message: 'No active CCcam servers available',
    });
  });

  it('adds a server with the spec defaults, tests it at once, and never returns its password', async () => {
    const { api_port: _omitted, ...withoutApiPort } = body({ server_name: '  Berlin  ' });
    const res = await admin.post('/api/servers', withoutApiPort);
    expect(res.status).toBe(201);
    const me = await admin.get('/api/me');
    expect(res.body).toMatchObject({
      server_name: 'Berlin',
      host_ip: '127.0.0.1',
      port: 12000,
      api_port: 3000,
      protocol: 'CCcam',
      // Adding it ran the connection test: nothing answers on the default API port here, and the
      // answer says so without anyone pressing Test.
      status: 'error',
      use_tls: false,
      tls_insecure: false,
      has_password: true,
      user_id: me.body.id,
      last_connection: null,
      version: null,
    });
    expect(res.body.last_error).toMatch(/^Failed to connect to server: .*:3000/);
    expect(res.body).not.toHaveProperty('password');

    const one = await admin.get(`/api/servers/${res.body.id}`);
    const list = await admin.get('/api/servers?page_size=100');
    expect(list.body).toMatchObject({ page: 1, page_size: 100 });
    expect(list.body.total).toBe(list.body.items.length);
    for (const text of [JSON.stringify(res.body), JSON.stringify(one.body), JSON.stringify(list.body)]) {
      expect(text).not.toContain(agent.password);
      expect(text).not.toContain('"password"');
    }

    // Stored sealed, not as the plaintext; the panel's secret opens it again.
    const [row] = await server.built.ctx.db
      .select()
      .from(cccamServers)
      .where(eq(cccamServers.id, res.body.id));
    expect(row!.passwordEncrypted).not.toContain(agent.password);
    expect(row!.passwordEncrypted).not.toContain(Buffer.from(agent.password).toString('base64'));
    expect(server.built.ctx.serverSecrets.decrypt(row!.passwordEncrypted)).toBe(agent.password);
  });

  it("lists the missing fields in 'Missing required fields: ...'", async () => {
    const none = await admin.post('/api/servers', {});
    expect(none.status).toBe(422);
    expect(none.body.error).toMatchObject({
      code: 'MISSING_REQUIRED_FIELDS',
      message: 'Missing required fields: server_name, host_ip, port, username, password',
    });
    const some = await admin.post('/api/servers', {
      server_name: ' ',
      host_ip: '10.0.0.1',
      port: 12000,
      username: '',
      password: 'pw',
    });
    expect(some.body.error.message).toBe('Missing required fields: server_name, username');
    const onlyPassword = await admin.post('/api/servers', body({ password: null }));
    expect(onlyPassword.body.error.message).toBe('Missing required fields: password');
  });

  it("refuses a port outside 1-65535 on add with 'CCcam port must be between 1 and 65535'", async () => {
    for (const port of [0, 65536, -1, 1.5]) {
      const res = await admin.post('/api/servers', body({ port }));
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({
        code: 'CCCAM_PORT_OUT_OF_RANGE',
        message: 'CCcam port must be between 1 and 65535',
      });
    }
    const apiPort = await admin.post('/api/servers', body({ api_port: 70000 }));
    expect(apiPort.body.error.message).toBe('Port must be between 1 and 65535');
    const host = await admin.post('/api/servers', body({ host_ip: 'evil.example/x?' }));
    expect(host.body.error.code).toBe('INVALID_HOST');
    const ipv6 = await admin.post('/api/servers', body({ host_ip: '::1', server_name: 'IPv6' }));
    expect(ipv6.status).toBe(201);
    expect((await admin.delete(`/api/servers/${ipv6.body.id}`)).status).toBe(204);
  });

  it("edits a server: 'Server name cannot be empty', 'Port must be between 1 and 65535', empty password kept", async () => {
    // Its own agent: the records below bind this suite's agent to "Agent".
    const own = await startLineAgent();
    extraAgents.push(own);
    const created = await create({ server_name: 'Edit me', api_port: own.port });
    const empty = await admin.patch(`/api/servers/${created.id}`, { server_name: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.error).toMatchObject({
      code: 'SERVER_NAME_EMPTY',
      message: 'Server name cannot be empty',
    });
    for (const port of [0, 65536]) {
      const res = await admin.patch(`/api/servers/${created.id}`, { port });
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({
        code: 'PORT_OUT_OF_RANGE',
        message: 'Port must be between 1 and 65535',
      });
    }
    const edited = await admin.patch(`/api/servers/${created.id}`, {
      server_name: 'Edited',
      port: 15000,
      protocol: 'NewCamd',
      password: '',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ server_name: 'Edited', port: 15000, protocol: 'NewCamd' });
    // The empty password kept the stored one: the test still logs in.
    const test = await admin.post(`/api/servers/${created.id}/test`);
    expect(test.body).toMatchObject({ ok: true, status: 'active' });

    const missing = await admin.patch('/api/servers/999999', { server_name: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'SERVER_NOT_FOUND', message: 'Server not found' });
  });

  it("a connection test against the real agent makes the server active with last_connection and the agent's version", async () => {
    const created = await create({ server_name: 'Agent' });
    const before = Date.now();
    const res = await admin.post(`/api/servers/${created.id}/test`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      status: 'active',
      health: true,
      auth: true,
      version: agent.version,
      code: null,
    });
    expect(agent.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(new Date(res.body.last_connection).getTime()).toBeGreaterThanOrEqual(before - 5000);
    const stored = await admin.get(`/api/servers/${created.id}`);
    expect(stored.body).toMatchObject({
      status: 'active',
      version: agent.version,
      last_connection: res.body.last_connection,
      last_error: null,
    });
  });

  it('binds a record to its agent at the first test and refuses a second record on the same agent', async () => {
    const first = await admin.get('/api/servers?search=Agent');
    const bound = (first.body.items as { id: number; server_name: string }[]).find(
      (item) => item.server_name === 'Agent',
    )!;
    const copy = await create({ server_name: 'Copy of Agent', host_ip: 'localhost' });
    const res = await admin.post(`/api/servers/${copy.id}/test`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: false,
      status: 'error',
      code: 'SERVER_AGENT_TAKEN',
      message: 'This agent already answers for server "Agent"; one agent serves one server record',
    });
    expect((await admin.get(`/api/servers/${copy.id}`)).body.last_error).toBe(res.body.message);
    // The record bound first is untouched and still passes its test.
    expect((await admin.post(`/api/servers/${bound.id}/test`)).body).toMatchObject({
      ok: true,
      status: 'active',
    });
    const stored = await server.built.ctx.db
      .select({ agentId: cccamServers.agentId })
      .from(cccamServers)
      .where(eq(cccamServers.id, bound.id));
    expect(stored[0]!.agentId).toBe((await agent.current().call('GET', '/')).body.agent_id);
  });

  it('refuses an agent that answers for another identity until the login is saved again', async () => {
    const own = await startLineAgent();
    extraAgents.push(own);
    const created = await create({ server_name: 'Reinstalled', api_port: own.port });
    expect((await admin.post(`/api/servers/${created.id}/test`)).body.ok).toBe(true);
    const sold = await admin.post('/api/lines', {
      username: 'identity-line',
      password: 'first-pw',
      subscription_months: 1,
      server_id: created.id,
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    // Another agent behind the same address: a new box, or one installed anew without its identity.
    await own.stop();
    await rm(`${own.configFile}.linedesk-id`);
    await own.restart();
    const refused = await admin.post(`/api/servers/${created.id}/test`);
    expect(refused.body).toMatchObject({
      ok: false,
      status: 'error',
      code: 'SERVER_AGENT_IDENTITY_CHANGED',
      message:
        'The agent answers for another identity than the one this server record was bound to; save the agent login again if the agent was reinstalled on purpose',
    });
    // Nothing is delivered to it meanwhile: the line's change waits, failing with the refusal.
    const changed = await admin.patch(`/api/lines/${sold.body.line.id}`, { password: 'second-pw' });
    expect(changed.status).toBe(200);
    expect(changed.body.line.sync_state).toBe('failing');
    expect(changed.body.line.sync_error).toContain(refused.body.message);
    expect(await readFile(own.configFile, 'utf8')).not.toContain('second-pw');
    // An admin who meant it saves the login again: the next test binds the record anew.
    expect((await admin.patch(`/api/servers/${created.id}`, { password: own.password })).status).toBe(200);
    expect((await admin.post(`/api/servers/${created.id}/test`)).body).toMatchObject({
      ok: true,
      status: 'active',
    });
    await waitFor(
      () => readFile(own.configFile, 'utf8'),
      (text) => text.includes('F: identity-line second-pw '),
    );
  });

  it("a wrong password fails with 'API Authentication failed. HTTP status: 401' and sets status error", async () => {
    const created = await create({ server_name: 'Wrong password', password: 'not-the-password' });
    const res = await admin.post(`/api/servers/${created.id}/test`);
    expect(res.body).toMatchObject({
      ok: false,
      status: 'error',
      health: true,
      auth: false,
      code: 'SERVER_AUTH_FAILED',
      http_status: 401,
      message: 'API Authentication failed. HTTP status: 401',
      last_connection: null,
    });
    const stored = await admin.get(`/api/servers/${created.id}`);
    expect(stored.body).toMatchObject({
      status: 'error',
      last_error: 'API Authentication failed. HTTP status: 401',
    });
  });

  it('reports health, auth and API failures with the spec texts', async () => {
    const created = await create({ server_name: 'Fake', api_port: fake.port });
    const test = async () => (await admin.post(`/api/servers/${created.id}/test`)).body;

    fake.answer({ health: 503, root: 200 });
    expect(await test()).toMatchObject({
      ok: false,
      status: 'error',
      health: false,
      code: 'SERVER_HEALTH_CHECK_FAILED',
      message: 'Health check failed with status: 503',
    });
    fake.answer({ health: 200, root: 403 });
    expect(await test()).toMatchObject({
      health: true,
      auth: false,
      message: 'API Authentication failed. HTTP status: 403',
    });
    fake.answer({ health: 200, root: 500 });
    expect(await test()).toMatchObject({
      status: 'error',
      code: 'SERVER_API_NOT_RESPONDING',
      message: 'CCcam server API is not responding. HTTP status: 500',
    });
    fake.answer({ health: 200, root: 200 });
    expect(await test()).toMatchObject({ ok: true, status: 'active', version: 'fake' });
  });

  it("a server nobody answers on fails with 'Failed to connect to server: ...'", async () => {
    const created = await create({ server_name: 'Nobody home', api_port: await freePort() });
    const res = await admin.post(`/api/servers/${created.id}/test`);
    expect(res.body).toMatchObject({ ok: false, status: 'error', code: 'SERVER_CONNECTION_FAILED' });
    expect(res.body.message).toMatch(/^Failed to connect to server: .*ECONNREFUSED/);
  });

  it("reports 'Server configuration is incomplete. Missing fields: ...'", async () => {
    const created = await create({ server_name: 'Incomplete' });
    const emptied = await admin.patch(`/api/servers/${created.id}`, { host_ip: '', username: '' });
    expect(emptied.status).toBe(200);
    const res = await admin.post(`/api/servers/${created.id}/test`);
    expect(res.body).toMatchObject({
      ok: false,
      status: 'error',
      code: 'SERVER_CONFIG_INCOMPLETE',
      message: 'Server configuration is incomplete. Missing fields: host_ip, username',
    });
    const call = await admin.post(`/api/servers/${created.id}/agent-call`, { endpoint: 'health' });
    expect(call.status).toBe(422);
    expect(call.body.error).toMatchObject({
      code: 'SERVER_CONFIG_INCOMPLETE',
      message: 'Server configuration is incomplete. Missing fields: host_ip, username',
    });
  });

  it('reaches an https agent with a self-signed certificate only when told to skip verification', async () => {
    const tlsAgent = await startLineAgent({ tls: true });
    try {
      const strict = await create({ server_name: 'TLS strict', api_port: tlsAgent.port, use_tls: true });
      const refused = await admin.post(`/api/servers/${strict.id}/test`);
      expect(refused.body).toMatchObject({ ok: false, code: 'SERVER_CONNECTION_FAILED' });
      expect(refused.body.message).toMatch(/^Failed to connect to server: .*certificate/);

      const relaxed = await admin.patch(`/api/servers/${strict.id}`, { tls_insecure: true });
      expect(relaxed.body).toMatchObject({ use_tls: true, tls_insecure: true });
      const ok = await admin.post(`/api/servers/${strict.id}/test`);
      expect(ok.body).toMatchObject({ ok: true, status: 'active', version: tlsAgent.version });
    } finally {
      await tlsAgent.cleanup();
    }
  });

  it('is admin only; any signed-in account may list active servers by id, name and protocol', async () => {
    const user = await server.signUpConfirmed('servers-user@example.com');
    const reseller = await server.signUpConfirmed('servers-reseller@example.com');
    const resellerId = (await reseller.get('/api/me')).body.id;
    expect((await admin.patch(`/api/accounts/${resellerId}`, { group_id: 2 })).status).toBe(200);
    const target = await create({ server_name: 'Guarded' });

    for (const client of [user, reseller]) {
      const attempts = [
        client.get('/api/servers'),
        client.post('/api/servers', body()),
        client.get(`/api/servers/${target.id}`),
        client.patch(`/api/servers/${target.id}`, { server_name: 'Mine' }),
        client.delete(`/api/servers/${target.id}`),
        client.post(`/api/servers/${target.id}/test`),
        client.post('/api/servers/check'),
        client.post(`/api/servers/${target.id}/agent-call`, { endpoint: 'users' }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(403);
        expect(res.body.error).toEqual({ code: 'ADMIN_ONLY', message: ADMIN_TEXT });
      }
    }
    const anonymous = server.client();
    expect((await anonymous.get('/api/servers')).status).toBe(401);
    expect((await anonymous.get('/api/servers/active')).status).toBe(401);
    expect((await anonymous.get('/api/config')).status).toBe(401);

    const all = (await admin.get('/api/servers?page_size=100')).body.items as {
      id: number;
      status: string;
    }[];
    const activeIds = all.filter((s) => s.status === 'active').map((s) => s.id);
    expect(activeIds.length).toBeGreaterThan(0);
    for (const client of [user, reseller, admin]) {
      const res = await client.get('/api/servers/active');
      expect(res.status).toBe(200);
      expect(res.body.items.map((s: { id: number }) => s.id).sort()).toEqual([...activeIds].sort());
      for (const item of res.body.items)
        expect(Object.keys(item).sort()).toEqual(['backend', 'id', 'protocol', 'server_name']);
    }
    const filtered = await admin.get('/api/servers?status=active&page_size=100');
    expect(filtered.body.total).toBe(activeIds.length);
  });

  it('GET /api/config gives host_ip and api_port of the newest active server to any signed-in account', async () => {
    // One agent serves one record: each of these has its own.
    const [olderAgent, newerAgent] = await Promise.all([startLineAgent(), startLineAgent()]);
    extraAgents.push(olderAgent, newerAgent);
    const older = await create({ server_name: 'Older', api_port: olderAgent.port });
    const newer = await create({ server_name: 'Newer', host_ip: 'localhost', api_port: newerAgent.port });
    for (const s of [older, newer]) {
      expect((await admin.post(`/api/servers/${s.id}/test`)).body.ok).toBe(true);
    }
    const user = await server.signUpConfirmed('config-user@example.com');
    const res = await user.get('/api/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ host_ip: 'localhost', api_port: newerAgent.port });
    const active = await user.get('/api/servers/active');
    expect(active.body.items[0]).toMatchObject({ id: newer.id, server_name: 'Newer', protocol: 'CCcam' });

    // Taking the newest out of use makes the next one the default.
    const off = await admin.patch(`/api/servers/${newer.id}`, { status: 'inactive' });
    expect(off.body.status).toBe('inactive');
    expect((await user.get('/api/config')).body).toEqual({ host_ip: '127.0.0.1', api_port: olderAgent.port });
  });

  it("answers the spec's GET /api/config.php exactly as GET /api/config", async () => {
    const own = await startLineAgent();
    extraAgents.push(own);
    const active = await create({ server_name: 'Spec address', api_port: own.port });
    expect((await admin.post(`/api/servers/${active.id}/test`)).body.ok).toBe(true);
    const user = await server.signUpConfirmed('config-php-user@example.com');
    const config = await user.get('/api/config');
    const php = await user.get('/api/config.php');
    expect(config.status).toBe(200);
    expect(php.status).toBe(200);
    expect(php.body).toEqual(config.body);
    expect((await server.client().get('/api/config.php')).status).toBe(401);
  });

  it('checks every server at once and publishes each result as an event', async () => {
    const all = (await admin.get('/api/servers?page_size=100')).body.items as { id: number }[];
    const stream = await openEventStream(server, admin);

    const res = await admin.post('/api/servers/check');
    expect(res.status).toBe(200);
    expect(res.body.items.map((r: { id: number }) => r.id).sort()).toEqual(all.map((s) => s.id).sort());
    const byName = Object.fromEntries(res.body.items.map((r: { server_name: string }) => [r.server_name, r]));
    expect(byName.Agent).toMatchObject({ ok: true, status: 'active', version: agent.version });
    expect(byName['Wrong password']).toMatchObject({
      ok: false,
      message: 'API Authentication failed. HTTP status: 401',
    });

    for (const checked of all) {
      expect(await stream.next('cccam_servers', (e) => e.data.id === String(checked.id))).not.toBeNull();
    }
    stream.close();
  });

  it("calls the agent for the diagnostics page without showing the server's login", async () => {
    const created = await create({ server_name: 'Diagnostics' });
    const root = await admin.post(`/api/servers/${created.id}/agent-call`, { endpoint: 'root' });
    expect(root.status).toBe(200);
    expect(root.body).toMatchObject({
      request: { method: 'GET', url: `http://127.0.0.1:${agent.port}/`, body: null },
      response: { status: 200, body: { version: agent.version } },
      error: null,
    });
    expect(root.body.duration_ms).toBeGreaterThanOrEqual(0);

    const add = await admin.post(`/api/servers/${created.id}/agent-call`, {
      endpoint: 'add-user',
      body: { username: 'diag1', password: 'line-pw', expiryDate: '31-12-2099' },
    });
    expect(add.body.request).toEqual({
      method: 'POST',
      url: `http://127.0.0.1:${agent.port}/add-user`,
      body: { username: 'diag1', password: 'line-pw', expiryDate: '31-12-2099' },
    });
    expect(add.body.response.status).toBe(200);
    const users = await admin.post(`/api/servers/${created.id}/agent-call`, { endpoint: 'users' });
    expect(users.body.response.body.users).toEqual([
      { username: 'diag1', expiryDate: '31-12-2099', enabled: true },
    ]);
    const invalid = await admin.post(`/api/servers/${created.id}/agent-call`, {
      endpoint: 'edit-user',
      body: { username: 'diag1' },
    });
    expect(invalid.body.response).toEqual({
      status: 400,
      body: { message: 'At least one field to update (password or expiry date) is required' },
    });
    for (const res of [root, add, users, invalid]) {
      const text = JSON.stringify(res.body);
      expect(text).not.toContain(agent.password);
      expect(text.toLowerCase()).not.toContain('authorization');
      expect(text).not.toContain('Basic ');
    }

    const down = await create({ server_name: 'Diagnostics down', api_port: await freePort() });
    const failed = await admin.post(`/api/servers/${down.id}/agent-call`, { endpoint: 'health' });
    expect(failed.body).toMatchObject({ response: null });
    expect(failed.body.error).toMatch(/^Failed to connect to server: /);
    const unknown = await admin.post(`/api/servers/${created.id}/agent-call`, { endpoint: 'shell' });
    expect(unknown.status).toBe(422);
  });

  it('deletes a server', async () => {
    const created = await create({ server_name: 'To delete' });
    expect((await admin.delete(`/api/servers/${created.id}`)).status).toBe(204);
    const gone = await admin.get(`/api/servers/${created.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('Server not found');
    expect((await admin.delete(`/api/servers/${created.id}`)).status).toBe(404);
    expect((await admin.post(`/api/servers/${created.id}/test`)).status).toBe(404);
  });

  it('lets only one claimer take a due server, so instances never test the same one at once', async () => {
    const db = server.built.ctx.db;
    const created = await create({ server_name: 'Due' });
    await admin.post(`/api/servers/${created.id}/test`);
    await db.update(cccamServers).set({ nextCheckAt: sql`now() + interval '1 hour'` });
    await db
      .update(cccamServers)
      .set({ nextCheckAt: sql`now() - interval '1 minute'` })
      .where(eq(cccamServers.id, created.id));
    const claims = await Promise.all(Array.from({ length: 4 }, () => serversRepository.claimDue(db, 60)));
    const taken = claims.filter((c) => c !== undefined);
    expect(taken.map((c) => c.id)).toEqual([created.id]);
    expect(taken[0]!.nextCheckAt!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await serversRepository.claimDue(db, 60)).toBeUndefined();
  });
});

describe('background server check', () => {
  let server: TestServer;
  let admin: TestClient;
  let agent: TestAgent;

  beforeAll(async () => {
    server = await startTestServer({ SERVER_CHECK_INTERVAL_SECONDS: '1' });
    admin = await server.admin();
    agent = await startLineAgent();
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
  });

  it('turns an active server to error when its agent stops, and back to active when it returns', async () => {
    const created = await admin.post('/api/servers', {
      server_name: 'Watched',
      host_ip: '127.0.0.1',
      port: 12000,
      api_port: agent.port,
      username: agent.username,
      password: agent.password,
    });
    const idle = await admin.post('/api/servers', {
      server_name: 'Never tested',
      host_ip: '127.0.0.1',
      port: 12000,
      api_port: await freePort(),
      username: 'x',
      password: 'y',
    });
    const id = created.body.id;
    // Adding tested both: the one whose agent answers is active, the other says why it is not.
    expect(created.body.status).toBe('active');
    expect(idle.body.status).toBe('error');
    expect(idle.body.last_error).toMatch(/^Failed to connect to server: /);
    expect((await admin.post(`/api/servers/${id}/test`)).body.status).toBe('active');

    await agent.stop();
    const failed = await waitFor(
      async () => (await admin.get(`/api/servers/${id}`)).body,
      (s) => s.status === 'error',
    );
    expect(failed.last_error).toMatch(/^Failed to connect to server: /);

    await agent.restart();
    const back = await waitFor(
      async () => (await admin.get(`/api/servers/${id}`)).body,
      (s) => s.status === 'active',
    );
    expect(back.last_error).toBeNull();
    expect(back.version).toBe(agent.version);
    // The one whose agent never answered is still in error, with its reason.
    expect((await admin.get(`/api/servers/${idle.body.id}`)).body.status).toBe('error');
    // Admins were told once when it went down and once when it came back, in the panel.
    const titles = ((await admin.get('/api/messages?page_size=100')).body.items as { title: string }[]).map(
      (m) => m.title,
    );
    expect(titles.filter((t) => t === 'Server down: Watched')).toHaveLength(1);
    expect(titles.filter((t) => t === 'Server back: Watched')).toHaveLength(1);
  });
});

describe('a server that accepts the connection but never answers', () => {
  // Only here is the limit for a call to an agent short; elsewhere the harness gives a busy machine room.
  const TIMEOUT_MS = 1000;
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      SERVER_API_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    admin = await server.admin();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('times out within the limit', async () => {
    const silent = await startSilentServer();
    try {
      const created = await admin.post('/api/servers', {
        server_name: 'Hung',
        host_ip: '127.0.0.1',
        port: 12000,
        api_port: silent.port,
        username: 'x',
        password: 'y',
      });
      const id = created.body.id as number;
      const started = Date.now();
      const res = await admin.post(`/api/servers/${id}/test`);
      const took = Date.now() - started;
      expect(res.body).toMatchObject({
        ok: false,
        status: 'error',
        message: `Failed to connect to server: Request timed out after ${TIMEOUT_MS} ms`,
      });
      expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      // The limit plus room for a busy machine: the point is that the request ends at all.
      expect(took).toBeLessThan(TIMEOUT_MS + 15_000);
    } finally {
      await silent.close();
    }
  });
});
