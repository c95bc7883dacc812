// kill -9 while the agent is being asked to adopt: after a restart every customer entry is still on
// the server, the adopted one is a line in sync, and the one the agent then refuses costs nothing.
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addActiveServer, agentUsers } from './support/line-fixtures.js';
import { freePort } from '../../agent/test/ports.js';
import { queryServerDatabase } from './support/killed-server.js';
import { buildServerBundle, startServerProcess, type ServerProcess } from './support/server-process.js';
import { TestClient } from './support/test-client.js';
import { copyTemplateDatabase, type DatabaseCopy } from './support/database-copy.js';
import { ADMIN } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

let store: DatabaseCopy;
let agent: TestAgent;
let server: ServerProcess;
let port: number;
let env: Record<string, string>;

const query = <T>(sql: string) => queryServerDatabase<T>(store, sql);

/** Forwards to the agent, except that POST /adopt is held unanswered while `hold` is on. */
async function startHoldingProxy(agentPort: number) {
  const state = { hold: false, held: [] as http.ServerResponse[] };
  const proxy = http.createServer((req, res) => {
    if (req.url === '/adopt' && state.hold) {
      req.resume();
      state.held.push(res);
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: agentPort, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as net.AddressInfo).port,
    state,
    close: () => {
      proxy.closeAllConnections();
      return new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

let proxy: Awaited<ReturnType<typeof startHoldingProxy>>;

beforeAll(async () => {
  buildServerBundle();
  store = await copyTemplateDatabase('ld_adopt_crash');
  agent = await startLineAgent();
  proxy = await startHoldingProxy(agent.port);
  port = await freePort();
  env = {
    LINEDESK_DATA_DIR: store.dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LINEDESK_ADMIN_EMAIL: ADMIN.email,
    LINEDESK_ADMIN_PASSWORD: ADMIN.password,
    LINE_SYNC_RETRY_BASE_MS: '200',
    LINE_SYNC_RETRY_MAX_MS: '1000',
    LINE_RECONCILE_INTERVAL_SECONDS: '0',
    SERVER_CHECK_INTERVAL_SECONDS: '0',
    // The adoption in flight at the kill is taken up again once its lease (three times this plus
    // 5 s) has run out.
    SERVER_API_TIMEOUT_MS: '3000',
    ...store.env,
  };
  server = await startServerProcess(port, env);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await agent?.cleanup();
  await store?.drop();
});

describe('a crash in the middle of an adoption', () => {
  it('loses no customer entry and charges nothing for the account the agent then refuses', async () => {
    const admin = new TestClient(server.url, '127.0.0.1');
    expect((await admin.post('/api/auth/sign-in', ADMIN)).status).toBe(200);
    const added = await addActiveServer(admin, {
      apiPort: proxy.port,
      username: agent.username,
      password: agent.password,
      name: 'Crash server',
    });
    const created = await admin.post('/api/accounts', {
      email: 'adopt-crash@example.com',
      password: 'reseller-password-1',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const ownerId = created.body.account.id as string;
    expect((await admin.post(`/api/accounts/${ownerId}/credits`, { amount: 100 })).status).toBe(200);

    await writeFile(agent.configFile, 'F: kim kim-pw 1 0 0 { 0:0:2 }\nF: lou lou-pw 1 0 0 { 0:0:2 }\n');
    const listed = await admin.get(`/api/servers/${added.id}/unmanaged-accounts`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const accounts = (listed.body.items as { username: string; fingerprint: string }[]).map(
      ({ username, fingerprint }) => ({ username, fingerprint }),
    );

    // The agent is asked (so the lines and charges are committed), and the panel dies before it answers.
    proxy.state.hold = true;
    const request = admin
      .post(`/api/servers/${added.id}/adoption`, {
        accounts,
        owner_id: ownerId,
        plan_id: 1,
        charge_months: 1,
        expiry_date: '2099-12-31',
      })
      .catch(() => null);
    await waitFor(
      () => proxy.state.held.length,
      (held) => held > 0,
    );
    await server.crash();
    await request;
    for (const res of proxy.state.held.splice(0)) res.destroy();
    proxy.state.hold = false;

    // Meanwhile someone edits lou's entry on the server; kim's stays as it was listed.
    await writeFile(
      agent.configFile,
      (await readFile(agent.configFile, 'utf8')).replace('F: lou lou-pw', 'F: lou lou-new-pw'),
    );

    server = await startServerProcess(port, env);
    const after = new TestClient(server.url, '127.0.0.1');
    expect((await after.post('/api/auth/sign-in', ADMIN)).status).toBe(200);
    await waitFor(
      async () => (await after.get('/api/system/status')).body,
      (status) => status?.outbox?.pending === 0,
      120_000,
    );

    // kim is adopted with the login the server had; lou's entry is where it was, as edited.
    expect((await agentUsers(agent)).map((user) => user.username)).toEqual(['kim']);
    const cfg = await readFile(agent.configFile, 'utf8');
    expect(cfg).toMatch(/F: kim kim-pw/);
    expect(cfg).toMatch(/F: lou lou-new-pw/);
    const owner = await after.get(`/api/accounts/${ownerId}`);
    // A month of the standard plan costs 2 credits: charged for kim, charged and refunded for lou.
    expect(owner.body.credits).toBe(98);

    await server.stop();
    const lines = await query<{ username: string; password: string; sync_state: string }>(
      `select username, password, sync_state from users where username in ('kim', 'lou') order by username`,
    );
    expect(lines).toEqual([{ username: 'kim', password: 'kim-pw', sync_state: 'synced' }]);
    const ledger = await query<{ reason: string; delta: number; note: string }>(
      `select reason, delta, note from credit_ledger where account_id = '${ownerId}' and note in ('kim', 'lou') order by id`,
    );
    expect(ledger).toEqual(
      expect.arrayContaining([
        { reason: 'line_create', delta: -2, note: 'kim' },
        { reason: 'line_create', delta: -2, note: 'lou' },
        { reason: 'line_refused_refund', delta: 2, note: 'lou' },
      ]),
    );
    expect(ledger).toHaveLength(3);
  });
});
