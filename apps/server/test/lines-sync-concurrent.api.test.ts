// Several agent calls in flight to one server: two accounts' changes go out side by side, while one
// account's changes reach the agent one after the other, in the order they were made.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

const SLOW_MS = 120_000;

type Change = { action: string; username: string; password?: string };
type Call = { accounts: string[]; changes: Change[] };

/**
 * Forwards to the agent, except that POST /batch calls are held unanswered while `hold` is on, until
 * `release`. Notes every batch call from its arrival until the agent's answer has been passed on, so
 * a test can tell which calls were in flight together and in what order the agent got them.
 */
async function startHoldingProxy(agentPort: number) {
  const state = {
    hold: false,
    held: [] as { call: Call; forward: () => void }[],
    /** Batch calls in the order they were passed to the agent. */
    forwarded: [] as Call[],
    inFlight: [] as Call[],
    /** The most batch calls in flight at once, and the most of them carrying one account. */
    mostAtOnce: 0,
    mostForOneAccount: 0,
  };
  const forward = (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, done?: () => void) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: agentPort, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => done?.());
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
      done?.();
    });
    upstream.end(body);
  };
  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method !== 'POST' || req.url !== '/batch') return forward(req, body, res);
      const changes = (JSON.parse(body.toString('utf8')) as { changes: Change[] }).changes;
      const call = { accounts: [...new Set(changes.map((change) => change.username))], changes };
      state.inFlight.push(call);
      state.mostAtOnce = Math.max(state.mostAtOnce, state.inFlight.length);
      for (const account of call.accounts) {
        const carrying = state.inFlight.filter((other) => other.accounts.includes(account)).length;
        state.mostForOneAccount = Math.max(state.mostForOneAccount, carrying);
      }
      const send = () => {
        state.forwarded.push(call);
        forward(req, body, res, () => state.inFlight.splice(state.inFlight.indexOf(call), 1));
      };
      if (state.hold) state.held.push({ call, forward: send });
      else send();
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as net.AddressInfo).port,
    state,
    /** Stops holding and passes the held calls on, oldest first. */
    release: () => {
      state.hold = false;
      for (const held of state.held.splice(0)) held.forward();
    },
    close: () => {
      proxy.closeAllConnections();
      return new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

describe('agent calls in flight together', () => {
  let server: TestServer;
  let admin: TestClient;
  let agent: TestAgent;
  let proxy: Awaited<ReturnType<typeof startHoldingProxy>>;
  let agentServer: { id: number };

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      // A held call must not run out of time while the test looks at it.
      SERVER_API_TIMEOUT_MS: '60000',
      LINE_SYNC_AGENT_CALLS: '4',
    });
    admin = await server.admin();
    agent = await startLineAgent();
    proxy = await startHoldingProxy(agent.port);
    agentServer = await addAgentServer(admin, { ...agent, port: proxy.port });
  });
  afterAll(async () => {
    proxy?.release();
    await server?.close();
    await proxy?.close();
    await agent?.cleanup();
  });

  it(
    "sends another account's change while a call runs, but one account's two changes one after the other, in order",
    async () => {
      const tag = Date.now().toString(36);
      const first = `cfa${tag}`;
      const second = `cfb${tag}`;
      const created = await admin.post('/api/lines', {
        username: first,
        password: 'pw-first-0',
        subscription_months: 1,
        server_id: agentServer.id,
      });
      expect(created.status).toBe(201);
      expect(created.body.line.sync_state).toBe('synced');
      const id = created.body.line.id as number;

      proxy.state.hold = true;
      // The first account's change: its call is held at the agent's door.
      const firstEdit = admin.patch(`/api/lines/${id}`, { password: 'pw-first-1' });
      await waitFor(
        () => proxy.state.held.map(({ call }) => call.accounts),
        (held) => held.some((accounts) => accounts.includes(first)),
      );
      // Its next change, made while the first is still unanswered, and a new line of another account.
      const secondEdit = admin.patch(`/api/lines/${id}`, { password: 'pw-first-2' });
      const otherCreate = admin.post('/api/lines', {
        username: second,
        password: 'pw-second',
        subscription_months: 1,
        server_id: agentServer.id,
      });
      // The other account's call goes out although the first call has not been answered.
      const held = await waitFor(
        () => proxy.state.held.map(({ call }) => call.accounts),
        (accounts) => accounts.some((own) => own.includes(second)),
        60_000,
      );
      // The first account's second change was not sent beside its first.
      expect(held.filter((accounts) => accounts.includes(first))).toHaveLength(1);

      proxy.release();
      const [one, two, other] = await Promise.all([firstEdit, secondEdit, otherCreate]);
      for (const res of [one, two]) {
        expect(res.status).toBe(200);
        expect(res.body.sync.ok).toBe(true);
      }
      expect(two.body.line).toMatchObject({ password: 'pw-first-2', sync_state: 'synced' });
      expect(other.status).toBe(201);
      expect(other.body.line.sync_state).toBe('synced');

      // The agent got the first account's passwords in the order they were set, and holds the last.
      const sentPasswords = proxy.state.forwarded.flatMap((call) =>
        call.changes
          .filter((change) => change.username === first && change.action === 'add-user')
          .map((change) => change.password),
      );
      expect(sentPasswords).toEqual(['pw-first-0', 'pw-first-1', 'pw-first-2']);
      const file = await readFile(agent.configFile, 'utf8');
      expect(file).toContain(`F: ${first} pw-first-2 `);
      expect(file).toContain(`F: ${second} pw-second `);
      expect(proxy.state.mostAtOnce).toBeGreaterThanOrEqual(2);
      expect(proxy.state.mostForOneAccount).toBe(1);
    },
    SLOW_MS,
  );
});
