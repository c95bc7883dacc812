import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAgent, startLineAgent, type FakeAgent, type TestAgent } from './support/line-agent.js';
import {
  addActiveServer,
  agentUsers,
  bulkJobDone,
  display,
  signUpAccount,
  type Account,
} from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

type Line = {
  id: number;
  username: string;
  server_id: number;
  host_port: string[];
  expiry_date: string;
  sync_state: string;
};

describe('standby servers', () => {
  let server: TestServer;
  let admin: TestClient;
  let reseller: Account;
  let primaryAgent: TestAgent;
  let standbyAgent: TestAgent;
  let otherAgent: TestAgent;
  let newcamd: FakeAgent;
  const ids = { primary: 0, standby: 0, other: 0, newcamd: 0 };
  let counter = 0;
  const name = () => `sb${++counter}x${Date.now().toString(36)}`;

  const create = async (serverId: number): Promise<Line> => {
    const res = await reseller.client.post('/api/lines', {
      username: name(),
      password: 'pw-1234',
      subscription_months: 1,
      server_id: serverId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.line as Line;
  };
  const line = async (id: number): Promise<Line> => (await admin.get(`/api/lines/${id}`)).body as Line;
  const setStandby = (id: number, standbyId: number | null) =>
    admin.put(`/api/servers/${id}/standby`, { standby_id: standbyId });
  /** The users the agent's file holds, by name with their expiry as the agent writes it. */
  const onStandby = async (agent: TestAgent) =>
    new Map((await agentUsers(agent)).map((user) => [user.username, user.expiryDate]));
  const waitOnFile = (agent: TestAgent, done: (users: Map<string, string>) => boolean) =>
    waitFor(() => onStandby(agent), done);

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      LINE_SYNC_RETRY_BASE_MS: '200',
      LINE_SYNC_RETRY_MAX_MS: '1000',
    });
    admin = await server.admin();
    [primaryAgent, standbyAgent, otherAgent, newcamd] = await Promise.all([
      startLineAgent(),
      startLineAgent(),
      startLineAgent(),
      startFakeAgent(),
    ]);
    const agentServer = (agent: TestAgent, label: string, port: number) =>
      addActiveServer(admin, {
        apiPort: agent.port,
        username: agent.username,
        password: agent.password,
        name: label,
        port,
      });
    ids.primary = (await agentServer(primaryAgent, 'Primary', 12000)).id;
    ids.standby = (await agentServer(standbyAgent, 'Standby', 12001)).id;
    ids.other = (await agentServer(otherAgent, 'Other', 12002)).id;
    ids.newcamd = (await addActiveServer(admin, { apiPort: newcamd.port, name: 'Newcamd', port: 12003 })).id;
    expect((await admin.patch(`/api/servers/${ids.newcamd}`, { protocol: 'NewCamd' })).status).toBe(200);
    reseller = await signUpAccount(server, 'standby-reseller@example.com', 200);
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([
      primaryAgent?.cleanup(),
      standbyAgent?.cleanup(),
      otherAgent?.cleanup(),
      newcamd?.close(),
    ]);
  });

  it('refuses a standby of itself, of another protocol, or one with lines of its own', async () => {
    const self = await setStandby(ids.primary, ids.primary);
    expect([self.status, self.body.error.code]).toEqual([422, 'SERVER_STANDBY_SELF']);
    const protocol = await setStandby(ids.primary, ids.newcamd);
    expect([protocol.status, protocol.body.error.code]).toEqual([422, 'SERVER_STANDBY_PROTOCOL_MISMATCH']);
    expect(protocol.body.error.details.params).toEqual({ from: 'CCcam', to: 'NewCamd' });
    const own = await create(ids.other);
    const withLines = await setStandby(ids.primary, ids.other);
    expect([withLines.status, withLines.body.error.code]).toEqual([422, 'SERVER_STANDBY_HAS_LINES']);
    expect((await admin.delete(`/api/lines/${own.id}`)).status).toBe(200);
    const missing = await setStandby(ids.primary, 999_999);
    expect([missing.status, missing.body.error.code]).toEqual([404, 'SERVER_NOT_FOUND']);
    expect((await admin.get(`/api/servers/${ids.primary}`)).body.standby_id).toBeNull();
  });

  it('fills a new standby with the lines the server has, and gives each line both connection lines', async () => {
    const before = [await create(ids.primary), await create(ids.primary)];
    const set = await setStandby(ids.primary, ids.standby);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.standby_id).toBe(ids.standby);
    const users = await waitOnFile(standbyAgent, (users) => before.every((l) => users.has(l.username)));
    for (const l of before) expect(users.get(l.username)).toBe(display(l.expiry_date));
    for (const l of before) {
      expect((await line(l.id)).host_port).toEqual(['127.0.0.1:12000', '127.0.0.1:12001']);
    }
    // A line sold afterwards gets both at once.
    const after = await create(ids.primary);
    expect(after.host_port).toEqual(['127.0.0.1:12000', '127.0.0.1:12001']);
    // The customer's portal gives both C: lines and an OSCam reader for each.
    const customer = server.client();
    const signedIn = await customer.post('/api/portal/sign-in', {
      username: after.username,
      password: 'pw-1234',
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const me = (await customer.get('/api/portal/me')).body as {
      connection_lines: string[];
      receiver_settings: { kind: string; text: string }[];
    };
    expect(me.connection_lines).toEqual([
      `C: 127.0.0.1 12000 ${after.username} pw-1234`,
      `C: 127.0.0.1 12001 ${after.username} pw-1234`,
    ]);
    const reader = me.receiver_settings.find((setting) => setting.kind === 'oscam_cccam')!.text;
    expect(reader).toContain('device = 127.0.0.1,12000');
    expect(reader).toContain('device = 127.0.0.1,12001');
  });

  it('refuses chains: a standby with a standby, a standby of two primaries, a primary as a standby', async () => {
    const standbyOfStandby = await setStandby(ids.standby, ids.other);
    expect([standbyOfStandby.status, standbyOfStandby.body.error.code]).toEqual([422, 'SERVER_IS_STANDBY']);
    expect(standbyOfStandby.body.error.details.params).toEqual({ server: 'Primary' });
    const taken = await setStandby(ids.other, ids.standby);
    expect([taken.status, taken.body.error.code]).toEqual([422, 'SERVER_STANDBY_TAKEN']);
    const primaryAsStandby = await setStandby(ids.other, ids.primary);
    expect([primaryAsStandby.status, primaryAsStandby.body.error.code]).toEqual([
      422,
      'SERVER_STANDBY_IS_PRIMARY',
    ]);
  });

  it("copies every line change on the primary to the standby's file: created, renewed, deleted", async () => {
    const created = await create(ids.primary);
    await waitOnFile(standbyAgent, (users) => users.get(created.username) === display(created.expiry_date));
    const renewed = await admin.post(`/api/lines/${created.id}/renew`, { subscription_months: 1 });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    const expiry = (await line(created.id)).expiry_date;
    expect(expiry).not.toBe(created.expiry_date);
    await waitOnFile(standbyAgent, (users) => users.get(created.username) === display(expiry));
    expect((await admin.delete(`/api/lines/${created.id}`)).status).toBe(200);
    await waitOnFile(standbyAgent, (users) => !users.has(created.username));
    // The line's own sync state is its primary's.
    const other = await create(ids.primary);
    await waitFor(
      () => line(other.id),
      (l) => l.sync_state === 'synced',
    );
  });

  it('reconciling the standby puts back a line missing from its file', async () => {
    const kept = await create(ids.primary);
    await waitOnFile(standbyAgent, (users) => users.has(kept.username));
    await standbyAgent.current().call('DELETE', '/delete-user', { username: kept.username });
    expect((await onStandby(standbyAgent)).has(kept.username)).toBe(false);
    const reconciled = await admin.post(`/api/servers/${ids.standby}/reconcile`);
    expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(200);
    expect(reconciled.body.added).toBeGreaterThanOrEqual(1);
    await waitOnFile(standbyAgent, (users) => users.has(kept.username));
  });

  it('a standby that is down holds nothing up, and catches up once it is back', async () => {
    await standbyAgent.stop();
    let stopped = true;
    try {
      const created = await create(ids.primary);
      // The primary has it at once: the sale's own delivery is the primary's alone.
      expect((await line(created.id)).sync_state).toBe('synced');
      expect((await agentUsers(primaryAgent)).map((u) => u.username)).toContain(created.username);
      await standbyAgent.restart();
      stopped = false;
      await waitOnFile(standbyAgent, (users) => users.has(created.username));
    } finally {
      if (stopped) await standbyAgent.restart();
    }
  });

  it('taking the standby away removes the lines from it and their second connection line', async () => {
    const kept = await create(ids.primary);
    await waitOnFile(standbyAgent, (users) => users.has(kept.username));
    const removed = await setStandby(ids.primary, null);
    expect([removed.status, removed.body.standby_id]).toEqual([200, null]);
    await waitOnFile(standbyAgent, (users) => users.size === 0);
    expect((await line(kept.id)).host_port).toEqual(['127.0.0.1:12000']);
    expect((await agentUsers(primaryAgent)).map((u) => u.username)).toContain(kept.username);
  });

  it("a line's connection lines follow its standby's and its primary's address edits, and a standby that goes", async () => {
    // Servers of its own: the other cases' standby link is left as they need it.
    const agents = await Promise.all([startLineAgent(), startLineAgent(), startLineAgent()]);
    try {
      const add = (agent: TestAgent, i: number) =>
        addActiveServer(admin, {
          apiPort: agent.port,
          username: agent.username,
          password: agent.password,
          name: `Address ${i}`,
          port: 13000 + i,
        });
      const [p, s, r] = await Promise.all([add(agents[0], 0), add(agents[1], 1), add(agents[2], 2)]);
      const sold = await create(p.id);
      expect((await setStandby(p.id, s.id)).status).toBe(200);
      expect((await line(sold.id)).host_port).toEqual(['127.0.0.1:13000', '127.0.0.1:13001']);
      const customer = server.client();
      const signedIn = await customer.post('/api/portal/sign-in', {
        username: sold.username,
        password: 'pw-1234',
      });
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      const portal = async () =>
        (await customer.get('/api/portal/me')).body as {
          connection_lines: string[];
          receiver_settings: { kind: string; text: string }[];
        };

      // The standby gets a public name and another port: the primary's line gives the new one.
      const standbyEdit = await admin.patch(`/api/servers/${s.id}`, {
        hostname: 'standby.example.com',
        port: 13101,
      });
      expect(standbyEdit.status, JSON.stringify(standbyEdit.body)).toBe(200);
      expect((await line(sold.id)).host_port).toEqual(['127.0.0.1:13000', 'standby.example.com:13101']);
      let me = await portal();
      expect(me.connection_lines).toEqual([
        `C: 127.0.0.1 13000 ${sold.username} pw-1234`,
        `C: standby.example.com 13101 ${sold.username} pw-1234`,
      ]);
      const reader = me.receiver_settings.find((setting) => setting.kind === 'oscam_cccam')!.text;
      expect(reader).toContain('device = standby.example.com,13101');
      expect(reader).not.toContain('13001');

      // The primary's own edit changes its line and keeps the standby's.
      const primaryEdit = await admin.patch(`/api/servers/${p.id}`, { hostname: 'primary.example.com' });
      expect(primaryEdit.status, JSON.stringify(primaryEdit.body)).toBe(200);
      expect((await line(sold.id)).host_port).toEqual([
        'primary.example.com:13000',
        'standby.example.com:13101',
      ]);
      // A line sold now is given the current addresses too.
      const later = await create(p.id);
      expect(later.host_port).toEqual(['primary.example.com:13000', 'standby.example.com:13101']);

      // Another standby in its place: the old one's line goes, the new one's comes.
      expect((await setStandby(p.id, r.id)).status).toBe(200);
      expect((await line(sold.id)).host_port).toEqual(['primary.example.com:13000', '127.0.0.1:13002']);
      // A standby deleted: its line goes with it, and the primary has no standby.
      expect((await admin.delete(`/api/servers/${r.id}`)).status).toBe(204);
      expect((await admin.get(`/api/servers/${p.id}`)).body.standby_id).toBeNull();
      expect((await line(sold.id)).host_port).toEqual(['primary.example.com:13000']);
      me = await portal();
      expect(me.connection_lines).toEqual([`C: primary.example.com 13000 ${sold.username} pw-1234`]);

      // Linked again after its edit, then unlinked: the second line is the edited address, then gone.
      expect((await setStandby(p.id, s.id)).status).toBe(200);
      expect((await line(later.id)).host_port).toEqual([
        'primary.example.com:13000',
        'standby.example.com:13101',
      ]);
      expect((await setStandby(p.id, null)).status).toBe(200);
      expect((await line(later.id)).host_port).toEqual(['primary.example.com:13000']);
      for (const l of [sold, later]) expect((await admin.delete(`/api/lines/${l.id}`)).status).toBe(200);
    } finally {
      await Promise.all(agents.map((agent) => agent.cleanup()));
    }
  });

  it('promoting the standby while the primary is stopped moves the lines onto it as a server move', async () => {
    expect((await setStandby(ids.primary, ids.standby)).status).toBe(200);
    const lines = (await admin.get(`/api/lines?server_id=${ids.primary}&page_size=100`)).body.items as Line[];
    expect(lines.length).toBeGreaterThan(0);
    await waitOnFile(standbyAgent, (users) => lines.every((l) => users.has(l.username)));
    await primaryAgent.stop();
    let stopped = true;
    try {
      const noStandby = await admin.post(`/api/servers/${ids.other}/promote-standby`);
      expect([noStandby.status, noStandby.body.error.code]).toEqual([422, 'SERVER_NO_STANDBY']);
      const promoted = await admin.post(`/api/servers/${ids.primary}/promote-standby`);
      expect(promoted.status, JSON.stringify(promoted.body)).toBe(202);
      expect(promoted.body.action).toBe('move_server');
      expect((await admin.get(`/api/servers/${ids.primary}`)).body.standby_id).toBeNull();
      for (const l of lines) {
        const now = await waitFor(
          () => line(l.id),
          (moved) => moved.server_id === ids.standby && moved.sync_state === 'synced',
        );
        expect(now.host_port).toContain('127.0.0.1:12001');
      }
      // The customers never lost the standby's copy.
      const users = await onStandby(standbyAgent);
      for (const l of lines) expect(users.has(l.username)).toBe(true);

      // The old primary answers again and the move's grace period ends: the move finishes.
      await primaryAgent.restart();
      stopped = false;
      // Every line waits out its grace on the old primary before the period is cut short: the job
      // moves a line to that stage on its pass after the line is synced on the standby, and a line
      // not there yet when the period is cut waits the whole period (the job was not done in 90 s
      // once on the embedded database).
      await waitFor(
        () => admin.get(`/api/lines/bulk/${promoted.body.id}`).catch(() => null),
        (res) => res?.body.grace?.waiting === lines.length,
      );
      await server.built.ctx.db.execute(
        sql`update line_bulk_items set grace_until = now() - interval '1 second' where job_id = ${promoted.body.id as number} and stage = 'grace'`,
      );
      const job = await bulkJobDone(admin, promoted.body.id);
      expect(job).toMatchObject({ succeeded: lines.length, refused: 0 });
      await waitFor(
        () => agentUsers(primaryAgent),
        (left) => lines.every((l) => !left.some((u) => u.username === l.username)),
      );
      // The owner hears once that the standby took over; not "give your customers new lines": their
      // receivers hold the standby's line already.
      const messages = (await reseller.client.get('/api/messages?page_size=100')).body.items as {
        title: string;
        content: string;
      }[];
      const promotedNotices = messages.filter((m) => m.title === 'Lines of Primary now run on Standby');
      expect(promotedNotices).toHaveLength(1);
      expect(promotedNotices[0]!.content).toContain(`(lines: ${lines.length})`);
      expect(promotedNotices[0]!.content).toContain('Your customers have nothing to do');
      expect(messages.filter((m) => m.title.startsWith('Lines moved'))).toEqual([]);
    } finally {
      if (stopped) await primaryAgent.restart();
    }
  });
});
