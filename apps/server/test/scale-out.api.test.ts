// Several app instances on one PostgreSQL behind Debian's nginx, configured as docs/deploy.md says.
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './support/event-stream.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, agentUsers } from './support/line-fixtures.js';
import { nginxInstalled, startNginx, type Nginx } from './support/nginx.js';
import { buildServerBundle, startServerProcess, type ServerProcess } from './support/server-process.js';
import { TestClient } from './support/test-client.js';
import { copyTemplateDatabase, type DatabaseCopy } from './support/database-copy.js';
import { testPostgresUrl } from './support/test-database.js';
import { freePort } from '../../agent/test/ports.js';
import { ADMIN } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

const pgUrl = testPostgresUrl();
// `npm test` installs nginx where it may (scripts/debian-packages.mjs), and CI must have it: there a
// missing nginx fails this file instead of skipping it.
const runnable = Boolean(pgUrl) && (nginxInstalled() || process.env.CI === 'true');
if (pgUrl && !runnable) console.warn('nginx is not installed: skipping the scale-out tests');

let nginx: Nginx;
let instances: ServerProcess[] = [];
let agent: TestAgent;
let admin: TestClient;
let store: DatabaseCopy | undefined;

/** A client of one instance directly (bypassing nginx) sharing `admin`'s session. */
function direct(instance: ServerProcess): TestClient {
  const client = new TestClient(instance.url, '127.0.0.1');
  client.origin = nginx.url; // the panel's public address, as a browser on it would send
  for (const [name, value] of admin.cookies) client.cookies.set(name, value);
  return client;
}

async function createLine(client: TestClient, username: string): Promise<number> {
  const created = await client.post('/api/lines', {
    username,
    password: 'pass-1234',
    subscription_months: 1,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.line.id as number;
}

async function syncedCount(lineId: number): Promise<number> {
  const events = await admin.get(`/api/lines/${lineId}/events`);
  expect(events.status).toBe(200);
  return (events.body.items as { action: string }[]).filter((e) => e.action === 'synced').length;
}

describe.skipIf(!runnable)('two instances behind nginx on one PostgreSQL', () => {
  beforeAll(async () => {
    buildServerBundle();
    store = await copyTemplateDatabase('ld_scale');
    agent = await startLineAgent();
    const ports = [await freePort(), await freePort()];
    nginx = await startNginx(ports);
    const shared = {
      ...store.env,
      LINEDESK_SECRET: randomBytes(32).toString('hex'),
      LINEDESK_ADMIN_EMAIL: ADMIN.email,
      LINEDESK_ADMIN_PASSWORD: ADMIN.password,
      PUBLIC_URL: nginx.url,
      LINE_SYNC_RETRY_BASE_MS: '200',
      LINE_SYNC_RETRY_MAX_MS: '1000',
      SERVER_API_TIMEOUT_MS: '20000',
    };
    // Both start at once on an empty database, as a deployment's instances do.
    instances = await Promise.all(
      ports.map(async (port, n) => {
        // One database, a data folder of its own for each instance.
        const dataDir = path.join(store!.dataDir, `instance-${n}`);
        await mkdir(dataDir);
        return startServerProcess(port, { ...shared, LINEDESK_DATA_DIR: dataDir });
      }),
    );
    admin = new TestClient(nginx.url, '127.0.0.1');
    const signIn = await admin.post('/api/auth/sign-in', ADMIN);
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    await addAgentServer(admin, agent);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await nginx?.stop();
    await agent?.cleanup();
    await store?.drop();
  });

  it('exactly one first admin exists after both instances started at once', async () => {
    const accounts = await admin.get(`/api/accounts?search=${encodeURIComponent(ADMIN.email)}`);
    expect(accounts.status, JSON.stringify(accounts.body)).toBe(200);
    expect(accounts.body.total).toBe(1);
  });

  it('a line created through nginx is stored once and lands on the agent once', async () => {
    const id = await createLine(admin, 'via-nginx');
    const listed = await admin.get('/api/lines?search=via-nginx');
    expect(listed.body.items.map((l: { id: number }) => l.id)).toEqual([id]);
    await waitFor(
      () => syncedCount(id),
      (n) => n >= 1,
    );
    expect((await agentUsers(agent)).filter((u) => u.username === 'via-nginx')).toHaveLength(1);
  });

  it('an event stream opened through nginx sees changes made on either instance', async () => {
    const stream = await openEventStream(nginx, admin);
    try {
      const [first, second] = instances.map(direct);
      const onFirst = await createLine(first!, 'made-on-a');
      const onSecond = await createLine(second!, 'made-on-b');
      for (const id of [onFirst, onSecond]) {
        const seen = await stream.next('users', (e) => e.data.id === String(id));
        expect(seen, `event for line ${id}`).not.toBeNull();
      }
    } finally {
      stream.close();
    }
  });

  it('queued deliveries are made once although both instances run the sync job', async () => {
    await agent.stop();
    const ids: number[] = [];
    for (let i = 0; i < 10; i += 1) ids.push(await createLine(admin, `queued-${i}`));
    await agent.restart();
    for (const id of ids)
      await waitFor(
        () => syncedCount(id),
        (n) => n >= 1,
        60_000,
      );
    // Both instances kept polling while the agent was down and after; a second delivery of any
    // change would have written a second "synced" entry.
    const backlog = await waitFor(
      async () => (await admin.get('/api/system/status')).body,
      (status) => status?.outbox?.pending === 0,
    ).catch(() => null);
    expect(backlog, 'the outbox drained').not.toBeNull();
    for (const id of ids) expect(await syncedCount(id), `line ${id}`).toBe(1);
    const users = await agentUsers(agent);
    for (let i = 0; i < 10; i += 1) {
      expect(users.filter((u) => u.username === `queued-${i}`)).toHaveLength(1);
    }
  });
});
