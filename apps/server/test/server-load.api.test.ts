import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startStandInOscam,
  WEBIF_LOGIN,
  type StandInOscam,
  watchingClient,
} from '../../agent/test/stand-in-servers.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, signUpAccount, type Account } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { jobRoundsPass, waitFor } from './support/wait-for.js';

/**
 * Load alerts, read from the real agent on this machine: the figures are what this machine really
 * carries, so the thresholds (0% for "over", 100% of memory for "back") decide the alerts, never a
 * figure made up for the test.
 */
describe('Load alerts: a server machine’s CPU, memory, disk and clients, and the notices', () => {
  let server: TestServer;
  let admin: TestClient;
  let reseller: Account;
  let oscam: StandInOscam;
  let agent: TestAgent;
  let configDir: string;
  let serverId: number;
  const SERVER_NAME = 'OSCam under load';

  const roundsPass = (n: number) => jobRoundsPass(server, 'ecm-stats', n);
  const load = async () => {
    const res = await admin.get(`/api/servers/${serverId}/load`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const titles = async () => {
    const res = await admin.get('/api/messages?page_size=100');
    expect(res.status).toBe(200);
    return (res.body.items as { title: string }[]).map((item) => item.title);
  };
  const count = (list: string[], title: string) => list.filter((entry) => entry === title).length;

  beforeAll(async () => {
    server = await startTestServer({ ECM_STATS_POLL_SECONDS: '1', LINE_CONNECTIONS_POLL_SECONDS: '0' });
    admin = await server.admin();
    agent = await startLineAgent({
      envFor: async (configFile) => {
        configDir = path.dirname(configFile);
        oscam = await startStandInOscam(configFile);
        return {
          AGENT_BACKEND: 'oscam',
          AGENT_OSCAM_WEBIF_URL: oscam.url,
          AGENT_OSCAM_WEBIF_USER: WEBIF_LOGIN.username,
          AGENT_OSCAM_WEBIF_PASSWORD: WEBIF_LOGIN.password,
        };
      },
    });
    // Nothing over a threshold while the figures are checked: the alerts' test sets its own.
    const quiet = { cpu_percent: null, memory_percent: null, disk_percent: null, clients: null };
    expect((await admin.put('/api/load-alert-settings', quiet)).status).toBe(200);
    serverId = (await addAgentServer(admin, agent, SERVER_NAME)).id;
    reseller = await signUpAccount(server, `load-reseller-${Date.now()}@example.com`, 10);
  });

  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
    await oscam?.close();
  });

  it("shows the machine's figures and its connected clients on the server's load, with a history", async () => {
    oscam.setClients([
      watchingClient('viewer-a', '203.0.113.7', 'id_1'),
      watchingClient('viewer-b', '198.51.100.4', 'id_2'),
    ]);
    const body = await waitFor(load, (answer) => answer.latest?.clients === 2);
    expect(body.latest.cpu_cores).toBe(os.availableParallelism());
    expect(body.latest.cpu_percent).toBeGreaterThanOrEqual(0);
    expect(body.latest.memory_percent).toBeGreaterThan(0);
    expect(body.latest.memory_percent).toBeLessThan(100);
    expect(body.latest.disk_percent).toBeGreaterThanOrEqual(0);
    expect(body.latest.disk_path).toBe(configDir);
    expect(body.poll_error).toBeNull();
    expect(body.alerts).toEqual([]);
    expect(body.history.length).toBeGreaterThanOrEqual(1);
    expect(body.history.at(-1)).toEqual(expect.objectContaining({ clients: 2 }));

    oscam.setClients([watchingClient('viewer-a', '203.0.113.7', 'id_1')]);
    await waitFor(load, (answer) => answer.latest?.clients === 1);
  });

  it("shows the latest figures and the chart's last point from the same poll, while polls keep coming", async () => {
    // Each poll writes the latest reading and this minute's point together; readers racing the polls
    // must never see one poll's figures beside another's point (two clients against one).
    const lists = [
      [watchingClient('viewer-a', '203.0.113.7', 'id_1')],
      [watchingClient('viewer-a', '203.0.113.7', 'id_1'), watchingClient('viewer-b', '198.51.100.4', 'id_2')],
    ];
    let flips = 0;
    const flipping = setInterval(() => oscam.setClients(lists[++flips % 2]!), 150);
    const disagreements: string[] = [];
    let reads = 0;
    const until = Date.now() + 6_000;
    try {
      await Promise.all(
        [0, 1, 2, 3].map(async () => {
          while (Date.now() < until) {
            const body = await load();
            reads += 1;
            const last = body.history.at(-1);
            if (body.latest && last && body.latest.clients !== last.clients) {
              disagreements.push(`latest ${body.latest.clients}, chart ${last.clients}`);
            }
          }
        }),
      );
    } finally {
      clearInterval(flipping);
    }
    console.log(`server load: ${reads} reads over ${flips} changes of the clients`);
    expect(disagreements).toEqual([]);
  });

  it('tells the admins once when a metric stays over its threshold, and once when it is back', async () => {
    const high = `High load on ${SERVER_NAME}: Memory used`;
    const normal = `Load back to normal on ${SERVER_NAME}: Memory used`;
    // Any memory in use is at or above 0%.
    const set = await admin.put('/api/load-alert-settings', { memory_percent: 0, for_minutes: 0 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      cpu_percent: null,
      memory_percent: 0,
      disk_percent: null,
      clients: null,
      for_minutes: 0,
    });
    await waitFor(titles, (list) => list.includes(high));
    expect((await load()).alerts).toEqual(['memory']);
    await roundsPass(3);
    expect(count(await titles(), high)).toBe(1);

    // No machine in use has all of its memory taken: below 100%, the alert recovers.
    expect((await admin.put('/api/load-alert-settings', { memory_percent: 100 })).status).toBe(200);
    await waitFor(titles, (list) => list.includes(normal));
    expect((await load()).alerts).toEqual([]);
    await roundsPass(3);
    const after = await titles();
    expect(count(after, high)).toBe(1);
    expect(count(after, normal)).toBe(1);
  });

  it('waits the set minutes before an alert: a metric over its threshold for less tells no one', async () => {
    const diskHigh = `High load on ${SERVER_NAME}: Disk used`;
    expect((await admin.put('/api/load-alert-settings', { disk_percent: 0, for_minutes: 60 })).status).toBe(
      200,
    );
    await roundsPass(3);
    expect(await titles()).not.toContain(diskHigh);
    expect((await load()).alerts).toEqual([]);
    expect((await admin.put('/api/load-alert-settings', { disk_percent: null })).status).toBe(200);
  });

  it('refuses thresholds out of range and keeps the load to admins', async () => {
    const bad = await admin.put('/api/load-alert-settings', { cpu_percent: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('LOAD_ALERT_INVALID_SETTINGS');
    expect((await admin.put('/api/load-alert-settings', { for_minutes: 1441 })).body.error.code).toBe(
      'LOAD_ALERT_INVALID_SETTINGS',
    );
    expect((await reseller.client.get(`/api/servers/${serverId}/load`)).status).toBe(403);
    expect((await reseller.client.get('/api/load-alert-settings')).status).toBe(403);
    const missing = await admin.get('/api/servers/999999/load');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('SERVER_NOT_FOUND');
  });

  it('lets one server override the global thresholds, and follows the global ones again once it drops them', async () => {
    const high = `High load on ${SERVER_NAME}: Memory used`;
    const normal = `Load back to normal on ${SERVER_NAME}: Memory used`;
    const before = await titles();
    // Globally nothing is over (no memory threshold); this server alone watches any memory in use.
    expect(
      (await admin.put('/api/load-alert-settings', { memory_percent: null, for_minutes: 60 })).status,
    ).toBe(200);
    const own = await admin.put(`/api/servers/${serverId}/load-alert-settings`, {
      memory_percent: 0,
      for_minutes: 0,
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.overrides).toEqual({ memory_percent: 0, for_minutes: 0 });
    expect(own.body.thresholds).toEqual(
      expect.objectContaining({ memory_percent: 0, for_minutes: 0, cpu_percent: null }),
    );
    await waitFor(titles, (list) => count(list, high) === count(before, high) + 1);
    const shown = await load();
    expect(shown.alerts).toEqual(['memory']);
    expect(shown.overrides).toEqual({ memory_percent: 0, for_minutes: 0 });
    expect(shown.thresholds.memory_percent).toBe(0);

    // A change of the global threshold does not reach a metric the server set itself.
    expect((await admin.put('/api/load-alert-settings', { memory_percent: 100 })).status).toBe(200);
    expect((await load()).thresholds.memory_percent).toBe(0);

    const dropped = await admin.put(`/api/servers/${serverId}/load-alert-settings`, {});
    expect(dropped.body).toEqual({
      overrides: {},
      thresholds: expect.objectContaining({ memory_percent: 100, for_minutes: 60 }),
    });
    await waitFor(titles, (list) => count(list, normal) === count(before, normal) + 1);
    expect((await load()).alerts).toEqual([]);
  });

  it("refuses a server's thresholds out of range, for another server, and to anyone but an admin", async () => {
    const bad = await admin.put(`/api/servers/${serverId}/load-alert-settings`, { disk_percent: -5 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('LOAD_ALERT_INVALID_SETTINGS');
    const missing = await admin.put('/api/servers/999999/load-alert-settings', { cpu_percent: 50 });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('SERVER_NOT_FOUND');
    const refused = await reseller.client.put(`/api/servers/${serverId}/load-alert-settings`, {
      cpu_percent: 1,
    });
    expect(refused.status).toBe(403);
    expect((await load()).overrides).toEqual({});
  });
});
