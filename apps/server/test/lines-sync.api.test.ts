import { Writable } from 'node:stream';
import { lineEndsAt } from '@linedesk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineSyncOutbox } from '../src/db/schema.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import {
  addActiveServer,
  addAgentServer,
  agentUsers,
  display,
  signUpAccount,
  startScriptedAgent,
  type Account,
  type ScriptedAgent,
} from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { waitFor } from './support/wait-for.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const NOT_SYNCED = {
  add: 'User was added to database but could not be added to CCcam server: ',
  update: 'User was updated in database but could not be updated in CCcam server: ',
  renew: 'User was renewed in database but could not be renewed in CCcam server: ',
  delete: 'User was deleted from database but could not be deleted from CCcam server: ',
};

/** A small deterministic PRNG so a failing run can be replayed. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('line sync', () => {
  let server: TestServer;
  let admin: TestClient;
  let agent: TestAgent;
  let scripted: ScriptedAgent;
  let agentServer: { id: number };
  let scriptedServer: { id: number };
  let reseller: Account;
  let counter = 0;
  const name = (prefix = 's') => `${prefix}${++counter}x${Date.now().toString(36)}`;

  /** Drops every queued delivery, as if lost (cleared by hand): the agent keeps what it had. */
  const loseQueuedChanges = () => server.built.ctx.db.delete(lineSyncOutbox);
  const outboxCount = async () => {
    const [row] = await server.built.ctx.db.select({ n: sql<number>`count(*)::int` }).from(lineSyncOutbox);
    return row!.n;
  };
  /** The panel's lines on the agent's server, as the agent should hold them. */
  const panelLines = async () => {
    const res = await admin.get(
      `/api/lines?server_id=${agentServer.id}&page_size=100&sort=username&order=asc`,
    );
    expect(res.body.total).toBeLessThanOrEqual(100);
    return res.body.items as any[];
  };
  const expectAgentEqualsPanel = async () => {
    const lines = await panelLines();
    const expected = lines
      .map((l) => ({ username: l.username, expiryDate: display(l.expiry_date), enabled: l.enabled }))
      .sort((a, b) => a.username.localeCompare(b.username));
    expect(await agentUsers(agent)).toEqual(expected);
    // GET /users has no passwords: an identical add-user (with the instant the panel sends) must
    // change nothing if they match.
    for (const line of lines) {
      const res = await agent.current().call('POST', '/add-user', {
        username: line.username,
        password: line.password,
        expiryDate: display(line.expiry_date),
        expiresAt: lineEndsAt(line.expiry_date, 'UTC').toISOString(),
      });
      expect(res.body.message, line.username).toBe('User already exists with the same data; nothing changed');
    }
  };
  const settled = () =>
    waitFor(
      async () => ({
        outbox: await outboxCount(),
        unsynced:
          (await admin.get('/api/lines?sync_state=pending')).body.total +
          (await admin.get('/api/lines?sync_state=failing')).body.total,
      }),
      (v) => v.outbox === 0 && v.unsynced === 0,
    );

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      LINE_SYNC_RETRY_BASE_MS: '200',
      LINE_SYNC_RETRY_MAX_MS: '1000',
    });
    admin = await server.admin();
    [agent, scripted] = await Promise.all([startLineAgent(), startScriptedAgent()]);
    agentServer = await addAgentServer(admin, agent);
    scriptedServer = await addActiveServer(admin, { apiPort: scripted.port, name: 'Scripted' });
    reseller = await signUpAccount(server, 'sync-reseller@example.com', 1000);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
    await scripted?.close();
  });

  it("reports the server's message, or the spec's default, when the server refuses; the change stays", async () => {
    const body = () => ({
      username: name('refused'),
      password: 'pw',
      subscription_months: 1,
      server_id: scriptedServer.id,
    });
    scripted.answer({ status: 500, body: { message: 'Disk full on the card server' } });
    const withMessage = await reseller.client.post('/api/lines', body());
    expect(withMessage.status).toBe(201);
    expect(withMessage.body.sync).toEqual({
      ok: false,
      code: 'LINE_SERVER_ADD_FAILED',
      message: 'Disk full on the card server',
      params: null,
    });
    expect(withMessage.body.line).toMatchObject({
      sync_state: 'failing',
      sync_error: 'Disk full on the card server',
      sync_error_code: 'LINE_SERVER_ADD_FAILED',
      sync_error_params: null,
    });
    expect((await reseller.client.get(`/api/lines/${withMessage.body.line.id}`)).body).toMatchObject({
      sync_state: 'failing',
      sync_error: 'Disk full on the card server',
      sync_error_code: 'LINE_SERVER_ADD_FAILED',
      sync_error_params: null,
    });
    expect(withMessage.body.charged).toBe(2);

    scripted.answer({ status: 500, body: {} });
    const created = await reseller.client.post('/api/lines', body());
    expect(created.body.sync).toEqual({
      ok: false,
      code: 'LINE_SERVER_ADD_FAILED',
      message: 'Failed to add user to CCcam server',
      params: null,
    });
    const id = created.body.line.id;
    const edited = await reseller.client.patch(`/api/lines/${id}`, { password: 'other' });
    expect(edited.status).toBe(200);
    expect(edited.body.sync).toMatchObject({
      code: 'LINE_SERVER_UPDATE_FAILED',
      message: 'Failed to update user in CCcam server',
    });
    expect(edited.body.line.password).toBe('other');
    const renewed = await reseller.client.post(`/api/lines/${id}/renew`, { subscription_months: 1 });
    expect(renewed.status).toBe(200);
    expect(renewed.body.sync).toMatchObject({
      code: 'LINE_SERVER_RENEW_FAILED',
      message: 'Failed to renew user in CCcam server',
    });
    expect(renewed.body.charged).toBe(2);
    const retried = await reseller.client.post(`/api/lines/${withMessage.body.line.id}/sync`);
    expect(retried.body.sync).toMatchObject({ ok: false, code: 'LINE_SERVER_ADD_FAILED' });

    const deleted = await reseller.client.delete(`/api/lines/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.sync).toEqual({
      ok: false,
      code: 'LINE_SERVER_DELETE_FAILED',
      message: 'Failed to delete user from CCcam server',
      params: null,
    });
    expect((await reseller.client.get(`/api/lines/${id}`)).status).toBe(404);

    // The server recovers: the worker delivers what is still owed, the delete included.
    scripted.requests.length = 0;
    scripted.answer({ status: 200, body: { message: 'ok', user: { enabled: true } } });
    // Both the emptied queue and the line marked synced: the worker writes them in two steps, and a
    // read between them sees an empty queue beside a line still failing.
    await settled();
    const line = await reseller.client.get(`/api/lines/${withMessage.body.line.id}`);
    expect(line.body).toMatchObject({
      sync_state: 'synced',
      sync_error: null,
      sync_error_code: null,
      sync_error_params: null,
    });
    expect(scripted.requests).toContainEqual({
      method: 'DELETE',
      path: '/delete-user',
      body: { username: created.body.line.username },
    });
    expect(scripted.requests).toContainEqual({
      method: 'POST',
      path: '/add-user',
      body: {
        username: withMessage.body.line.username,
        password: 'pw',
        expiryDate: display(withMessage.body.line.expiry_date),
        // The end of that day in the business time zone (UTC unless an admin set another).
        expiresAt: lineEndsAt(withMessage.body.line.expiry_date, 'UTC').toISOString(),
      },
    });
    const events = await reseller.client.get(`/api/lines/${withMessage.body.line.id}/events`);
    const actions = events.body.items.map((e: any) => e.action);
    expect(actions[0]).toBe('synced');
    expect(actions).toContain('sync_failed');
    const failures = events.body.items.filter((e: any) => e.action === 'sync_failed');
    expect(failures.map((e: any) => e.details.error)).toContain('Disk full on the card server');
  });

  it("reports 'User was added to database but could not be added to CCcam server: ...' while the server is down, then catches up", async () => {
    const kept = (
      await reseller.client.post('/api/lines', {
        username: name('kept'),
        password: 'pw',
        subscription_months: 1,
        server_id: agentServer.id,
      })
    ).body.line;
    const doomed = (
      await reseller.client.post('/api/lines', {
        username: name('doomed'),
        password: 'pw',
        subscription_months: 1,
        server_id: agentServer.id,
      })
    ).body.line;
    await agent.stop();
    try {
      const created = await reseller.client.post('/api/lines', {
        username: name('down'),
        password: 'pw',
        subscription_months: 1,
        server_id: agentServer.id,
      });
      expect(created.status).toBe(201);
      expect(created.body.sync.ok).toBe(false);
      expect(created.body.sync.code).toBe('LINE_ADDED_NOT_SYNCED');
      expect(created.body.sync.message.startsWith(NOT_SYNCED.add)).toBe(true);
      expect(created.body.sync.message.length).toBeGreaterThan(NOT_SYNCED.add.length);
      expect(created.body.line).toMatchObject({
        sync_state: 'failing',
        sync_error: created.body.sync.message,
      });
      const reason = created.body.sync.message.slice(NOT_SYNCED.add.length);
      expect(created.body.sync.params).toEqual({ reason });
      expect((await reseller.client.get(`/api/lines/${created.body.line.id}`)).body).toMatchObject({
        sync_state: 'failing',
        sync_error: created.body.sync.message,
        sync_error_code: 'LINE_ADDED_NOT_SYNCED',
        sync_error_params: { reason },
      });

      const edited = await reseller.client.patch(`/api/lines/${kept.id}`, { enabled: false });
      expect(edited.body.sync.code).toBe('LINE_UPDATED_NOT_SYNCED');
      expect(edited.body.sync.message.startsWith(NOT_SYNCED.update)).toBe(true);
      expect(edited.body.line.enabled).toBe(false);
      const renewKey = { 'idempotency-key': `renew-down-${kept.id}` };
      const renewed = await reseller.client.post(
        `/api/lines/${kept.id}/renew`,
        { subscription_months: 3 },
        renewKey,
      );
      expect(renewed.body.sync.code).toBe('LINE_RENEWED_NOT_SYNCED');
      expect(renewed.body.sync.message.startsWith(NOT_SYNCED.renew)).toBe(true);
      // A replay answers from the line as stored: still failing, with its stored code (a background
      // retry may have stored its own failure since, told as an update).
      const replayed = await reseller.client.post(
        `/api/lines/${kept.id}/renew`,
        { subscription_months: 3 },
        renewKey,
      );
      expect(replayed.status).toBe(200);
      expect(replayed.body.charged).toBe(renewed.body.charged);
      expect(replayed.body.sync.ok).toBe(false);
      expect(replayed.body.sync.code).toMatch(/^LINE_(RENEWED|UPDATED)_NOT_SYNCED$/);
      expect(replayed.body.sync).toMatchObject({
        code: replayed.body.line.sync_error_code,
        message: replayed.body.line.sync_error,
        params: replayed.body.line.sync_error_params,
      });
      const deleted = await reseller.client.delete(`/api/lines/${doomed.id}`);
      expect(deleted.body.sync.code).toBe('LINE_DELETED_NOT_SYNCED');
      expect(deleted.body.sync.message.startsWith(NOT_SYNCED.delete)).toBe(true);
      expect((await reseller.client.get(`/api/lines/${doomed.id}`)).status).toBe(404);

      const failing = await reseller.client.get('/api/lines?sync_state=failing');
      expect(failing.body.items.map((l: any) => l.id).sort()).toEqual([created.body.line.id, kept.id].sort());
    } finally {
      await agent.restart();
    }
    await settled();
    await expectAgentEqualsPanel();
    expect(await agentUsers(agent)).not.toContainEqual(
      expect.objectContaining({ username: doomed.username }),
    );
    expect(await agentUsers(agent)).toContainEqual(
      expect.objectContaining({ username: kept.username, enabled: false }),
    );
  });

  it('retries a line on demand with POST /api/lines/:id/sync', async () => {
    await agent.stop();
    let line;
    try {
      line = (
        await reseller.client.post('/api/lines', {
          username: name('retry'),
          password: 'pw',
          subscription_months: 1,
          server_id: agentServer.id,
        })
      ).body.line;
      const again = await reseller.client.post(`/api/lines/${line.id}/sync`);
      expect(again.status).toBe(200);
      expect(again.body.sync.code).toBe('LINE_ADDED_NOT_SYNCED');
      expect(again.body.charged).toBe(0);
    } finally {
      await agent.restart();
    }
    const now = await reseller.client.post(`/api/lines/${line.id}/sync`);
    expect(now.body.sync).toEqual({ ok: true, code: null, message: null, params: null });
    expect(now.body.line.sync_state).toBe('synced');
    expect(await agentUsers(agent)).toContainEqual(expect.objectContaining({ username: line.username }));
  });

  it('reconciles a server with the panel on demand (admin only): adds, updates and removes', async () => {
    await settled();
    const lines = await panelLines();
    const [missing, changed, disabled] = lines;
    await agent.current().call('DELETE', '/delete-user', { username: missing.username });
    await agent
      .current()
      .call('PUT', '/edit-user', { username: changed.username, newExpiryDate: '01-01-2099' });
    await agent
      .current()
      .call('PUT', '/edit-user', { username: disabled.username, enabled: !disabled.enabled });
    // Written on the agent by someone else than this panel: a reconcile leaves it alone.
    await agent.current().call('POST', '/add-user', {
      username: 'stray-user',
      password: 'x',
      expiryDate: '01-01-2030',
    });
    // Written by the panel, then deleted while the agent was down, and the delete lost (its queued
    // row cleared): the reconcile removes it.
    const lost = (
      await reseller.client.post('/api/lines', {
        username: name('lost'),
        password: 'pw',
        subscription_months: 1,
        server_id: agentServer.id,
      })
    ).body.line;
    await agent.stop();
    await reseller.client.delete(`/api/lines/${lost.id}`);
    await loseQueuedChanges();
    await agent.restart();

    const refused = await reseller.client.post(`/api/servers/${agentServer.id}/reconcile`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('ADMIN_ONLY');
    const res = await admin.post(`/api/servers/${agentServer.id}/reconcile`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      server_id: agentServer.id,
      checked: lines.length,
      added: 1,
      updated: 2,
      removed: 1,
      unchanged: lines.length - 3,
      failed: 0,
      held: 0,
    });
    const onAgent = (await agentUsers(agent)).map((user) => user.username);
    expect(onAgent).toContain('stray-user');
    expect(onAgent).not.toContain(lost.username);
    await agent.current().call('DELETE', '/delete-user', { username: 'stray-user' });
    await expectAgentEqualsPanel();
    const clean = await admin.post(`/api/servers/${agentServer.id}/reconcile`);
    expect(clean.body).toMatchObject({ added: 0, updated: 0, removed: 0, failed: 0 });

    await agent.stop();
    try {
      const down = await admin.post(`/api/servers/${agentServer.id}/reconcile`);
      expect(down.status).toBe(502);
      expect(down.body.error.code).toBe('SERVER_CONNECTION_FAILED');
      expect(down.body.error.message).toMatch(/^Failed to connect to server: .+/);
    } finally {
      await agent.restart();
    }
    expect((await admin.post('/api/servers/999999/reconcile')).status).toBe(404);
  });

  it('a reconcile that would remove more than its share stops and asks the admins, who confirm it', async () => {
    await settled();
    const doomed = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await reseller.client.post('/api/lines', {
        username: name('doomed'),
        password: 'pw',
        subscription_months: 1,
        server_id: agentServer.id,
      });
      doomed.push(res.body.line as { id: number; username: string });
    }
    await settled();
    // Deleted while the agent was down, their deletes lost: 8 of the agent's users have no line.
    await agent.stop();
    for (const line of doomed) await reseller.client.delete(`/api/lines/${line.id}`);
    await loseQueuedChanges();
    await agent.restart();
    const before = (await agentUsers(agent)).length;
    expect(before).toBeLessThan(80);

    const held = await admin.post(`/api/servers/${agentServer.id}/reconcile`);
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({ removed: 0, held: doomed.length, failed: 0 });
    expect((await agentUsers(agent)).length).toBe(before);
    const inbox = (await admin.get('/api/messages?page_size=100')).body.items as {
      title: string;
      content: string;
    }[];
    const asked = inbox.find((message) => message.title === 'Reconcile waits for you: Agent');
    expect(asked?.content).toContain(`would remove ${doomed.length} of its ${before} users`);

    const confirmed = await admin.post(`/api/servers/${agentServer.id}/reconcile?confirm_removals=true`);
    expect(confirmed.body).toMatchObject({ removed: doomed.length, held: 0, failed: 0 });
    await settled();
    await expectAgentEqualsPanel();
  });

  it('the agent stopped during 100 operations: afterwards its users equal the panel lines exactly', async () => {
    const random = prng(20_240_601);
    const clients = [reseller.client, admin];
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
    const live = async () => (await panelLines()).filter((l) => l.server_id === agentServer.id);
    for (let i = 0; i < 10; i += 1) {
      await reseller.client.post('/api/lines', {
        username: name('chaos'),
        password: `pw${i}`,
        subscription_months: 1,
        server_id: agentServer.id,
      });
    }

    const kinds: string[] = [];
    for (let op = 0; op < 100; op += 1) {
      if (op === 25) await agent.stop();
      if (op === 80) await agent.restart();
      const lines = await live();
      const roll = random();
      let client = pick(clients);
      let res;
      if (lines.length < 3 || roll < 0.3) {
        kinds.push('create');
        res = await client.post('/api/lines', {
          username: name('chaos'),
          password: `pw${op}`,
          ...(random() < 0.2 ? { is_trial: true } : { subscription_months: pick([1, 3, 6, 12, 24]) }),
          server_id: agentServer.id,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      } else {
        const line = pick(lines);
        // Resellers reach only their own lines; admins every line.
        if (line.owner_id !== reseller.id) client = admin;
        if (roll < 0.45) {
          kinds.push('password');
          res = await client.patch(`/api/lines/${line.id}`, { password: `p${op}x` });
        } else if (roll < 0.6) {
          kinds.push('renew');
          res = await client.post(`/api/lines/${line.id}/renew`, { subscription_months: pick([1, 3]) });
        } else if (roll < 0.75) {
          kinds.push('delete');
          res = await client.delete(`/api/lines/${line.id}`);
        } else if (roll < 0.9) {
          kinds.push('toggle');
          res = await client.patch(`/api/lines/${line.id}`, { enabled: !line.enabled });
        } else {
          kinds.push('expiry');
          res = await admin.patch(`/api/lines/${line.id}`, {
            expiry_date: `20${30 + (op % 60)}-0${1 + (op % 9)}-1${op % 10}`,
            notes: `op ${op}`,
          });
        }
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      if (op >= 26 && op < 80) expect(res.body.sync.ok).toBe(false);
    }
    expect(new Set(kinds)).toEqual(new Set(['create', 'password', 'renew', 'delete', 'toggle', 'expiry']));

    await settled();
    await expectAgentEqualsPanel();
    // The worker alone repaired everything: a reconcile finds nothing left to do.
    const after = await admin.post(`/api/servers/${agentServer.id}/reconcile`);
    expect(after.body).toMatchObject({ added: 0, updated: 0, removed: 0, failed: 0 });
  }, 600_000);

  it.skipIf(!process.env.LINEDESK_TEST_DATABASE_URL)(
    'two app instances on one PostgreSQL never deliver the same change twice',
    async () => {
      const { buildApp } = await import('../src/app.js');
      const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
      const second = await buildApp({ ...server.built.ctx.config, port: 0 }, { logStream: quiet });
      try {
        await agent.stop();
        const made = [];
        try {
          for (let i = 0; i < 20; i += 1) {
            const res = await reseller.client.post('/api/lines', {
              username: name('twin'),
              password: 'pw',
              subscription_months: 1,
              server_id: agentServer.id,
            });
            made.push(res.body.line);
          }
        } finally {
          await agent.restart();
        }
        await settled();
        for (const line of made) {
          const events = await reseller.client.get(`/api/lines/${line.id}/events`);
          const synced = events.body.items.filter((e: any) => e.action === 'synced');
          expect(synced, line.username).toHaveLength(1);
        }
        await expectAgentEqualsPanel();
      } finally {
        await second.close();
      }
    },
  );
});
