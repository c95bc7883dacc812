import { readFile, writeFile } from 'node:fs/promises';
import { addDays, addMonths, isoDate, toDisplayDate } from '@linedesk/shared';
import { oscamAccounts, readCccamEntries } from '@linedesk/shared/config-files';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lines } from '../src/db/schema.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { ENTRY_EXTRA_UNSUPPORTED } from '../src/modules/line-sync/line-agent-delivery.js';
import {
  addActiveServer,
  addAgentServer,
  bulkJobDone,
  jobDone,
  signUpAccount,
  startScriptedAgent,
  type Account,
} from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

/*
 * Every setting an operator wrote into an entry stays through everything the panel does with the
 * line: adoption or import, then renew, disable and enable, a password change, a reconcile and a move
 * to another server. Checked key by key in the agent's own file, over HTTP against a real agent.
 */

const EXPIRY_LATER = '2031-01-31';

/** A realistic oscam.user: webif-written and hand-edited accounts, comments, odd spacing and case. */
const OSCAM_USER = [
  '# oscam.user of box1: most accounts made in the webif, some edited by hand',
  '',
  '[account]',
  'user                          = anna',
  'pwd                           = Anna2024x',
  'description                   = Anna Kowalska, reseller Marek',
  'disabled                      = 0',
  'expdate                       = 2030-03-31',
  'allowedtimeframe              = MON@06:00-23:00;SAT@08:00-24:00;SUN@08:00-24:00',
  'group                         = 1,2,5',
  'au                            = sky_de_local',
  'services                      = sky_de,sky_sport,!adult',
  'caid                          = 1702,1833',
  'ident                         = 1702:000000;1833:000000',
  'chid                          = 1702:0001',
  'uniq                          = 3',
  'max_connections               = 2',
  'sleep                         = 120',
  'keepalive                     = 1',
  'cccmaxhops                    = 2',
  'cccreshare                    = 0',
  '',
  // The operator's case from the issue: held to one customer's connections by uniq and the limit.
  '[account]',
  'user = bruno',
  'pwd = br-77-pw',
  'group = 1',
  'expdate = 2030-12-31',
  'uniq = 3',
  'max_connections = 2',
  'caid = 0B00',
  'ident = 0B00:000000',
  '# bruno pays yearly, in cash',
  'description = Bruno (cash)',
  '',
  '# a test account without a group: it sees no reader until one is set',
  '[account]',
  'user = tester',
  'pwd = test-only',
  'disabled = 1',
  '',
  '[account]',
  'user = dario',
  'pwd = d4rio',
  'group = 2,4',
  'expdate = 2030-01-15',
  'au = 1',
  'services = !adult',
  'betatunnel = 1833.0081:1702,1834.0081:1702',
  'suppresscmd08 = 1',
  'penalty = 0',
  '',
  '[account]',
  '  user = elena',
  '  pwd = el3na',
  '  Group = 2',
  '  expdate = 2030-07-01',
  '  # moved from box3 with her old limits',
  '  Max_Connections = 4',
  '  caid = 0b00',
  '  ident = 0b00:000000',
  '  cccmaxhops = 10',
  '',
].join('\n');

const OSCAM_NAMES = ['anna', 'bruno', 'tester', 'dario', 'elena'];

/** A realistic CCcam.cfg: settings, upstream lines, and customers' F-lines with every kind of field. */
const CCCAM_CFG = [
  '# CCcam.cfg of box2',
  'SERVER LISTEN PORT : 12000',
  'C: upstream.example.net 12000 myuser mypass',
  'F: carla carla-pw 1 0 0 { 0:0:2 } { 0100:000080:1FA3, 0100:000080:2B01 } { 08:00-23:00 } carla.dyndns.example',
  'F: ben ben-pw 2 1 1 { 0:0:1, 0500:000000:0 } { } { }',
  'F: dora dora-pw',
  'F:\temil\temil-pw\t0\t0\t0\t{0:0:0}\t# no reshare, written with tabs',
  'F: hugo hugo-pw 1 0 0 { 0:0:2 } { } { } 192.168.1.50 # fixed IP',
  '',
].join('\n');

const CCCAM_NAMES = ['carla', 'ben', 'dora', 'emil', 'hugo'];

type Sections = Map<string, Map<string, string>>;

/** Every [account] of an oscam.user by its user, each as its keys (lower case) and values. */
async function oscamSections(agent: TestAgent): Promise<Sections> {
  const text = await readFile(agent.configFile, 'utf8');
  return new Map(oscamAccounts(text).map((keys) => [keys.get('user') ?? '', keys]));
}

/** Every F-line of a CCcam.cfg by its user, as its fields (whitespace between them is no setting). */
async function cccamLines(agent: TestAgent): Promise<Map<string, string[]>> {
  const text = await readFile(agent.configFile, 'utf8');
  return new Map(readCccamEntries(text).map((entry) => [entry.username, entry.text.trim().split(/\s+/)]));
}

/**
 * The account holds every key and value it had, except the `changed` ones (which hold the given
 * value); it adds no key but `disabled` (absent reads as 0) and the changed ones.
 */
function expectKept(
  name: string,
  before: Map<string, string>,
  after: Map<string, string> | undefined,
  changed: Record<string, string> = {},
): void {
  expect(after, `${name} is on the server`).toBeDefined();
  const wanted = new Map(before);
  if (!wanted.has('disabled')) wanted.set('disabled', after!.get('disabled') === '1' ? '1' : '0');
  for (const [key, value] of Object.entries(changed)) wanted.set(key, value);
  const got = new Map(after!);
  if (!got.has('disabled')) got.set('disabled', '0');
  expect(Object.fromEntries(got), name).toEqual(Object.fromEntries(wanted));
}

describe('a line keeps every setting of its entry on the server', () => {
  let server: TestServer;
  let oscam: TestAgent;
  let oscamTarget: TestAgent;
  let cccam: TestAgent;
  let admin: TestClient;
  let reseller: Account;
  const ids: { oscam: number; oscamTarget: number; cccam: number } = { oscam: 0, oscamTarget: 0, cccam: 0 };
  let original: Sections;
  let originalCccam: Map<string, string[]>;
  const lineIds = new Map<string, number>();
  const expiry = addDays(isoDate(new Date()), 90);

  const lineOf = async (username: string) =>
    (await server.built.ctx.db.select().from(lines).where(eq(lines.username, username)))[0]!;
  const synced = (username: string) =>
    waitFor(
      () => lineOf(username),
      (line) => line.syncState === 'synced' || line.syncState === 'failing',
    ).then((line) => {
      expect(line.syncError, `${username} syncs`).toBeNull();
      expect(line.syncState).toBe('synced');
      return line;
    });
  const adoptAll = async (serverId: number, names: string[]) => {
    const listed = await admin.get(`/api/servers/${serverId}/unmanaged-accounts`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const byName = new Map(
      (listed.body.items as { username: string; fingerprint: string; adoptable: boolean }[]).map((item) => [
        item.username,
        item,
      ]),
    );
    for (const name of names) expect(byName.get(name)?.adoptable, name).toBe(true);
    const body = {
      accounts: names.map((username) => ({ username, fingerprint: byName.get(username)!.fingerprint })),
      owner_id: reseller.id,
      plan_id: 1,
      charge_months: null,
      expiry_date: expiry,
    };
    const preview = await admin.post(`/api/servers/${serverId}/adoption/preview`, body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const adopted = await admin.post(`/api/servers/${serverId}/adoption`, body);
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);
    for (const item of adopted.body.items as { username: string; status: string; line_id: number }[]) {
      expect(item.status, item.username).toBe('adopted');
      lineIds.set(item.username, item.line_id);
    }
    return preview.body.items as { username: string; entry: string | null }[];
  };

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      LINE_CONNECTIONS_POLL_SECONDS: '0',
      LINE_SYNC_RETRY_BASE_MS: '200',
      LINE_SYNC_RETRY_MAX_MS: '1000',
    });
    [oscam, oscamTarget, cccam] = await Promise.all([
      startLineAgent({ oscam: true }),
      startLineAgent({ oscam: true }),
      startLineAgent(),
    ]);
    await writeFile(oscam.configFile, OSCAM_USER);
    await writeFile(cccam.configFile, CCCAM_CFG);
    admin = await server.admin();
    ids.oscam = (await addAgentServer(admin, oscam, 'Box 1 (OSCam)')).id;
    ids.oscamTarget = (await addAgentServer(admin, oscamTarget, 'Box 3 (OSCam)')).id;
    ids.cccam = (await addAgentServer(admin, cccam, 'Box 2 (CCcam)')).id;
    reseller = await signUpAccount(server, 'lossless-reseller@example.com', 0);
    original = await oscamSections(oscam);
    originalCccam = await cccamLines(cccam);
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([oscam?.cleanup(), oscamTarget?.cleanup(), cccam?.cleanup()]);
  });

  it('adopts OSCam accounts with every key they had, and previews the entry each will be', async () => {
    const preview = await adoptAll(ids.oscam, OSCAM_NAMES);
    const bruno = preview.find((item) => item.username === 'bruno')!.entry!;
    for (const line of ['uniq = 3', 'max_connections = 2', 'caid = 0B00', 'ident = 0B00:000000']) {
      expect(bruno).toContain(line);
    }
    expect(bruno).toContain('description = Bruno (cash)');
    for (const name of OSCAM_NAMES) await synced(name);
    const now = await oscamSections(oscam);
    for (const name of OSCAM_NAMES) {
      // tester had no expiry: it takes the one given with the adoption.
      expectKept(name, original.get(name)!, now.get(name), name === 'tester' ? { expdate: expiry } : {});
    }
    const line = await lineOf('bruno');
    expect(line.restrictionOverrides).toMatchObject({ uniq: 3, max_connections: 2, groups: [1] });
  });

  it('keeps them through a renewal: only the expiry changes', async () => {
    const bruno = await lineOf('bruno');
    const renewed = await admin.post(`/api/lines/${lineIds.get('bruno')}/renew`, { subscription_months: 1 });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    const newExpiry = addMonths(bruno.expiryDate, 1);
    await synced('bruno');
    const now = await oscamSections(oscam);
    expectKept('bruno', original.get('bruno')!, now.get('bruno'), { expdate: newExpiry });
    expectKept('anna', original.get('anna')!, now.get('anna'));
  });

  it('keeps them through a disable and an enable, and a password change', async () => {
    const id = lineIds.get('anna');
    expect((await admin.patch(`/api/lines/${id}`, { enabled: false })).status).toBe(200);
    await synced('anna');
    expectKept('anna', original.get('anna')!, (await oscamSections(oscam)).get('anna'), { disabled: '1' });
    expect((await admin.patch(`/api/lines/${id}`, { enabled: true })).status).toBe(200);
    await synced('anna');
    expectKept('anna', original.get('anna')!, (await oscamSections(oscam)).get('anna'));

    const changed = await admin.patch(`/api/lines/${lineIds.get('dario')}`, { password: 'new-dario-pw' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await synced('dario');
    expectKept('dario', original.get('dario')!, (await oscamSections(oscam)).get('dario'), {
      pwd: 'new-dario-pw',
    });
  });

  it('keeps them when a reconcile repairs an entry from the panel', async () => {
    // The panel's line changed without a delivery (as after a restore): the reconcile repairs it.
    await server.built.ctx.db
      .update(lines)
      .set({ expiryDate: EXPIRY_LATER })
      .where(eq(lines.username, 'elena'));
    const reconciled = await admin.post(`/api/servers/${ids.oscam}/reconcile`);
    expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(200);
    expect(reconciled.body).toMatchObject({ updated: 1, failed: 0 });
    const elena = await waitFor(
      () => oscamSections(oscam),
      (sections) => sections.get('elena')?.get('expdate') === EXPIRY_LATER,
    );
    expectKept('elena', original.get('elena')!, elena.get('elena'), { expdate: EXPIRY_LATER });
  });

  async function nameGroups(serverId: number): Promise<void> {
    const named = await admin.patch(`/api/servers/${serverId}`, {
      group_names: Object.fromEntries(
        Array.from({ length: 8 }, (_, i) => [String(i + 1), `Package ${i + 1}`]),
      ),
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
  }

  it('keeps them when the lines move to another server', async () => {
    const moving = ['anna', 'tester', 'elena'];
    // The lines' packages must exist on the target: the admin names its groups first.
    await nameGroups(ids.oscamTarget);
    // No grace period: the move is done once the lines are live on the target.
    const body = {
      ids: moving.map((name) => lineIds.get(name)),
      target_server_id: ids.oscamTarget,
      grace_hours: 0,
    };
    const started = await admin.post('/api/lines/server-move', body);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await bulkJobDone(admin, started.body.id);
    for (const name of moving) await synced(name);
    const there = await waitFor(
      () => oscamSections(oscamTarget),
      (sections) => moving.every((name) => sections.has(name)),
    );
    expectKept('anna', original.get('anna')!, there.get('anna'));
    expectKept('tester', original.get('tester')!, there.get('tester'), { expdate: expiry });
    expectKept('elena', original.get('elena')!, there.get('elena'), { expdate: EXPIRY_LATER });
  });

  it('leaves a line failing, never synced without its settings, on an agent that does not keep them', async () => {
    const old = await startScriptedAgent();
    try {
      const oldServer = await addActiveServer(admin, { apiPort: old.port, name: 'Old agent (OSCam)' });
      await nameGroups(oldServer.id);
      // An agent from before lossless entries: it writes dario's restrictions but ignores `extra`.
      const restrictions = { groups: [2, 4], services: ['!adult'], au: '1' };
      old.answer({
        status: 200,
        body: { message: 'User added successfully', user: { enabled: true, restrictions } },
      });
      const started = await admin.post('/api/lines/server-move', {
        ids: [lineIds.get('dario')],
        target_server_id: oldServer.id,
      });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const line = await waitFor(
        () => lineOf('dario'),
        (row) => row.serverId === oldServer.id && row.syncState === 'failing',
      );
      expect(line.syncError).toContain(ENTRY_EXTRA_UNSUPPORTED);
      const sent = old.requests.find((r) => (r.body as { extra?: unknown } | null)?.extra);
      expect((sent?.body as { extra: { oscam: string[] } }).extra.oscam).toContain(
        'betatunnel = 1833.0081:1702,1834.0081:1702',
      );
    } finally {
      await old.close();
    }
  });

  it('adopts CCcam F-lines field by field and keeps them through a renewal and a disable', async () => {
    await adoptAll(ids.cccam, CCCAM_NAMES);
    for (const name of CCCAM_NAMES) await synced(name);
    let now = await cccamLines(cccam);
    for (const name of CCCAM_NAMES) expect(now.get(name), name).toEqual(originalCccam.get(name));

    const renewed = await admin.post(`/api/lines/${lineIds.get('carla')}/renew`, { subscription_months: 1 });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    const password = await admin.patch(`/api/lines/${lineIds.get('ben')}`, { password: 'ben-new' });
    expect(password.status, JSON.stringify(password.body)).toBe(200);
    // CCcam has no disabled flag: the line leaves the file, and comes back whole.
    expect((await admin.patch(`/api/lines/${lineIds.get('hugo')}`, { enabled: false })).status).toBe(200);
    await Promise.all(['carla', 'ben', 'hugo'].map((name) => synced(name)));
    now = await cccamLines(cccam);
    expect(now.get('carla')).toEqual(originalCccam.get('carla'));
    expect(now.get('ben')).toEqual(originalCccam.get('ben')!.map((f) => (f === 'ben-pw' ? 'ben-new' : f)));
    expect(now.has('hugo')).toBe(false);
    expect((await admin.patch(`/api/lines/${lineIds.get('hugo')}`, { enabled: true })).status).toBe(200);
    await synced('hugo');
    expect((await cccamLines(cccam)).get('hugo')).toEqual(originalCccam.get('hugo'));
  });
});

describe('an import writes each account as the file has it, as an adoption does', () => {
  let server: TestServer;
  let oscam: TestAgent;
  let cccam: TestAgent;
  let admin: TestClient;
  let oscamServer: number;
  let cccamServer: number;
  const defaultExpiry = addMonths(isoDate(new Date()), 4);

  const upload = async (text: string, fileName: string) => {
    const form = new FormData();
    form.append('file', new Blob([text]), fileName);
    const res = await fetch(`${server.url}/api/line-imports`, {
      method: 'POST',
      headers: {
        cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        origin: server.url,
        'x-forwarded-for': admin.ip,
      },
      body: form,
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: number; suggested_mapping: Record<string, number> };
  };
  const importAll = async (text: string, fileName: string, serverId: number) => {
    const uploaded = await upload(text, fileName);
    const options = {
      mapping: uploaded.suggested_mapping,
      server_id: serverId,
      default_expiry: toDisplayDate(defaultExpiry),
    };
    const preview = await admin.post(`/api/line-imports/${uploaded.id}/preview`, {
      ...options,
      page_size: 200,
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const started = await admin.post(`/api/line-imports/${uploaded.id}/start`, options);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await jobDone(admin, `/api/line-imports/${uploaded.id}`);
    return preview.body as {
      ok: number;
      differing: number;
      rows: { username: string; status: string; entry: string | null; differences: unknown[] }[];
    };
  };
  const syncedAll = (names: string[]) =>
    waitFor(
      () => server.built.ctx.db.select().from(lines),
      (rows) =>
        names.every((name) => rows.some((row) => row.username === name && row.syncState === 'synced')),
    );

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      LINE_CONNECTIONS_POLL_SECONDS: '0',
    });
    [oscam, cccam] = await Promise.all([startLineAgent({ oscam: true }), startLineAgent()]);
    admin = await server.admin();
    oscamServer = (await addAgentServer(admin, oscam, 'New OSCam')).id;
    cccamServer = (await addAgentServer(admin, cccam, 'New CCcam')).id;
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([oscam?.cleanup(), cccam?.cleanup()]);
  });

  it('imports an oscam.user with every key of every account, and previews only the real differences', async () => {
    const preview = await importAll(OSCAM_USER, 'oscam.user', oscamServer);
    expect(preview.ok).toBe(OSCAM_NAMES.length);
    const rows = new Map(preview.rows.map((row) => [row.username, row]));
    // Only tester changes: it had no expiry, the import gives it the default one.
    expect(preview.differing).toBe(1);
    expect(rows.get('tester')!.differences).toEqual([{ key: 'expdate', file: null, written: defaultExpiry }]);
    expect(rows.get('bruno')!.differences).toEqual([]);
    expect(rows.get('bruno')!.entry).toContain('max_connections = 2');
    await syncedAll(OSCAM_NAMES);
    const original = new Map(oscamAccounts(OSCAM_USER).map((keys) => [keys.get('user') ?? '', keys]));
    const now = await oscamSections(oscam);
    for (const name of OSCAM_NAMES) {
      expectKept(
        name,
        original.get(name)!,
        now.get(name),
        name === 'tester' ? { expdate: defaultExpiry } : {},
      );
    }
  });

  it('imports a CCcam.cfg with every field of every F-line', async () => {
    const preview = await importAll(CCCAM_CFG, 'CCcam.cfg', cccamServer);
    expect(preview).toMatchObject({ ok: CCCAM_NAMES.length, differing: 0 });
    await syncedAll(CCCAM_NAMES);
    const original = new Map(
      readCccamEntries(CCCAM_CFG).map((entry) => [entry.username, entry.text.trim().split(/\s+/)]),
    );
    const now = await cccamLines(cccam);
    for (const name of CCCAM_NAMES) expect(now.get(name), name).toEqual(original.get(name));
  });

  it("writes a CSV's connection limit as the line's own, and previews the entry each row will be", async () => {
    const csv = `username,password,expiry,max_connections\ncsv-one,pw-one,${defaultExpiry},1\n`;
    const preview = await importAll(csv, 'lines.csv', oscamServer);
    expect(preview.ok).toBe(1);
    // The agent's own default group completes the entry; a clean row differs in nothing.
    expect(preview.rows[0]!.entry).toBe(
      [
        '[account]',
        'user = csv-one',
        'pwd = pw-one',
        'group = 1',
        `expdate = ${defaultExpiry}`,
        'disabled = 0',
        'max_connections = 1',
      ].join('\n'),
    );
    expect(preview.rows[0]!.differences).toEqual([]);
    expect(preview.differing).toBe(0);
    await syncedAll(['csv-one']);
    const written = (await oscamSections(oscam)).get('csv-one')!;
    expect(Object.fromEntries(written)).toEqual({
      user: 'csv-one',
      pwd: 'pw-one',
      group: '1',
      expdate: defaultExpiry,
      disabled: '0',
      max_connections: '1',
    });
  });

  it('previews CSV rows on a CCcam server as the F-lines its agent writes, with what an F-line cannot hold', async () => {
    const csv = [
      'username,password,expiry,max_connections,disabled',
      `csv-plain,pw-plain,${defaultExpiry},,0`,
      `csv-limited,pw-limited,${defaultExpiry},2,0`,
      `csv-off,pw-off,${defaultExpiry},,1`,
    ].join('\n');
    const preview = await importAll(csv, 'cccam-lines.csv', cccamServer);
    const rows = new Map(preview.rows.map((row) => [row.username, row]));
    expect(rows.get('csv-plain')!.differences).toEqual([]);
    expect(rows.get('csv-limited')!.differences).toEqual([
      { key: 'max_connections', file: '2', written: null },
    ]);
    // CCcam has no disabled flag: a disabled line is not in the file at all.
    expect(rows.get('csv-off')!.entry).toBeNull();
    expect(rows.get('csv-off')!.differences).toEqual([
      { key: 'F', file: expect.stringMatching(/^F: csv-off pw-off 1 0 0/), written: null },
    ]);
    expect(preview.differing).toBe(2);
    await syncedAll(['csv-plain', 'csv-limited', 'csv-off']);
    // The preview's F-lines are the agent's own, with its configured fields after the login.
    const now = await cccamLines(cccam);
    for (const name of ['csv-plain', 'csv-limited']) {
      expect(rows.get(name)!.entry!.split(/\s+/), name).toEqual(now.get(name));
    }
    expect(now.has('csv-off')).toBe(false);
  });

  it('keeps "none" for what a plan would add to an adopted or imported entry, until an admin sets it', async () => {
    const plan = await admin.post('/api/line-plans', {
      name: 'Two connections',
      prices: [{ months: 1, credits: 1 }],
      restrictions: { max_connections: 2, uniq: 1 },
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const owner = await signUpAccount(server, 'none-owner@example.com', 0);
    // The entries' group must be a package the server names.
    const named = await admin.patch(`/api/servers/${oscamServer}`, { group_names: { '1': 'Base' } });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const entry = (user: string) => [
      '[account]',
      `user = ${user}`,
      `pwd = ${user}-pw`,
      'group = 1',
      'expdate = 2030-05-01',
      '',
    ];

    // Adopted: the hand-written entry has neither key the plan sets.
    const before = await readFile(oscam.configFile, 'utf8');
    await writeFile(oscam.configFile, `${before}\n${entry('gina').join('\n')}`);
    const listed = await admin.get(`/api/servers/${oscamServer}/unmanaged-accounts`);
    const gina = (listed.body.items as { username: string; fingerprint: string }[]).find(
      (a) => a.username === 'gina',
    )!;
    const adoptBody = {
      accounts: [{ username: 'gina', fingerprint: gina.fingerprint }],
      owner_id: owner.id,
      plan_id: plan.body.id,
      charge_months: null,
      expiry_date: null,
    };
    const adoptPreview = await admin.post(`/api/servers/${oscamServer}/adoption/preview`, adoptBody);
    expect(adoptPreview.status, JSON.stringify(adoptPreview.body)).toBe(200);
    expect(adoptPreview.body.items[0].entry).not.toContain('max_connections');
    const adopted = await admin.post(`/api/servers/${oscamServer}/adoption`, adoptBody);
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);

    // Imported: the same for an oscam.user's account.
    const text = entry('hanna').join('\n');
    const uploaded = await upload(text, 'oscam.user');
    const options = { mapping: uploaded.suggested_mapping, server_id: oscamServer, plan_id: plan.body.id };
    const preview = await admin.post(`/api/line-imports/${uploaded.id}/preview`, options);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.rows[0].differences).toEqual([]);
    const started = await admin.post(`/api/line-imports/${uploaded.id}/start`, options);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await syncedAll(['gina', 'hanna']);

    const original = new Map(
      oscamAccounts(`${entry('gina').join('\n')}\n${text}`).map((k) => [k.get('user')!, k]),
    );
    let now = await oscamSections(oscam);
    for (const name of ['gina', 'hanna']) {
      expectKept(name, original.get(name)!, now.get(name));
      const line = (await server.built.ctx.db.select().from(lines).where(eq(lines.username, name)))[0]!;
      expect(line.restrictionOverrides, name).toMatchObject({ max_connections: null, uniq: null });
    }
    const id = (await server.built.ctx.db.select().from(lines).where(eq(lines.username, 'gina')))[0]!.id;
    const shown = await admin.get(`/api/lines/${id}`);
    expect(shown.body.restriction_overrides).toMatchObject({ max_connections: null, uniq: null });

    // An admin sets a value over the "none", then gives the key back to the plan.
    const set = await admin.patch(`/api/lines/${id}`, {
      restriction_overrides: { ...shown.body.restriction_overrides, max_connections: 3 },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    now = await waitFor(
      () => oscamSections(oscam),
      (sections) => sections.get('gina')?.get('max_connections') === '3',
    );
    expect(now.get('gina')?.has('uniq')).toBe(false);
    const { max_connections: _max, ...rest } = shown.body.restriction_overrides as Record<string, unknown>;
    const reset = await admin.patch(`/api/lines/${id}`, { restriction_overrides: rest });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    now = await waitFor(
      () => oscamSections(oscam),
      (sections) => sections.get('gina')?.get('max_connections') === '2',
    );
    expect(now.get('gina')?.has('uniq')).toBe(false);
  });
});

const CORPUS = new URL('../../agent/test/fixtures/corpus/', import.meta.url);

describe("the agent's corpus: adopted on one panel, imported on another, written the same", () => {
  const panels: TestServer[] = [];
  const agents: TestAgent[] = [];
  const expiry = addMonths(isoDate(new Date()), 5);

  type Panel = { server: TestServer; admin: TestClient; owner: Account };
  const startPanel = async (): Promise<Panel> => {
    const server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      LINE_CONNECTIONS_POLL_SECONDS: '0',
    });
    panels.push(server);
    return {
      server,
      admin: await server.admin(),
      owner: await signUpAccount(server, 'corpus-owner@example.com', 0),
    };
  };
  const startAgent = async (oscam: boolean, text: string) => {
    const agent = await startLineAgent({ oscam });
    agents.push(agent);
    await writeFile(agent.configFile, text);
    return agent;
  };
  const allSynced = (panel: Panel, names: string[]) =>
    waitFor(
      () => panel.server.built.ctx.db.select().from(lines),
      (rows) =>
        names.every((name) => rows.some((row) => row.username === name && row.syncState === 'synced')),
    );

  /** Adopts every adoptable account of the agent's file; answers the names adopted. */
  const adoptEvery = async (panel: Panel, agent: TestAgent, name: string): Promise<string[]> => {
    const serverId = (await addAgentServer(panel.admin, agent, name)).id;
    const listed = await panel.admin.get(`/api/servers/${serverId}/unmanaged-accounts`);
    const accounts = (listed.body.items as { username: string; fingerprint: string; adoptable: boolean }[])
      .filter((item) => item.adoptable)
      .map(({ username, fingerprint }) => ({ username, fingerprint }));
    const adopted = await panel.admin.post(`/api/servers/${serverId}/adoption`, {
      accounts,
      owner_id: panel.owner.id,
      plan_id: 1,
      charge_months: null,
      expiry_date: expiry,
    });
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);
    expect(adopted.body.refused).toBe(0);
    const names = accounts.map((account) => account.username);
    await allSynced(panel, names);
    return names;
  };

  /** Imports the file into the agent's server; answers the names imported. */
  const importEvery = async (panel: Panel, agent: TestAgent, name: string, file: string, text: string) => {
    const serverId = (await addAgentServer(panel.admin, agent, name)).id;
    const form = new FormData();
    form.append('file', new Blob([text]), file);
    const res = await fetch(`${panel.server.url}/api/line-imports`, {
      method: 'POST',
      headers: {
        cookie: [...panel.admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        origin: panel.server.url,
        'x-forwarded-for': panel.admin.ip,
      },
      body: form,
    });
    const uploaded = (await res.json()) as { id: number; suggested_mapping: Record<string, number> };
    const options = {
      mapping: uploaded.suggested_mapping,
      server_id: serverId,
      default_expiry: toDisplayDate(expiry),
    };
    const started = await panel.admin.post(`/api/line-imports/${uploaded.id}/start`, options);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const done = await waitFor(
      () => panel.admin.get(`/api/line-imports/${uploaded.id}`),
      (answer) => answer.body.status === 'done',
    );
    expect(done.body.refused).toBe(0);
    const names = (await panel.server.built.ctx.db.select().from(lines))
      .filter((line) => line.serverId === serverId)
      .map((line) => line.username);
    await allSynced(panel, names);
    return names;
  };

  afterAll(async () => {
    await Promise.all(panels.map((panel) => panel.close()));
    await Promise.all(agents.map((agent) => agent.cleanup()));
  });

  // One test per file kind, each on two panels and two agents of its own: one test doing both, with
  // every line deleted between them so the CCcam.cfg's names (the same customers) could come in, went
  // past the 120 s a test may take while other work kept the machine at a load of 20-30.
  const twoPanels = () => Promise.all([startPanel(), startPanel()]);

  it('writes every oscam.user account the same by both ways, whole', async () => {
    const oscamText = await readFile(new URL('oscam.user', CORPUS), 'utf8');
    const [[adopting, importing], [adoptedOscam, importedOscam]] = await Promise.all([
      twoPanels(),
      Promise.all([startAgent(true, oscamText), startAgent(true, '')]),
    ]);

    const oscamAdopted = await adoptEvery(adopting, adoptedOscam, 'Corpus OSCam');
    const oscamImported = await importEvery(importing, importedOscam, 'New OSCam', 'oscam.user', oscamText);
    expect(oscamImported.sort()).toEqual([...oscamAdopted].sort());
    const [byAdoption, byImport] = [await oscamSections(adoptedOscam), await oscamSections(importedOscam)];
    const original = new Map(oscamAccounts(oscamText).map((keys) => [keys.get('user') ?? '', keys]));
    for (const name of oscamAdopted) {
      expect(Object.fromEntries(byImport.get(name)!), name).toEqual(
        Object.fromEntries(byAdoption.get(name)!),
      );
      const had = original.get(name)!;
      // An account without an expiry of its own takes the one given; nothing else changes.
      expectKept(name, had, byAdoption.get(name), had.get('expdate') ? {} : { expdate: expiry });
    }
  });

  it('writes every CCcam.cfg F-line the same by both ways, whole', async () => {
    const cccamText = await readFile(new URL('CCcam.cfg', CORPUS), 'utf8');
    const [[adopting, importing], [adoptedCccam, importedCccam]] = await Promise.all([
      twoPanels(),
      Promise.all([startAgent(false, cccamText), startAgent(false, '')]),
    ]);

    const cccamAdopted = await adoptEvery(adopting, adoptedCccam, 'Corpus CCcam');
    const cccamImported = await importEvery(importing, importedCccam, 'New CCcam', 'CCcam.cfg', cccamText);
    expect(cccamImported.sort()).toEqual([...cccamAdopted].sort());
    const [fLinesAdopted, fLinesImported] = [await cccamLines(adoptedCccam), await cccamLines(importedCccam)];
    const originalF = new Map(
      readCccamEntries(cccamText).map((entry) => [entry.username, entry.text.trim().split(/\s+/)]),
    );
    for (const name of cccamAdopted) {
      expect(fLinesImported.get(name), name).toEqual(fLinesAdopted.get(name));
      expect(fLinesAdopted.get(name), name).toEqual(originalF.get(name));
    }
  });
});
