import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchingClient } from '../../agent/test/stand-in-servers.js';
import { lineConnectionsRepository } from '../src/modules/line-connections/line-connections.repository.js';
import { openEventStream, type EventStream } from './support/event-stream.js';
import { agentUsers, type Account } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { jobRoundsPass, jobRuns, waitFor } from './support/wait-for.js';
import { oscamLineFixture } from './support/oscam-line-fixture.js';

describe('who is online and sharing detection', () => {
  const fx = oscamLineFixture({ serverName: 'OSCam 1', prefix: 'on' });
  const { show, forget, name } = fx;
  let ownerEvents: EventStream;
  const pollRuns = () => jobRuns(fx.server, 'line-connections');
  /** Waits until the poll job has finished `n` more rounds (each reads every active server once). */
  const roundsPass = (n: number) => jobRoundsPass(fx.server, 'line-connections', n);
  const createLine = async (account: Account = fx.owner) => {
    const res = await account.client.post('/api/lines', {
      username: name(),
      password: 'pw-1234',
      subscription_months: 1,
      server_id: fx.serverId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.sync.ok, JSON.stringify(res.body.sync)).toBe(true);
    return res.body.line as { id: number; username: string };
  };
  const listed = async (account: Account, line: { username: string }) => {
    const res = await account.client.get(`/api/lines?search=${line.username}`);
    expect(res.status).toBe(200);
    return res.body.items.find((item: any) => item.username === line.username);
  };
  const connectionsOf = async (account: Account | TestClient, id: number) => {
    const c = 'client' in account ? account.client : account;
    const res = await c.get(`/api/lines/${id}/connections`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  /** The caller's own messages about the line (admins also see the ones sent to others). */
  const sharingMessages = async (c: TestClient, username: string) => {
    const me = (await c.get('/api/me')).body.id;
    const res = await c.get('/api/messages?page_size=100');
    expect(res.status).toBe(200);
    return (res.body.items as any[]).filter(
      (m) => m.title === `Possible line sharing: ${username}` && m.recipient_id === me,
    );
  };

  beforeAll(async () => {
    ownerEvents = await openEventStream(fx.server, fx.owner.client);
  });

  afterAll(() => {
    ownerEvents?.close();
  });

  it('shows a line online with its connection, then offline with its last seen time and IP history', async () => {
    const line = await createLine();
    expect(await listed(fx.owner, line)).toMatchObject({ online: false, last_seen_at: null });

    show(line.username, [watchingClient(line.username, '203.0.113.7', 'id_0x1001')]);
    const event = await ownerEvents.next('line_connections', (e) => e.data.id === String(line.id));
    expect(event).not.toBeNull();
    const online = await listed(fx.owner, line);
    expect(online.online).toBe(true);
    expect(Date.parse(online.last_seen_at)).toBeGreaterThan(Date.now() - 120_000);

    const detail = await connectionsOf(fx.owner, line.id);
    expect(detail.online).toBe(true);
    expect(detail.connections).toEqual([
      expect.objectContaining({
        connection_id: 'id_0x1001',
        server_id: fx.serverId,
        server_name: 'OSCam 1',
        ip: '203.0.113.7',
        protocol: 'cccam (2.3.2-3367)',
        connected_since: '2026-11-22T06:15:00.000Z',
        idle_seconds: 3,
        last_channel: 'Sky Cinema',
        last_caid: '1702',
        state: 'OK',
      }),
    ]);
    expect(detail.ip_history.map((entry: any) => entry.ip)).toEqual(['203.0.113.7']);
    expect((await fx.server.client().get(`/api/lines/${line.id}`)).status).toBe(401);
    expect((await fx.owner.client.get(`/api/lines/${line.id}`)).body.online).toBe(true);

    const dashboard = await fx.owner.client.get('/api/dashboard/online');
    expect(dashboard.body.items).toEqual([
      { server_id: fx.serverId, server_name: 'OSCam 1', online_lines: 1 },
    ]);
    expect((await fx.stranger.client.get('/api/dashboard/online')).body).toEqual({
      items: [],
      total_online: 0,
    });
    const adminDashboard = await fx.admin.get('/api/dashboard/online');
    expect(adminDashboard.body.total_online).toBeGreaterThanOrEqual(1);

    // A second address later: both stay in the history, newest first.
    show(line.username, [watchingClient(line.username, '198.51.100.23', 'id_0x1002')]);
    await waitFor(
      () => connectionsOf(fx.owner, line.id),
      (body) => body.connections[0]?.ip === '198.51.100.23',
    );
    show(line.username, []);
    const offline = await waitFor(
      () => listed(fx.owner, line),
      (item) => item.online === false,
    );
    expect(offline.last_seen_at).not.toBeNull();
    const after = await connectionsOf(fx.owner, line.id);
    expect(after).toMatchObject({ online: false, connections: [], sharing_detected_at: null });
    expect(after.ip_history.map((entry: any) => entry.ip)).toEqual(['198.51.100.23', '203.0.113.7']);
    expect((await fx.owner.client.get('/api/dashboard/online')).body.total_online).toBe(0);
  });

  it("answers 404 to another reseller for a line's connections and kicks, like any foreign line", async () => {
    const line = await createLine();
    show(line.username, [watchingClient(line.username, '203.0.113.9', 'id_0x2001')]);
    await waitFor(
      () => connectionsOf(fx.owner, line.id),
      (body) => body.online,
    );
    const seen = await fx.stranger.client.get(`/api/lines/${line.id}/connections`);
    expect(seen.status).toBe(404);
    expect(seen.body.error.code).toBe('LINE_NOT_FOUND');
    const kicked = await fx.stranger.client.post(`/api/lines/${line.id}/connections/kick`, {
      connection_id: 'id_0x2001',
    });
    expect(kicked.status).toBe(404);
    expect(kicked.body.error.code).toBe('LINE_NOT_FOUND');
    expect(fx.oscam.requests.some((r) => r.includes('action=kill'))).toBe(false);
    show(line.username, []);
  });

  it('lets the owner kick a connection: the server ends it and the line shows it gone at once', async () => {
    const line = await createLine();
    show(line.username, [watchingClient(line.username, '203.0.113.11', 'id_0x3001')]);
    await waitFor(
      () => connectionsOf(fx.owner, line.id),
      (body) => body.online,
    );
    const unknown = await fx.owner.client.post(`/api/lines/${line.id}/connections/kick`, {
      connection_id: 'id_0xdead',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('LINE_CONNECTION_NOT_FOUND');

    const kicked = await fx.owner.client.post(`/api/lines/${line.id}/connections/kick`, {
      connection_id: 'id_0x3001',
    });
    expect(kicked.status, JSON.stringify(kicked.body)).toBe(200);
    expect(kicked.body.message).toBe('Connection ended');
    expect(fx.oscam.requests).toContain('GET /oscamapi.json?part=status&action=kill&threadid=0x3001');
    expect((await connectionsOf(fx.owner, line.id)).connections).toEqual([]);
    // The stand-in dropped the client, so the next polls agree.
    forget(line.username);
    await roundsPass(2);
    expect((await connectionsOf(fx.owner, line.id)).online).toBe(false);

    // Admins may kick too.
    show(line.username, [watchingClient(line.username, '203.0.113.12', 'id_0x3002')]);
    await waitFor(
      () => connectionsOf(fx.admin, line.id),
      (body) => body.online,
    );
    const byAdmin = await fx.admin.post(`/api/lines/${line.id}/connections/kick`, {
      connection_id: 'id_0x3002',
    });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    forget(line.username);
  });

  it('keeps a kicked connection gone when a round that read it before the kick stores its answer after', async () => {
    const line = await createLine();
    show(line.username, [watchingClient(line.username, '203.0.113.13', 'id_0x3101')]);
    await waitFor(
      () => connectionsOf(fx.owner, line.id),
      (body) => body.online,
    );
    // A round has read the agent (the connection still there) and matched its usernames; the owner
    // kicks right then, before the round stores what it read. What any round stores from then on is
    // what the line shows until the next one: the kicked connection must not be in it.
    const lookUp = lineConnectionsRepository.linesByUsername;
    const replace = lineConnectionsRepository.replaceSessions;
    let kicked = false;
    let runsAtKick = 0;
    const storedAfterKick: (string | null | undefined)[] = [];
    lineConnectionsRepository.linesByUsername = async (...args) => {
      const found = await lookUp(...args);
      if (!kicked && found.some((l) => l.id === line.id)) {
        const res = await fx.owner.client.post(`/api/lines/${line.id}/connections/kick`, {
          connection_id: 'id_0x3101',
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        runsAtKick = pollRuns();
        kicked = true;
      }
      return found;
    };
    lineConnectionsRepository.replaceSessions = async (tx, serverId, sessions) => {
      if (kicked) storedAfterKick.push(...sessions.map((session) => session.connectionId));
      return replace(tx, serverId, sessions);
    };
    try {
      await waitFor(
        () => kicked,
        (done) => done,
      );
      // Every worker of the kick's round, the one that read before the kick included, has stored.
      await waitFor(pollRuns, (runs) => runs > runsAtKick);
      expect(storedAfterKick).not.toContain('id_0x3101');
      expect((await connectionsOf(fx.owner, line.id)).connections).toEqual([]);
    } finally {
      lineConnectionsRepository.linesByUsername = lookUp;
      lineConnectionsRepository.replaceSessions = replace;
      forget(line.username);
    }
  });

  it('stores the other lines when one is deleted between reading the agent and storing its answer', async () => {
    const kept = await createLine();
    const doomed = await createLine();
    show(kept.username, [watchingClient(kept.username, '203.0.113.51', 'id_0x7001')]);
    show(doomed.username, [watchingClient(doomed.username, '203.0.113.52', 'id_0x7002')]);
    // The poll has matched the agent's usernames to lines; the line is deleted right then, before
    // the round writes its sessions (which used to fail the round on the foreign key).
    const lookUp = lineConnectionsRepository.linesByUsername;
    let deleted = false;
    lineConnectionsRepository.linesByUsername = async (...args) => {
      const found = await lookUp(...args);
      if (!deleted && found.some((line) => line.id === doomed.id)) {
        deleted = true;
        const res = await fx.owner.client.delete(`/api/lines/${doomed.id}`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      return found;
    };
    const failuresBefore = fx.server.logs.filter((l) => l.includes('Reading live connections failed')).length;
    try {
      await waitFor(
        () => deleted,
        (done) => done,
      );
      const detail = await waitFor(
        () => connectionsOf(fx.owner, kept.id),
        (body) => body.online,
      );
      expect(detail.connections).toEqual([expect.objectContaining({ ip: '203.0.113.51' })]);
      // A failed store is logged before the next round starts.
      await roundsPass(1);
    } finally {
      lineConnectionsRepository.linesByUsername = lookUp;
      forget(doomed.username);
      show(kept.username, []);
    }
    expect(fx.server.logs.filter((l) => l.includes('Reading live connections failed'))).toHaveLength(
      failuresBefore,
    );
    expect((await fx.owner.client.get(`/api/lines/${doomed.id}`)).status).toBe(404);
  });

  it('raises one sharing alert per episode to the owner and admins, without suspending by default', async () => {
    const line = await createLine();
    show(line.username, [
      watchingClient(line.username, '203.0.113.21', 'id_0x4001'),
      { ...watchingClient(line.username, '198.51.100.21', 'id_0x4002'), status: 'Duplicate' },
    ]);
    const toOwner = await waitFor(
      () => sharingMessages(fx.owner.client, line.username),
      (list) => list.length > 0,
    );
    expect(toOwner[0].content).toContain('203.0.113.21');
    expect(toOwner[0].content).toContain('198.51.100.21');
    expect(await sharingMessages(fx.admin, line.username)).toHaveLength(1);
    expect((await fx.stranger.client.get('/api/messages?page_size=100')).body.items).not.toContainEqual(
      expect.objectContaining({ title: `Possible line sharing: ${line.username}` }),
    );

    // Still shared on the next polls: no second alert.
    await roundsPass(3);
    expect(await sharingMessages(fx.owner.client, line.username)).toHaveLength(1);
    expect(await sharingMessages(fx.admin, line.username)).toHaveLength(1);
    const flagged = await listed(fx.owner, line);
    expect(flagged.enabled).toBe(true);
    expect(flagged.sharing_detected_at).not.toBeNull();
    expect(await connectionsOf(fx.owner, line.id)).toMatchObject({ sharing_active: true });

    // The episode ends with one address; a new one alerts again.
    show(line.username, [watchingClient(line.username, '203.0.113.21', 'id_0x4001')]);
    await waitFor(
      () => connectionsOf(fx.owner, line.id),
      (body) => body.sharing_active === false && body.connections.length === 1,
    );
    show(line.username, [
      watchingClient(line.username, '203.0.113.21', 'id_0x4001'),
      watchingClient(line.username, '192.0.2.44', 'id_0x4003'),
    ]);
    await waitFor(
      () => sharingMessages(fx.owner.client, line.username),
      (list) => list.length === 2,
    );
    show(line.username, []);
  });

  it('alerts on too many addresses within the window when the admin sets a limit', async () => {
    const refused = await fx.owner.client.put('/api/sharing-settings', { max_ips_in_window: 2 });
    expect(refused.status).toBe(403);
    const invalid = await fx.admin.put('/api/sharing-settings', { max_ips_in_window: 1000 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('LINE_SHARING_INVALID_SETTINGS');
    const set = await fx.admin.put('/api/sharing-settings', { max_ips_in_window: 2, window_minutes: 60 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ max_ips_in_window: 2, auto_suspend: false, detect_simultaneous: true });
    try {
      const line = await createLine();
      for (const [i, ip] of ['203.0.113.31', '203.0.113.32'].entries()) {
        show(line.username, [watchingClient(line.username, ip, `id_0x500${i}`)]);
        await waitFor(
          () => connectionsOf(fx.owner, line.id),
          (body) => body.connections[0]?.ip === ip,
        );
      }
      // Alerts are written after a round stores the connections: its end is when one would be there.
      await roundsPass(1);
      expect(await sharingMessages(fx.owner.client, line.username)).toHaveLength(0);
      show(line.username, [watchingClient(line.username, '203.0.113.33', 'id_0x5009')]);
      const alerts = await waitFor(
        () => sharingMessages(fx.owner.client, line.username),
        (list) => list.length > 0,
      );
      expect(alerts[0].content).toContain('used 3 IP addresses within 60 min');
      show(line.username, []);
    } finally {
      await fx.admin.put('/api/sharing-settings', { max_ips_in_window: 0 });
    }
  });

  it('suspends the shared line through the normal disable path when automatic suspension is on', async () => {
    expect((await fx.admin.put('/api/sharing-settings', { auto_suspend: true })).status).toBe(200);
    try {
      const line = await createLine();
      show(line.username, [
        watchingClient(line.username, '203.0.113.41', 'id_0x6001'),
        watchingClient(line.username, '198.51.100.41', 'id_0x6002'),
      ]);
      const suspended = await waitFor(
        () => fx.owner.client.get(`/api/lines/${line.id}`),
        (res) => res.body.enabled === false,
      );
      expect(suspended.body.status).toBe('suspended');
      // The agent was told, as for a manual disable.
      await waitFor(
        () => agentUsers(fx.agent),
        (users) => users.find((u) => u.username === line.username)?.enabled === false,
      );
      // The alert is sent once the suspension has committed, so it may arrive a moment after it.
      const alerts = await waitFor(
        () => sharingMessages(fx.owner.client, line.username),
        (found) => found.length > 0,
      );
      expect(alerts).toHaveLength(1);
      expect(alerts[0].content).toContain('suspended automatically');
      const history = await fx.owner.client.get(`/api/lines/${line.id}/events`);
      expect(history.body.items).toContainEqual(
        expect.objectContaining({ action: 'disabled', actor_email: null, details: { reason: 'sharing' } }),
      );
      show(line.username, []);
    } finally {
      await fx.admin.put('/api/sharing-settings', { auto_suspend: false });
    }
  });
});
