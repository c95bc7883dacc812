// Two app instances on one PostgreSQL reading who is online from the same agents.
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addActiveServer } from './support/line-fixtures.js';
import { buildServerBundle, startServerProcess, type ServerProcess } from './support/server-process.js';
import { TestClient } from './support/test-client.js';
import { copyTemplateDatabase, type DatabaseCopy } from './support/database-copy.js';
import { testPostgresUrl } from './support/test-database.js';
import { freePort } from '../../agent/test/ports.js';
import { ADMIN } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

const pgUrl = testPostgresUrl();
const POLL_SECONDS = 2;
const AGENT_LOGIN = { username: 'panel', password: 'secret-password' };

type Connection = { id: string; username: string; ip: string; protocol: string };

/** An agent that lists the connections it is given and counts how often it is asked for them. */
type StandInAgent = {
  port: number;
  /** When each GET /connections arrived (ms since the epoch). */
  polls: number[];
  show: (connections: Connection[]) => void;
  close: () => Promise<void>;
};

async function startStandInAgent(): Promise<StandInAgent> {
  let connections: Connection[] = [];
  const polls: number[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      let body: unknown = { message: 'ok' };
      if (req.url === '/health' || req.url === '/') body = { message: 'ok', version: 'stand-in' };
      if (req.method === 'GET' && req.url === '/connections') {
        polls.push(Date.now());
        body = { connections };
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    polls,
    show: (next) => {
      connections = next;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

let instances: ServerProcess[] = [];
let agents: StandInAgent[] = [];
let admin: TestClient;
let store: DatabaseCopy | undefined;

describe.skipIf(!pgUrl)('who is online with two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    buildServerBundle();
    store = await copyTemplateDatabase('ld_online');
    agents = await Promise.all([startStandInAgent(), startStandInAgent(), startStandInAgent()]);
    const ports = [await freePort(), await freePort()];
    const shared = {
      ...store.env,
      LINEDESK_SECRET: randomBytes(32).toString('hex'),
      LINEDESK_ADMIN_EMAIL: ADMIN.email,
      LINEDESK_ADMIN_PASSWORD: ADMIN.password,
      LINE_CONNECTIONS_POLL_SECONDS: String(POLL_SECONDS),
      // Only the who-is-online reads are counted: the other jobs stay away from the agents.
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      SERVER_API_TIMEOUT_MS: '20000',
    };
    instances = await Promise.all(
      ports.map(async (port, n) => {
        // One database, a data folder of its own for each instance.
        const dataDir = path.join(store!.dataDir, `instance-${n}`);
        await mkdir(dataDir);
        return startServerProcess(port, {
          ...shared,
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          LINEDESK_DATA_DIR: dataDir,
        });
      }),
    );
    admin = new TestClient(instances[0]!.url, '127.0.0.1');
    const signIn = await admin.post('/api/auth/sign-in', ADMIN);
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await Promise.all(agents.map((a) => a.close()));
    await store?.drop();
  });

  it('reads each server once per round, stores its sessions once and raises one alert per sharing episode', async () => {
    const lines: { id: number; username: string }[] = [];
    for (const [i, agent] of agents.entries()) {
      const server = await addActiveServer(admin, {
        apiPort: agent.port,
        ...AGENT_LOGIN,
        name: `Online ${i + 1}`,
        port: 12000 + i,
      });
      const username = `online-${i + 1}-${Date.now().toString(36)}`;
      const created = await admin.post('/api/lines', {
        username,
        password: 'pass-1234',
        subscription_months: 1,
        server_id: server.id,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      lines.push({ id: created.body.line.id, username });
    }
    const connection = (username: string, n: number): Connection => ({
      id: `id_0x${n}`,
      username,
      ip: `203.0.113.${n}`,
      protocol: 'cccam',
    });
    agents[0]!.show([connection(lines[0]!.username, 1)]);
    // The second line is used from two places at once: sharing.
    agents[1]!.show([connection(lines[1]!.username, 2), connection(lines[1]!.username, 3)]);
    agents[2]!.show([connection(lines[2]!.username, 4)]);

    const connectionsOf = async (lineId: number) => {
      const res = await admin.get(`/api/lines/${lineId}/connections`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { online: boolean; connections: { ip: string }[] };
    };
    for (const [i, line] of lines.entries()) {
      await waitFor(
        () => connectionsOf(line.id),
        (body) => body.connections.length === (i === 1 ? 2 : 1),
        30_000,
      );
    }

    // Both instances run the job round after round; every read is counted until each server has been
    // read READS times more, however long a busy machine makes that take (a fixed window of 8 rounds
    // saw fewer than 3 reads at a load of 20). One read a round makes at most one per interval that
    // passed, and one more at either end; both instances reading each round would make twice that,
    // which READS reads are enough to tell apart.
    const READS = 8;
    const from = Date.now();
    await waitFor(
      () => agents.map((agent) => agent.polls.filter((t) => t >= from).length),
      (reads) => reads.every((n) => n >= READS),
      150_000,
    );
    const to = Date.now();
    const rounds = (to - from) / (POLL_SECONDS * 1000);
    for (const [i, agent] of agents.entries()) {
      const inWindow = agent.polls.filter((t) => t >= from && t < to);
      expect(inWindow.length, `reads of server ${i + 1} in ${rounds.toFixed(1)} rounds`).toBeLessThanOrEqual(
        Math.floor(rounds) + 2,
      );
      const gaps = agent.polls.slice(1).map((t, n) => t - agent.polls[n]!);
      // A server is claimed for a whole interval: never read twice within one round.
      expect(Math.min(...gaps), `closest reads of server ${i + 1}`).toBeGreaterThan(POLL_SECONDS * 500);
    }

    // Both instances ran the job all along, without a failed round.
    for (const instance of instances) {
      const client = new TestClient(instance.url, '127.0.0.1');
      for (const [name, value] of admin.cookies) client.cookies.set(name, value);
      const status = await client.get('/api/system/status');
      expect(status.status, JSON.stringify(status.body)).toBe(200);
      const job = (status.body.jobs as { name: string; runs: number; last_error: string | null }[]).find(
        (item) => item.name === 'line-connections',
      );
      expect(job?.runs, instance.url).toBeGreaterThanOrEqual(4);
      expect(job?.last_error, instance.url).toBeNull();
    }

    // Each connection is stored once, whichever instance stored it last.
    for (const [i, line] of lines.entries()) {
      const body = await connectionsOf(line.id);
      expect(body.online).toBe(true);
      expect(body.connections.map((c) => c.ip).sort()).toEqual(
        i === 1 ? ['203.0.113.2', '203.0.113.3'] : [`203.0.113.${i === 0 ? 1 : 4}`],
      );
    }

    // The sharing episode opened once: one alert to the admin, however many rounds saw it.
    const me = (await admin.get('/api/me')).body.id;
    const alerts = async () => {
      const res = await admin.get('/api/messages?page_size=100');
      expect(res.status).toBe(200);
      return (res.body.items as { title: string; recipient_id: string }[]).filter(
        (m) => m.title === `Possible line sharing: ${lines[1]!.username}` && m.recipient_id === me,
      );
    };
    expect(await alerts()).toHaveLength(1);
    for (const line of [lines[0]!, lines[2]!]) {
      expect((await admin.get('/api/messages?page_size=100')).body.items).not.toContainEqual(
        expect.objectContaining({ title: `Possible line sharing: ${line.username}` }),
      );
    }
  }, 300_000);
});
