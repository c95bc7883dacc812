import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient, TestResponse } from './support/test-client.js';
import { adminQuery, testPostgresUrl } from './support/test-database.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

const DOWN_TEXT = 'The database is not reachable right now. Please try again in a moment.';
const BUSY_TEXT = 'The panel is busy right now. Please try again in a moment.';
/** Far above a refused connection's answer, far below a hang: what "answers at once" means here. */
const ANSWER_WITHIN_MS = 20_000;

async function within(request: Promise<TestResponse>): Promise<TestResponse & { ms: number }> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS);
  });
  try {
    const res = await Promise.race([request, limit]);
    return { ...res, ms: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

// The outage is made on this test's own database only (the shared PostgreSQL server keeps running):
// new connections are refused and the open ones are cut, as when the database restarts or fails over.
describe.skipIf(!testPostgresUrl())('a PostgreSQL outage', () => {
  const base = testPostgresUrl()!;
  let server: TestServer;
  let admin: TestClient;
  let dbName: string;

  const setConnections = (allowed: boolean) =>
    adminQuery(base, `ALTER DATABASE ${dbName} ALLOW_CONNECTIONS ${allowed}`);
  const cutConnections = () =>
    adminQuery(
      base,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${dbName}' AND pid <> pg_backend_pid()`,
    );

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
    });
    const { database } = server.built.ctx.config;
    if (database.kind !== 'postgres') throw new Error('this test needs PostgreSQL');
    dbName = new URL(database.url).pathname.slice(1);
    admin = await server.admin();
  });
  afterAll(async () => {
    if (dbName) await setConnections(true);
    await server?.close();
  });

  it('answers 503 DATABASE_DOWN at once (no hang, no stack), says so on /api/health, and recovers by itself', async () => {
    expect((await admin.get('/api/lines')).status).toBe(200);

    await setConnections(false);
    try {
      await cutConnections();

      const health = await within(server.client().get('/api/health'));
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: 'error', db: 'error' });

      const attempts = [
        () => admin.get('/api/lines'),
        () => admin.get('/api/me'),
        () =>
          admin.post('/api/tickets', { title: 't', description: 'd', priority: 'low', category: 'general' }),
        () => server.client().post('/api/auth/sign-in', { email: 'x@example.com', password: 'whatever-1' }),
      ];
      for (const attempt of attempts) {
        const res = await within(attempt());
        expect(res.status, JSON.stringify(res.body)).toBe(503);
        expect(res.body).toEqual({ error: { code: 'DATABASE_DOWN', message: DOWN_TEXT } });
        expect(res.headers.get('retry-after')).toBe('5');
      }
    } finally {
      await setConnections(true);
    }

    // Back: the pool reconnects on its own, the session is still valid, live events resume.
    await waitFor(
      async () => (await server.client().get('/api/health')).status,
      (status) => status === 200,
      30_000,
    );
    expect((await admin.get('/api/lines')).status).toBe(200);
    const created = await admin.post('/api/tickets', {
      title: 'After the outage',
      description: 'Written once the database was back.',
      priority: 'low',
      category: 'general',
    });
    expect(created.status).toBe(201);
    await waitFor(
      async () => (await admin.get('/api/system/status')).body,
      (status) => status.events.healthy === true && status.database.ok === true,
      30_000,
    );
  });
});

// Every connection of the pool taken by requests that wait on a lock, as when a few slow statements
// hold them all: the database answers, so the next request is told the panel is busy, not that the
// database is down, and the held requests still finish once the lock goes.
describe.skipIf(!testPostgresUrl())('a PostgreSQL pool with every connection taken', () => {
  let server: TestServer;
  let admin: TestClient;
  let dbName: string;
  let dbUrl: string;
  let locker: pg.Client | undefined;

  beforeAll(async () => {
    server = await startTestServer({
      DATABASE_POOL_SIZE: '2',
      DATABASE_POOL_WAIT_MS: '1000',
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      LINE_CONNECTIONS_POLL_SECONDS: '0',
      ECM_STATS_POLL_SECONDS: '0',
    });
    const { database } = server.built.ctx.config;
    if (database.kind !== 'postgres') throw new Error('this test needs PostgreSQL');
    dbUrl = database.url;
    dbName = new URL(database.url).pathname.slice(1);
    admin = await server.admin();
  });
  afterAll(async () => {
    await locker?.end().catch(() => undefined);
    await server?.close();
  });

  it('answers 503 DATABASE_BUSY after the wait, and serves the held requests and the next ones once a connection is free', async () => {
    expect((await admin.get('/api/tickets')).status).toBe(200);

    locker = new pg.Client({ connectionString: dbUrl });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE tickets IN ACCESS EXCLUSIVE MODE');
    const held = [admin.get('/api/tickets'), admin.get('/api/tickets')];
    const waitingOnTheLock = () =>
      locker!.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
        [dbName],
      );
    await waitFor(
      async () => (await waitingOnTheLock()).rows[0]?.n ?? 0,
      (n) => n >= 2,
      30_000,
    );

    for (const attempt of [() => admin.get('/api/tickets'), () => admin.get('/api/lines')]) {
      const res = await within(attempt());
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body).toEqual({ error: { code: 'DATABASE_BUSY', message: BUSY_TEXT } });
      expect(res.headers.get('retry-after')).toBe('2');
    }

    await locker.query('COMMIT');
    for (const res of await Promise.all(held)) expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await admin.get('/api/tickets')).status).toBe(200);
    expect((await admin.get('/api/lines')).status).toBe(200);
  });
});
