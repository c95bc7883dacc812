import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

const TOKEN = 'scrape-token-0123456789abcdef';
/** The scraper's own address: allowed without the token. */
const SCRAPER_IP = '10.250.0.7';

let server: TestServer;
let admin: TestClient;
let agent: TestAgent;

beforeAll(async () => {
  server = await startTestServer({
    SERVER_CHECK_INTERVAL_SECONDS: '0',
    LINE_RECONCILE_INTERVAL_SECONDS: '0',
    METRICS_TOKEN: TOKEN,
    METRICS_ALLOWED_ADDRESSES: '10.250.0.0/24',
  });
  admin = await server.admin();
  agent = await startLineAgent();
  await addAgentServer(admin, agent);
});

afterAll(async () => {
  await server?.close();
  await agent?.cleanup();
});

/** One sample's value from the exposition text; undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const own = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((label) => own.includes(label))) return Number(match[3]);
  }
  return undefined;
}

async function scrape(): Promise<string> {
  const res = await fetch(`${server.url}/api/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '10.9.9.9' },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

describe('GET /api/metrics', () => {
  it('refuses a scraper without the token, with a wrong one, or with a panel session', async () => {
    const anonymous = await server.client().get('/api/metrics');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHENTICATED');
    const wrong = await server.client().get('/api/metrics', { authorization: 'Bearer not-the-token-at-all' });
    expect(wrong.status).toBe(401);
    // The first admin's session is no scraper either.
    expect((await admin.get('/api/metrics')).status).toBe(401);
  });

  it('answers the token, and an allowed address without one', async () => {
    const text = await scrape();
    expect(text).toContain('# TYPE linedesk_http_requests_total counter');
    expect(sample(text, 'linedesk_process_resident_memory_bytes')).toBeGreaterThan(0);
    const fromScraper = await server.client({ ip: SCRAPER_IP }).get('/api/metrics');
    expect(fromScraper.status).toBe(200);
    expect(String(fromScraper.body)).toContain('linedesk_lines{state="active"}');
  });

  it('counts requests under their route pattern, never the address asked for', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/api/lines/:id', status: '404' };
    const counted = sample(before, 'linedesk_http_requests_total', route) ?? 0;
    expect((await admin.get('/api/lines/987654')).status).toBe(404);
    expect((await admin.get('/api/lines/987655')).status).toBe(404);
    const after = await scrape();
    expect(sample(after, 'linedesk_http_requests_total', route)).toBe(counted + 2);
    expect(after).not.toContain('987654');
    const timed = sample(after, 'linedesk_http_request_duration_seconds_count', {
      method: 'GET',
      route: '/api/lines/:id',
    });
    expect(timed).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'linedesk_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
    if (server.built.ctx.database.kind === 'postgres') {
      expect(sample(after, 'linedesk_db_pool_connections', { pool: 'main', state: 'total' })).toBeGreaterThan(
        0,
      );
    }
  });

  it("moves the database's figures when a line is made: lines per state, agents, the sync queue", async () => {
    const before = await scrape();
    const active = sample(before, 'linedesk_lines', { state: 'active' })!;
    expect(sample(before, 'linedesk_agents', { state: 'up' })).toBe(1);
    expect(sample(before, 'linedesk_agents', { state: 'down' })).toBe(0);
    for (const queue of ['line_sync', 'notifications', 'line_bulk', 'line_moves', 'line_imports']) {
      expect(sample(before, 'linedesk_queue_items', { queue, state: 'due' }), queue).toBeGreaterThanOrEqual(
        0,
      );
    }
    expect(sample(before, 'linedesk_payments', { state: 'pending' })).toBe(0);

    const created = await admin.post('/api/lines', {
      username: 'metrics-line-1',
      password: 'pass-1234',
      subscription_months: 1,
    });
    expect(created.status).toBe(201);
    const after = await scrape();
    expect(sample(after, 'linedesk_lines', { state: 'active' })).toBe(active + 1);
    // Delivered to the agent: nothing of it stays in the outbox.
    const synced = await waitFor(
      scrape,
      (text) => sample(text, 'linedesk_queue_items', { queue: 'line_sync', state: 'due' }) === 0,
    );
    expect(sample(synced, 'linedesk_queue_oldest_seconds', { queue: 'line_sync' })).toBe(0);
  });

  it("sends a request's id to the line agent, whose log names it", async () => {
    const id = 'metrics-req-0001';
    const created = await admin.post(
      '/api/lines',
      { username: 'metrics-line-2', password: 'pass-1234', subscription_months: 1 },
      { 'x-request-id': id },
    );
    expect(created.status).toBe(201);
    expect(created.headers.get('x-request-id')).toBe(id);
    const output = await waitFor(
      () => agent.current().output(),
      (text) => text.includes(`request_id=${id}`),
    );
    const line = output.split('\n').find((text) => text.includes(`request_id=${id}`))!;
    expect(line).toContain('metrics-line-2');
  });
});

describe('with metrics off, and readiness during a shutdown', () => {
  let plain: TestServer;
  let closing: Promise<void> | undefined;

  beforeAll(async () => {
    // Long enough to read readiness during the drain; the close waits it out.
    plain = await startTestServer({ SHUTDOWN_DRAIN_SECONDS: '3' });
  });
  afterAll(async () => {
    await (closing ?? plain?.close());
  });

  it('answers 404 METRICS_DISABLED while neither a token nor an address is set', async () => {
    const res = await plain.client().get('/api/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('METRICS_DISABLED');
  });

  it('is live and ready, then answers 503 on readiness during the drain while it still serves', async () => {
    const client = plain.client();
    expect((await client.get('/api/health/live')).body).toEqual({ status: 'ok' });
    expect((await client.get('/api/health/ready')).body).toEqual({
      status: 'ok',
      db: 'ok',
      migrations: 'ok',
    });

    closing = plain.close();
    const ready = await client.get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'error', db: 'ok', migrations: 'ok', shutting_down: true });
    // Requests still in flight or arriving before the load balancer notices are answered.
    expect((await client.get('/api/health/live')).status).toBe(200);
    expect((await client.get('/api/health')).status).toBe(200);
    await closing;
  });
});
