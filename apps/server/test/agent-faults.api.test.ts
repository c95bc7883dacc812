// The line agent failing in every way a real one does while lines are sold and changed: afterwards
// the agent holds exactly the panel's lines, and meanwhile the panel showed the failures.
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, agentUsers, display } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

type Fault = 'none' | 'down' | 'slow' | '5xx' | 'wrong-credentials' | 'dropped';
const FAULTS: Exclude<Fault, 'none'>[] = ['down', 'slow', '5xx', 'wrong-credentials', 'dropped'];
/** How each fault names its lines: CCcam allows usernames of at most 20 characters. */
const SHORT: Record<Exclude<Fault, 'none'>, string> = {
  down: 'down',
  slow: 'slow',
  '5xx': '503',
  'wrong-credentials': '401',
  dropped: 'cut',
};
const OPERATIONS_PER_FAULT = 100;
/**
 * The panel's time limit for one agent call here; a slow agent answers well after it. Each round of
 * the slow fault waits it out (twice for an upsert), so it sets most of this test's length.
 */
const TIMEOUT_MS = 1500;

/**
 * Sits between the panel and the real agent and breaks the traffic as told: refuses connections,
 * answers after the panel gave up, answers 503, sends a wrong password on, or cuts the connection in
 * the middle of the agent's answer (after the agent applied the change).
 */
async function startFaultyProxy(agentPort: number) {
  let fault: Fault = 'none';
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    if (fault === '5xx') {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Service Unavailable' }));
      return;
    }
    const headers = { ...req.headers };
    if (fault === 'wrong-credentials') {
      headers.authorization = `Basic ${Buffer.from('panel:not-the-password').toString('base64')}`;
    }
    const forward = () => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: agentPort,
          method: req.method,
          path: req.url,
          headers,
          // The agent locks an address out for a minute after 10 wrong passwords. Sent from an address
          // of their own, they lock out only that one: the later faults and the recovery reach the
          // agent as the panel's own requests do, instead of waiting out the lock.
          ...(fault === 'wrong-credentials' ? { localAddress: '127.0.0.2' } : {}),
        },
        (answer) => {
          if (fault === 'dropped') {
            res.writeHead(answer.statusCode ?? 200, answer.headers);
            answer.once('data', (chunk: Buffer) => {
              res.write(chunk.subarray(0, Math.max(1, Math.floor(chunk.length / 2))));
              res.socket?.destroy();
            });
            return;
          }
          res.writeHead(answer.statusCode ?? 200, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.socket?.destroy());
      req.pipe(upstream);
    };
    if (fault === 'slow') setTimeout(forward, TIMEOUT_MS * 2);
    else forward();
  });
  server.on('connection', (socket) => {
    // Down: every connection is dropped at once. The port stays bound, so no other process of a
    // busy test run can take it meanwhile (and answer the panel) or keep it when the agent comes back.
    if (fault === 'down') {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** 'down' drops every connection, open ones included, as a stopped agent's host would. */
    set: (next: Fault) => {
      if (next === 'down') for (const socket of sockets) socket.destroy();
      fault = next;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let server: TestServer;
let agent: TestAgent;
let proxy: Awaited<ReturnType<typeof startFaultyProxy>>;
let admin: TestClient;

beforeAll(async () => {
  agent = await startLineAgent();
  proxy = await startFaultyProxy(agent.port);
  server = await startTestServer({
    SERVER_API_TIMEOUT_MS: String(TIMEOUT_MS),
    LINE_SYNC_RETRY_BASE_MS: '200',
    LINE_SYNC_RETRY_MAX_MS: '1000',
    // Only this test's own faults: no scheduled server check or reconcile changing the picture.
    SERVER_CHECK_INTERVAL_SECONDS: '0',
    LINE_RECONCILE_INTERVAL_SECONDS: '0',
  });
  admin = await server.admin();
  await addAgentServer(admin, { ...agent, port: proxy.port });
});

afterAll(async () => {
  await server?.close();
  await proxy?.close();
  await agent?.cleanup();
});

/**
 * Sales, password changes, suspensions, renewals and deletions, as a reseller's day has them, on lines
 * named after `prefix` only: each fault's test works on lines of its own.
 */
function reseller(prefix: string) {
  const live: number[] = [];
  let n = 0;
  const operate = async () => {
    n += 1;
    const kind = n % 5;
    if (kind <= 1 || live.length < 5) {
      const created = await admin.post('/api/lines', {
        username: `${prefix}-${n}`,
        password: 'pass-1234',
        subscription_months: 1,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      live.push(created.body.line.id);
      return;
    }
    const id = live[n % live.length]!;
    if (kind === 2) {
      const edited = await admin.patch(`/api/lines/${id}`, { password: `pw-${n}`, enabled: n % 2 === 0 });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    } else if (kind === 3) {
      const renewed = await admin.post(`/api/lines/${id}/renew`, { subscription_months: 1 });
      expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    } else {
      expect((await admin.delete(`/api/lines/${id}`)).status).toBe(200);
      live.splice(live.indexOf(id), 1);
    }
  };
  return { operate, operations: () => n };
}

/** The panel's lines named after `prefix`, as the agent should hold them, in username order. */
async function panelLines(prefix: string) {
  const panel: { username: string; expiry_date: string; enabled: boolean }[] = [];
  for (let page = 1; ; page += 1) {
    const res = await admin.get(
      `/api/lines?page=${page}&page_size=100&sort=username&order=asc&search=${encodeURIComponent(prefix)}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    panel.push(...res.body.items);
    if (res.body.items.length < 100) break;
  }
  return panel
    .filter((l) => l.username.startsWith(`${prefix}-`))
    .map((l) => [l.username, display(l.expiry_date), l.enabled])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

// One test per fault, each with its own lines and its own time limit: under a loaded machine one
// test of all five faults (500 operations and five waits for the slow agent) ran past any limit
// that still tells a slow run from a stuck one. The faults follow each other on the same panel and
// agent, as they would in a real week; each test ends with the agent recovered and its outbox empty.
describe('agent faults during line operations', () => {
  it.each(FAULTS)(
    'ends with 0 drift after the agent is %s during 100 operations',
    async (fault) => {
      const started = Date.now();
      const prefix = `fault-${SHORT[fault]}`;
      const { operate, operations } = reseller(prefix);
      proxy.set(fault);
      // The panel answers every operation at once, whatever the agent does.
      for (let i = 0; i < OPERATIONS_PER_FAULT; i += 8) {
        await Promise.all(Array.from({ length: Math.min(8, OPERATIONS_PER_FAULT - i) }, operate));
      }
      const operated = Date.now();
      // The status page shows the failing deliveries meanwhile, with the agent's error.
      const status = await waitFor(
        async () => (await admin.get('/api/system/status')).body,
        (s) => s.outbox.failing > 0 && s.outbox.last_error !== null,
      );
      expect(status.outbox.last_error).toEqual(expect.any(String));
      const failing = await admin.get('/api/lines?sync_state=failing&page_size=1');
      expect(failing.body.total, `lines shown as failing while the agent is ${fault}`).toBeGreaterThan(0);

      proxy.set('none');
      const shown = Date.now();
      await waitFor(
        async () => (await admin.get('/api/system/status')).body.outbox,
        (o) => o.pending === 0,
        120_000,
      );
      const drained = Date.now();
      const panel = await panelLines(prefix);
      const onAgent = (await agentUsers(agent)).filter((u) => u.username.startsWith(`${prefix}-`));
      expect(onAgent.map((u) => [u.username, u.expiryDate, u.enabled])).toEqual(panel);
      // Where a slow run's time went, in the log of the run that has it.
      console.log(
        `agent ${fault}: ${operations()} operations in ${operated - started} ms, failing shown after ${shown - operated} ms, ` +
          `outbox drained ${drained - shown} ms after recovery; ${panel.length} lines compared, 0 drift; error shown: ${status.outbox.last_error}`,
      );
    },
    // 59 s for the slow fault on a quiet machine, 3-6 s for the others.
    400_000,
  );
});
