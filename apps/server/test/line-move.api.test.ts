import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAgent, startLineAgent, type FakeAgent, type TestAgent } from './support/line-agent.js';
import {
  addActiveServer,
  addAgentServer,
  bulkJobDone,
  signUpAccount,
  type Account,
} from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

type Line = { id: number; username: string; password: string; server_id: number; host_port: string[] };

describe('moving lines between servers', () => {
  let server: TestServer;
  let admin: TestClient;
  let reseller: Account;
  let oldAgent: TestAgent;
  let newAgent: TestAgent;
  let oscamAgent: TestAgent;
  let twinAgent: TestAgent;
  let newcamd: FakeAgent;
  const ids = { old: 0, new: 0, twin: 0, oscam: 0, newcamd: 0 };
  let counter = 0;
  const name = () => `mv${++counter}x${Date.now().toString(36)}`;

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
  /** The F: lines of an agent's CCcam.cfg, by username. */
  const onFile = async (agent: TestAgent): Promise<Set<string>> => {
    const text = await readFile(agent.configFile, 'utf8');
    return new Set([...text.matchAll(/^F:\s+(\S+)\s/gm)].map((match) => match[1]!));
  };
  const titles = async (who: TestClient) =>
    (
      (await who.get('/api/messages?page_size=100')).body.items as { title: string; content: string }[]
    ).filter((message) => message.title.startsWith('Lines moved'));

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      LINE_SYNC_RETRY_BASE_MS: '200',
      LINE_SYNC_RETRY_MAX_MS: '1000',
    });
    admin = await server.admin();
    [oldAgent, newAgent, twinAgent, oscamAgent, newcamd] = await Promise.all([
      startLineAgent(),
      startLineAgent(),
      startLineAgent(),
      startLineAgent({ oscam: true }),
      startFakeAgent(),
    ]);
    ids.old = (await addAgentServer(admin, oldAgent, 'Old')).id;
    ids.new = (await addAgentServer(admin, newAgent, 'New')).id;
    ids.twin = (await addAgentServer(admin, twinAgent, 'Twin')).id;
    ids.oscam = (await addAgentServer(admin, oscamAgent, 'OSCam box')).id;
    ids.newcamd = (await addActiveServer(admin, { apiPort: newcamd.port, name: 'Newcamd' })).id;
    expect((await admin.patch(`/api/servers/${ids.newcamd}`, { protocol: 'NewCamd' })).status).toBe(200);
    reseller = await signUpAccount(server, 'move-reseller@example.com', 200);
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([
      oldAgent?.cleanup(),
      newAgent?.cleanup(),
      twinAgent?.cleanup(),
      oscamAgent?.cleanup(),
      newcamd?.close(),
    ]);
  });

  it('keeps a valid public hostname, refuses others, and gives lines the hostname as their address', async () => {
    for (const bad of ['not a host', '10.0.0.7', 'localhost', '-bad.example.com', 'a..example.com']) {
      const res = await admin.patch(`/api/servers/${ids.old}`, { hostname: bad });
      expect(res.status, bad).toBe(422);
      expect(res.body.error.code).toBe('INVALID_HOSTNAME');
    }
    const before = await create(ids.old);
    expect(before.host_port).toEqual(['127.0.0.1:12000']);
    const set = await admin.patch(`/api/servers/${ids.old}`, { hostname: 'Old.Example.com.' });
    expect(set.status).toBe(200);
    expect(set.body.hostname).toBe('old.example.com');
    // The line that pointed at the server's address follows it; a new line gets the name at once.
    expect((await reseller.client.get(`/api/lines/${before.id}`)).body.host_port).toEqual([
      'old.example.com:12000',
    ]);
    expect((await create(ids.old)).host_port).toEqual(['old.example.com:12000']);
    const csv = await reseller.client.get('/api/lines/export.csv');
    expect(csv.body).toContain(`C: old.example.com 12000 ${before.username} pw-1234`);
    // The new server and its twin share one public name: a move between them changes nothing outside.
    await admin.patch(`/api/servers/${ids.new}`, { hostname: 'new.example.com' });
    await admin.patch(`/api/servers/${ids.twin}`, { hostname: 'new.example.com' });
    // Emptied: connection lines use the host again.
    const cleared = await admin.patch(`/api/servers/${ids.newcamd}`, { hostname: 'x.example.com' });
    expect(cleared.body.hostname).toBe('x.example.com');
    expect((await admin.patch(`/api/servers/${ids.newcamd}`, { hostname: '' })).body.hostname).toBeNull();
  });

  it('moves selected lines: added on the target, removed from the old server, owner told the new lines', async () => {
    const [a, b, stay] = [await create(ids.old), await create(ids.old), await create(ids.old)];
    await waitFor(
      () => onFile(oldAgent),
      (names) => [a, b, stay].every((line) => names.has(line.username)),
    );
    // No grace period here: the old entry goes as soon as the new server has loaded the line.
    const body = { ids: [a.id, b.id], target_server_id: ids.new, grace_hours: 0 };
    const preview = await admin.post('/api/lines/server-move/preview', body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual({ count: 2, refused: 0, address_changes: true });

    const started = await admin.post('/api/lines/server-move', body);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({ action: 'move_server', total: 2 });
    const job = await bulkJobDone(admin, started.body.id);
    expect(job).toMatchObject({ succeeded: 2, refused: 0, done: 2 });

    const [onOld, onNew] = [await onFile(oldAgent), await onFile(newAgent)];
    for (const line of [a, b]) {
      expect(onNew.has(line.username), line.username).toBe(true);
      expect(onOld.has(line.username), line.username).toBe(false);
      const now = (await reseller.client.get(`/api/lines/${line.id}`)).body;
      expect(now).toMatchObject({
        server_id: ids.new,
        host_port: ['new.example.com:12000'],
        sync_state: 'synced',
      });
    }
    expect(onOld.has(stay.username)).toBe(true);
    expect(onNew.has(stay.username)).toBe(false);

    // One notice per owner for the lines a pass finished: both lines' new connection lines, told once.
    const notices = await waitFor(
      () => titles(reseller.client),
      (list) => [a, b].every((line) => list.some((notice) => notice.content.includes(line.username))),
    );
    for (const notice of notices) expect(notice.title).toBe('Lines moved to the server New');
    const told = notices.map((notice) => notice.content).join('\n');
    for (const line of [a, b]) {
      expect(told).toContain(`C: new.example.com 12000 ${line.username} pw-1234`);
      expect(told.split(line.username).length - 1).toBe(2);
    }
    const log = JSON.stringify((await admin.get('/api/audit-log?page_size=100')).body);
    expect(log).toContain('server.move_lines');
  });

  it('moves a whole server while the target agent is down: nothing is removed before the target has it, and the job finishes once it is back with 0 drift', async () => {
    const lines = [await create(ids.old), await create(ids.old), await create(ids.old)];
    const all = (await admin.get(`/api/lines?server_id=${ids.old}&page_size=100`)).body.items as Line[];
    await waitFor(
      () => onFile(oldAgent),
      (names) => all.every((line) => names.has(line.username)),
    );
    await newAgent.stop();
    const preview = await admin.post('/api/lines/server-move/preview', {
      source_server_id: ids.old,
      target_server_id: ids.new,
    });
    expect(preview.body).toMatchObject({ count: all.length, refused: 0 });
    const started = await admin.post('/api/lines/server-move', {
      source_server_id: ids.old,
      target_server_id: ids.new,
      grace_hours: 0,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    // Every add to the target failed at least once…
    await waitFor(
      () => admin.get(`/api/lines?server_id=${ids.new}&sync_state=failing&page_size=100`),
      (res) => lines.every((line) => res.body.items.some((item: Line) => item.id === line.id)),
    );
    // …and meanwhile the old server keeps every line: its customers stay connected.
    const duringOld = await onFile(oldAgent);
    expect(all.every((line) => duringOld.has(line.username))).toBe(true);
    expect((await admin.get(`/api/lines/bulk/${started.body.id}`)).body).toMatchObject({
      status: expect.stringMatching(/queued|running/),
      succeeded: 0,
    });

    await newAgent.restart();
    const job = await bulkJobDone(admin, started.body.id);
    expect(job).toMatchObject({ total: all.length, succeeded: all.length, refused: 0 });
    const [onOld, onNew] = [await onFile(oldAgent), await onFile(newAgent)];
    for (const line of all) {
      // Exactly one server has it: the new one.
      expect([onOld.has(line.username), onNew.has(line.username)], line.username).toEqual([false, true]);
    }
    expect((await admin.get(`/api/lines?server_id=${ids.old}`)).body.total).toBe(0);
  });

  it('tells nobody when the target has the same public hostname, and refuses what cannot move', async () => {
    const before = (await titles(reseller.client)).length;
    const moving = (await admin.get(`/api/lines?server_id=${ids.new}&page_size=1`)).body.items as Line[];
    const body = { ids: [moving[0]!.id, 999_999], target_server_id: ids.twin, grace_hours: 0 };
    const preview = await admin.post('/api/lines/server-move/preview', body);
    expect(preview.body).toEqual({ count: 1, refused: 1, address_changes: false });
    const started = await admin.post('/api/lines/server-move', body);
    const job = await bulkJobDone(admin, started.body.id);
    expect(job).toMatchObject({ succeeded: 1, refused: 1 });
    expect(job.refusals[0]).toMatchObject({ line_id: 999_999, code: 'LINE_NOT_FOUND' });
    const [onNew, onTwin] = [await onFile(newAgent), await onFile(twinAgent)];
    expect([onNew.has(moving[0]!.username), onTwin.has(moving[0]!.username)]).toEqual([false, true]);
    // The customers' connection line is the same as before: no notice.
    expect((await titles(reseller.client)).length).toBe(before);

    const mismatch = await admin.post('/api/lines/server-move', {
      source_server_id: ids.new,
      target_server_id: ids.newcamd,
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error).toMatchObject({
      code: 'LINE_MOVE_PROTOCOL_MISMATCH',
      message: 'Lines on a CCcam server can only move to another CCcam server, not to a NewCamd server',
    });
    // An OSCam box serves the same protocol, but its agent writes oscam.user: CCcam.cfg entries
    // cannot be kept there. The servers' list says which file each agent writes.
    const servers = (await admin.get('/api/servers?page_size=100')).body.items as {
      id: number;
      backend: string | null;
    }[];
    expect(servers.find((s) => s.id === ids.oscam)?.backend).toBe('oscam');
    expect(servers.find((s) => s.id === ids.twin)?.backend).toBe('cccam');
    const otherFile = await admin.post('/api/lines/server-move/preview', {
      ids: [moving[0]!.id],
      target_server_id: ids.oscam,
    });
    expect(otherFile.status).toBe(422);
    expect(otherFile.body.error).toMatchObject({
      code: 'LINE_MOVE_FILE_MISMATCH',
      message:
        'Lines whose entries are in CCcam.cfg can only move to a server whose agent writes CCcam.cfg, not oscam.user',
    });
    const same = await admin.post('/api/lines/server-move/preview', {
      source_server_id: ids.twin,
      target_server_id: ids.twin,
    });
    expect(same.body.error.code).toBe('LINE_MOVE_SAME_SERVER');
    const nothing = await admin.post('/api/lines/server-move/preview', { target_server_id: ids.twin });
    expect(nothing.body.error.code).toBe('LINE_MOVE_SOURCE_REQUIRED');
    const untested = await admin.post('/api/servers', {
      server_name: 'Untested',
      host_ip: '127.0.0.1',
      port: 12001,
      api_port: 1,
      username: 'panel',
      password: 'secret-password',
    });
    const inactive = await admin.post('/api/lines/server-move', {
      source_server_id: ids.twin,
      target_server_id: untested.body.id,
    });
    expect(inactive.status).toBe(422);
    expect(inactive.body.error.code).toBe('LINE_MOVE_TARGET_INACTIVE');
    const noServer = await admin.post('/api/lines/server-move/preview', {
      source_server_id: ids.twin,
      target_server_id: 987_654,
    });
    expect(noServer.status).toBe(404);
  });

  it('keeps the old entry through the grace period: until the line is seen on the new server, or the period ends', async () => {
    const [seen, unseen] = [await create(ids.old), await create(ids.old)];
    await waitFor(
      () => onFile(oldAgent),
      (names) => names.has(seen.username) && names.has(unseen.username),
    );
    const started = await admin.post('/api/lines/server-move', {
      ids: [seen.id, unseen.id],
      target_server_id: ids.new,
      grace_hours: 2,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    // Both are on the new server and loaded there; the old server keeps both entries meanwhile.
    const waiting = await waitFor(
      () => admin.get(`/api/lines/bulk/${started.body.id}`),
      (res) => res.body.grace?.waiting === 2,
    );
    expect(waiting.body).toMatchObject({ status: 'running', succeeded: 0, grace: { hours: 2, waiting: 2 } });
    const until = new Date(waiting.body.grace.until as string).getTime();
    expect(until).toBeGreaterThan(Date.now() + 110 * 60_000);
    const [onOld, onNew] = [await onFile(oldAgent), await onFile(newAgent)];
    for (const line of [seen, unseen]) {
      expect([onOld.has(line.username), onNew.has(line.username)], line.username).toEqual([true, true]);
    }

    // The who-is-online poll sees one of them on the new server: its old entry goes.
    const db = server.built.ctx.db;
    await db.execute(sql`insert into line_presence (line_id, server_id, sessions, last_seen_at)
      values (${seen.id}, ${ids.new}, 1, now())
      on conflict (line_id) do update set server_id = excluded.server_id, last_seen_at = excluded.last_seen_at`);
    await waitFor(
      () => onFile(oldAgent),
      (names) => !names.has(seen.username),
    );
    const one = await waitFor(
      () => admin.get(`/api/lines/bulk/${started.body.id}`),
      (res) => res.body.succeeded === 1,
    );
    expect(one.body).toMatchObject({ status: 'running', grace: { waiting: 1 } });
    expect((await onFile(oldAgent)).has(unseen.username)).toBe(true);

    // The other one's period ends: its old entry goes too, and the move is done.
    await db.execute(
      sql`update line_bulk_items set grace_until = now() - interval '1 second' where job_id = ${started.body.id as number} and stage = 'grace'`,
    );
    const job = await bulkJobDone(admin, started.body.id);
    expect(job).toMatchObject({ succeeded: 2, refused: 0, grace: { waiting: 0 } });
    expect((await onFile(oldAgent)).has(unseen.username)).toBe(false);
    expect((await onFile(newAgent)).has(unseen.username)).toBe(true);
  });

  it('keeps the old entry while the new server has not loaded the line: its agent killed between the write and the reload', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'linedesk-move-crash-'));
    const script = path.join(dir, 'reload.sh');
    const block = path.join(dir, 'block');
    const started = path.join(dir, 'started');
    await writeFile(script, `touch '${started}'; while [ -e '${block}' ]; do sleep 0.05; done\n`);
    await writeFile(block, '');
    const crashy = await startLineAgent({ env: { AGENT_RELOAD_COMMAND: `sh '${script}'` } });
    try {
      const crashyId = (await addAgentServer(admin, crashy, 'Crashy')).id;
      const line = await create(ids.old);
      await waitFor(
        () => onFile(oldAgent),
        (names) => names.has(line.username),
      );
      const move = await admin.post('/api/lines/server-move', {
        ids: [line.id],
        target_server_id: crashyId,
        grace_hours: 0,
      });
      expect(move.status, JSON.stringify(move.body)).toBe(202);
      // The new server's file has the line and its reload runs: the agent dies right there.
      await waitFor(
        () =>
          access(started).then(
            () => true,
            () => false,
          ),
        (ok) => ok,
      );
      expect((await onFile(crashy)).has(line.username)).toBe(true);
      await crashy.current().kill();
      // Back, but the server still does not load the file: the line is not synced, the old entry stays.
      await writeFile(script, "echo 'cccam is not running' >&2; exit 1\n");
      await rm(block);
      await crashy.restart();
      await waitFor(
        () => reseller.client.get(`/api/lines/${line.id}`),
        (res) => res.body.sync_state === 'failing' && /cccam is not running/.test(res.body.sync_error ?? ''),
      );
      expect((await onFile(oldAgent)).has(line.username)).toBe(true);
      expect((await admin.get(`/api/lines/bulk/${move.body.id}`)).body).toMatchObject({ succeeded: 0 });

      // The server loads it at last: synced, and only now does the old entry go.
      await writeFile(script, 'exit 0\n');
      const job = await bulkJobDone(admin, move.body.id);
      expect(job).toMatchObject({ succeeded: 1, refused: 0 });
      expect((await reseller.client.get(`/api/lines/${line.id}`)).body.sync_state).toBe('synced');
      expect((await onFile(oldAgent)).has(line.username)).toBe(false);
      expect((await onFile(crashy)).has(line.username)).toBe(true);
    } finally {
      await crashy.cleanup();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is for admins only: a reseller moving their own lines is refused', async () => {
    const own = await create(ids.twin);
    for (const path of ['/api/lines/server-move/preview', '/api/lines/server-move']) {
      const res = await reseller.client.post(path, { ids: [own.id], target_server_id: ids.new });
      expect(res.status, path).toBe(403);
    }
    expect((await reseller.client.get(`/api/lines/${own.id}`)).body.server_id).toBe(ids.twin);
  });
});
