import net from 'node:net';
import { addDays } from '@linedesk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBIF_LOGIN, type StandInOscam, watchingClient } from '../../agent/test/stand-in-servers.js';
import { pollEcmStats } from '../src/modules/ecm-stats/ecm-poll.js';
import { ecmPollsRepository } from '../src/modules/ecm-stats/ecm-poll.repository.js';
import { endOutage } from '../src/modules/outages/outage-watch.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { oscamLineFixture } from './support/oscam-line-fixture.js';
import { addAgentServer, agentUsers, display, type Account } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { testPostgresUrl } from './support/test-database.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { jobRoundsPass, waitFor } from './support/wait-for.js';

type Outage = {
  id: number;
  server_id: number;
  server: string;
  cause: string;
  started_at: string;
  ended_at: string | null;
  affected_lines: number;
  compensated_lines: number;
  compensated_minutes: number;
};
type Line = { id: number; username: string; expiry_date: string };

describe('outages: detection, notices, compensation and who sees them', () => {
  const fixture = oscamLineFixture({
    serverName: 'OSCam Outages',
    prefix: 'out',
    env: {
      ECM_STATS_POLL_SECONDS: '1',
      SERVER_CHECK_INTERVAL_SECONDS: '1',
      LINE_CONNECTIONS_POLL_SECONDS: '0',
    },
  });
  let server: TestServer;
  let admin: TestClient;
  let oscam: StandInOscam;
  let agent: TestAgent;
  let serverId: number;
  let owner: Account;
  let stranger: Account;
  const { name } = fixture;

  const outages = async (client: TestClient) => {
    const res = await client.get('/api/outages');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.outages as Outage[];
  };
  const ours = async (client: TestClient) => (await outages(client)).filter((o) => o.server_id === serverId);
  const openOutage = () =>
    waitFor(
      () => ours(admin),
      (list) => list.some((o) => o.ended_at === null),
    ).then((list) => list.find((o) => o.ended_at === null)!);
  const ended = (id: number) =>
    waitFor(
      () => ours(admin),
      (list) => list.some((o) => o.id === id && o.ended_at !== null),
    ).then((list) => list.find((o) => o.id === id)!);
  const setSettings = async (body: Record<string, unknown>) => {
    const res = await admin.put('/api/ecm-settings', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const createLine = async (account: Account = owner): Promise<Line> => {
    const res = await account.client.post('/api/lines', {
      username: name(),
      password: 'pw-1234',
      subscription_months: 1,
      server_id: serverId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.line as Line;
  };
  const lineOf = async (id: number): Promise<Line> => (await owner.client.get(`/api/lines/${id}`)).body;
  const titles = async (client: TestClient) => {
    const res = await client.get('/api/messages?page_size=100');
    expect(res.status).toBe(200);
    return (res.body.items as { title: string }[]).map((m) => m.title);
  };
  const roundsPass = (n: number) => jobRoundsPass(server, 'ecm-stats', n);
  const onCard = async (username: string) => (await agentUsers(agent)).find((u) => u.username === username);

  beforeAll(async () => {
    ({ server, admin, oscam, agent, serverId, owner, stranger } = fixture);
    await setSettings({ outage_minutes: 0, outage_answer_rate_percent: 50, outage_compensate: true });
  });

  it('records an unreachable agent as an outage, tells the owner once, and extends the line on its server', async () => {
    const line = await createLine();
    await waitFor(
      () => onCard(line.username),
      (user) => user?.expiryDate === display(line.expiry_date),
    );

    await agent.stop();
    const open = await openOutage();
    expect(open).toMatchObject({ cause: 'unreachable', server: 'OSCam Outages', ended_at: null });
    expect(open.affected_lines).toBeGreaterThanOrEqual(1);
    // A reseller sees the outage of a server their line is on, counting only their own lines; one
    // without lines there does not see it.
    expect((await ours(owner.client)).find((o) => o.id === open.id)).toMatchObject({ affected_lines: 1 });
    expect(await ours(stranger.client)).toEqual([]);

    await agent.restart();
    const done = await ended(open.id);
    expect(new Date(done.ended_at!).getTime()).toBeGreaterThanOrEqual(new Date(done.started_at).getTime());

    // The line runs a day longer (its expiry is a day), here and on the card server.
    const extended = addDays(line.expiry_date, 1);
    expect((await lineOf(line.id)).expiry_date).toBe(extended);
    await waitFor(
      () => onCard(line.username),
      (user) => user?.expiryDate === display(extended),
    );
    const events = (await owner.client.get(`/api/lines/${line.id}/events`)).body.items as {
      action: string;
      details: Record<string, unknown>;
    }[];
    const entry = events.filter((e) => e.action === 'outage_extended');
    expect(entry).toHaveLength(1);
    expect(entry[0]!.details).toMatchObject({ server: 'OSCam Outages', outage_id: open.id });
    const seenByOwner = (await ours(owner.client)).find((o) => o.id === open.id)!;
    expect(seenByOwner).toMatchObject({ affected_lines: 1, compensated_lines: 1 });
    // The one line's compensation counts the outage's length in minutes, started ones whole.
    const lasted = new Date(done.ended_at!).getTime() - new Date(done.started_at).getTime();
    expect(seenByOwner.compensated_minutes).toBe(Math.max(1, Math.ceil(lasted / 60_000)));

    // One notice when it began and one when it ended.
    const seen = await waitFor(
      () => titles(owner.client),
      (list) => list.includes('Outage on OSCam Outages ended'),
    );
    expect(seen.filter((t) => t === 'Outage on OSCam Outages')).toHaveLength(1);
    expect(seen.filter((t) => t === 'Outage on OSCam Outages ended')).toHaveLength(1);
    expect(await titles(stranger.client)).not.toContain('Outage on OSCam Outages');

    // The reseller's report counts the compensated time.
    const report = await owner.client.get('/api/reports');
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.outage_compensated_minutes).toBeGreaterThanOrEqual(1);
    const others = await stranger.client.get('/api/reports');
    expect(others.body.outage_compensated_minutes).toBe(0);
  });

  it('records a server answering too few ECMs, and ends it when it answers again', async () => {
    const line = await createLine();
    oscam.setClients([watchingClient(line.username, '203.0.113.9', 'id_9')]);
    oscam.setCounters(line.username, 10, 0);
    // The first reading only sets the baseline; then 5 answered of 100 asked is a 5% answer rate.
    await roundsPass(2);
    const before = (await ours(admin)).length;
    oscam.setCounters(line.username, 15, 95);
    const open = await openOutage();
    expect(open.cause).toBe('low_answer_rate');
    expect((await ours(admin)).length).toBe(before + 1);

    oscam.setCounters(line.username, 215, 95);
    const done = await ended(open.id);
    expect(done.compensated_lines).toBeGreaterThanOrEqual(1);
    expect((await lineOf(line.id)).expiry_date).toBe(addDays(line.expiry_date, 1));
  });

  it("records a card server that stops behind its running agent, which the agent's check does not end; a refused webif login is none", async () => {
    // The stopped card server's web page: while down, every connection is dropped at once, as with
    // nothing listening; once up, connections reach the stand-in OSCam.
    const target = new URL(oscam.url);
    let up = false;
    const relay = net.createServer((socket) => {
      if (!up) return socket.destroy();
      const out = net.connect(Number(target.port), target.hostname);
      socket.on('error', () => out.destroy());
      out.on('error', () => socket.destroy());
      socket.pipe(out).pipe(socket);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const relayUrl = `http://127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
    const oscamAgent = (url: string, password: string) =>
      startLineAgent({
        env: {
          AGENT_BACKEND: 'oscam',
          AGENT_OSCAM_WEBIF_URL: url,
          AGENT_OSCAM_WEBIF_USER: WEBIF_LOGIN.username,
          AGENT_OSCAM_WEBIF_PASSWORD: password,
        },
      });
    const stopped = await oscamAgent(relayUrl, WEBIF_LOGIN.password);
    const refused = await oscamAgent(oscam.url, 'not-the-webif-password');
    const outagesOf = async (id: number) => (await outages(admin)).filter((o) => o.server_id === id);
    try {
      const stoppedId = (await addAgentServer(admin, stopped, 'OSCam Stopped')).id;
      const refusedId = (await addAgentServer(admin, refused, 'OSCam Refused')).id;
      const open = await waitFor(
        () => outagesOf(stoppedId),
        (list) => list.some((o) => o.ended_at === null),
      ).then((list) => list.find((o) => o.ended_at === null)!);
      expect(open.cause).toBe('server_not_answering');

      // The agent's check (every second here) finds the agent answering: that ends nothing.
      await jobRoundsPass(server, 'server-check', 3);
      expect((await outagesOf(stoppedId)).map((o) => [o.id, o.ended_at])).toEqual([[open.id, null]]);
      expect((await admin.get(`/api/servers/${stoppedId}`)).body.status).toBe('active');

      // The card server answers again: the next reading of its counters ends the outage.
      up = true;
      await waitFor(
        () => outagesOf(stoppedId),
        (list) => list.some((o) => o.id === open.id && o.ended_at !== null),
      );

      // A web page refusing the agent's login is a setting to fix, not a server that is down.
      await waitFor(
        async () =>
          (await admin.get(`/api/servers/${refusedId}/ecm-stats?range=1h`)).body.poll_error as string | null,
        (error) => error !== null && error.includes('refused the login'),
      );
      await roundsPass(2);
      expect(await outagesOf(refusedId)).toEqual([]);
    } finally {
      await stopped.cleanup();
      await refused.cleanup();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    }
    // Two agents started, an outage found and ended, three rounds of checks: six waits in a row, which
    // at load ~30 went past the default limit though none was stuck.
  }, 300_000);

  it('extends each line once when two finish the same outage at once', async () => {
    // The answer rate alone decides here; the stand-in stops being asked.
    const line = await createLine();
    oscam.setClients([watchingClient(line.username, '203.0.113.10', 'id_10')]);
    oscam.setCounters(line.username, 10, 0);
    await roundsPass(2);
    oscam.setCounters(line.username, 12, 200);
    const open = await openOutage();
    const instances = [server.built.ctx, server.built.ctx];
    const second = testPostgresUrl() ? await secondInstance() : undefined;
    if (second) instances[1] = second.built.ctx;
    try {
      await Promise.all(instances.flatMap((ctx) => [endOutage(ctx, open.id), endOutage(ctx, open.id)]));
    } finally {
      await second?.close();
    }
    const done = await ended(open.id);
    expect(done.compensated_lines).toBe(done.affected_lines);
    expect((await lineOf(line.id)).expiry_date).toBe(addDays(line.expiry_date, 1));
    const events = (await owner.client.get(`/api/lines/${line.id}/events`)).body.items as {
      action: string;
    }[];
    expect(events.filter((e) => e.action === 'outage_extended')).toHaveLength(1);
    const seen = await titles(owner.client);
    // The first test's outage and this one: one end notice each.
    expect(seen.filter((t) => t === 'Outage on OSCam Outages ended').length).toBe(
      (await ours(owner.client)).filter((o) => o.ended_at !== null).length,
    );
    oscam.setCounters(line.username, 400, 200);
  });

  it('says the standby serves while the outage watch has the server down, though its check passes', async () => {
    // A server with nothing on it as the standby (never tested, so never contacted by the checks).
    const created = await admin.post('/api/servers', {
      server_name: 'Outage Standby',
      host_ip: '127.0.0.1',
      port: 12998,
      api_port: 1,
      username: 'panel',
      password: 'secret-password',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const set = await admin.put(`/api/servers/${serverId}/standby`, { standby_id: created.body.id });
    expect([set.status, set.body.standby_serving]).toEqual([200, false]);
    type Shown = { id: number; status: string; standby_serving: boolean };
    const shown = async () => {
      const one = (await admin.get(`/api/servers/${serverId}`)).body as Shown;
      const list = (await admin.get('/api/servers?page_size=100')).body.items as Shown[];
      return { one, inList: list.find((s) => s.id === serverId)! };
    };
    try {
      const line = await createLine();
      oscam.setClients([watchingClient(line.username, '203.0.113.11', 'id_11')]);
      oscam.setCounters(line.username, 10, 0);
      await roundsPass(2);
      expect((await shown()).inList.standby_serving).toBe(false);
      oscam.setCounters(line.username, 12, 200);
      const open = await openOutage();
      expect(open.cause).toBe('low_answer_rate');
      // The agent answers (its check keeps it active), yet its customers are served by the standby.
      const during = await shown();
      expect(during.one).toMatchObject({ status: 'active', standby_serving: true });
      expect(during.inList).toMatchObject({ status: 'active', standby_serving: true });

      oscam.setCounters(line.username, 600, 200);
      await ended(open.id);
      const after = await shown();
      expect([after.one.standby_serving, after.inList.standby_serving]).toEqual([false, false]);
    } finally {
      expect((await admin.put(`/api/servers/${serverId}/standby`, { standby_id: null })).status).toBe(200);
    }
  });

  const secondInstance = async () => {
    const config = server.built.ctx.config;
    if (config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    return startTestServer(
      { DATABASE_URL: config.database.url, ECM_STATS_POLL_SECONDS: '0', SERVER_CHECK_INTERVAL_SECONDS: '0' },
      { dataDir: config.dataDir },
    );
  };
});

describe('outages: a poll whose server another poll took over', () => {
  let server: TestServer;
  let agent: TestAgent;

  beforeAll(async () => {
    // The panel polls nothing by itself: the test makes each poll, with the claim it names.
    [server, agent] = await Promise.all([
      startTestServer({
        ECM_STATS_POLL_SECONDS: '0',
        SERVER_CHECK_INTERVAL_SECONDS: '0',
        LINE_CONNECTIONS_POLL_SECONDS: '0',
      }),
      startLineAgent(),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
  });

  it('opens no outage for a failure seen by a poll whose claim ran out, and one for the poll that holds it', async () => {
    const admin = await server.admin();
    const set = await admin.put('/api/ecm-settings', { outage_minutes: 0, outage_compensate: false });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const { id } = await addAgentServer(admin, agent, 'Taken Over');
    await agent.stop();
    const { ctx } = server.built;
    await ecmPollsRepository.addMissingPolls(ctx.db);
    const slow = await ecmPollsRepository.claimDue(ctx.db, 60);
    // The slow poll's lease runs out and another instance claims the server.
    await ctx.db.execute(sql`update ecm_polls set next_poll_at = now() where server_id = ${id}`);
    const newer = await ecmPollsRepository.claimDue(ctx.db, 60);
    expect([slow?.serverId, newer?.serverId]).toEqual([id, id]);
    const open = async () =>
      ((await admin.get('/api/outages')).body.outages as Outage[]).filter((o) => o.server_id === id);

    await pollEcmStats(ctx, id, { claim: slow!.claim, intervalSeconds: 60 });
    expect(await open()).toEqual([]);
    await pollEcmStats(ctx, id, { claim: newer!.claim, intervalSeconds: 60 });
    expect(await open()).toEqual([expect.objectContaining({ cause: 'unreachable', ended_at: null })]);
  });
});
