import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_DIR,
  BEGIN,
  END,
  baseEnv,
  readText,
  removeDir,
  startAgent,
  tempDir,
  type RunningAgent,
} from './agent-harness';

// Files shaped like the ones operators run: written by OSCam's webif and by hand, with every kind
// of setting, comment and blank line. Every entry must be adopted, and every change the panel makes
// afterwards (renew, disable/enable, a new password, a move to another server) must write back
// every key and value (OSCam) or field (CCcam) the entry had, except the one the change is about.
const CORPUS = path.join(AGENT_DIR, 'test', 'fixtures', 'corpus');

type Listed = {
  username: string;
  expiryDate: string | null;
  enabled: boolean;
  restrictions?: Record<string, unknown>;
  extra: Record<string, unknown>;
  entry: string;
  adoptable: boolean;
  problems: string[];
  fingerprint: string;
};

/** What the panel keeps of an adopted line: its login, restrictions and extra (the adopt answer's `user`). */
type Kept = {
  username: string;
  password: string;
  expiryDate: string;
  enabled: boolean;
  restrictions?: Record<string, unknown>;
  extra?: Record<string, unknown>;
};

async function listed(agent: RunningAgent): Promise<Listed[]> {
  const res = await agent.call('GET', '/unmanaged-accounts');
  expect(res.status).toBe(200);
  return res.body.accounts as Listed[];
}

async function adoptAll(agent: RunningAgent, expiryDate: string): Promise<Map<string, Kept>> {
  const accounts = await listed(agent);
  const res = await agent.call('POST', '/adopt', {
    accounts: accounts.map(({ username, fingerprint }) => ({ username, fingerprint, expiryDate })),
  });
  expect(res.status).toBe(200);
  expect(res.body.message).toBe(`${accounts.length} of ${accounts.length} accounts adopted`);
  return new Map((res.body.results as { user: Kept }[]).map(({ user }) => [user.username, user]));
}

// -- OSCam: an [account] section read the way OSCam reads it (oscam-config-account.c): each line
// trimmed, keys in lower case, the value after the first `=` trimmed; `#` lines are comments, the
// section's own up to its last key (the ones after it are about the next section).

type Section = { keys: Map<string, string>; comments: string[] };

function oscamSections(text: string): Map<string, Section> {
  const sections = new Map<string, Section>();
  let current: Section | null = null;
  let comments: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      current = line.toLowerCase() === '[account]' ? { keys: new Map(), comments: [] } : null;
      comments = [];
      continue;
    }
    if (!current || line === '') continue;
    if (line.startsWith('#')) {
      comments.push(line);
      continue;
    }
    const eq = line.indexOf('=');
    if (eq === -1) continue;
    current.comments.push(...comments);
    comments = [];
    const key = line.slice(0, eq).trim().toLowerCase();
    expect(current.keys.has(key), `${key} given twice`).toBe(false);
    current.keys.set(key, line.slice(eq + 1).trim());
    if (key === 'user') sections.set(line.slice(eq + 1).trim(), current);
  }
  return sections;
}

/** The managed block's text of a file. */
function block(text: string): string {
  const begin = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  expect(begin).toBeGreaterThanOrEqual(0);
  return text.slice(begin + BEGIN.length, end);
}

/**
 * Every key the original section had, with its value, except those in `changed` (which must have
 * the new value); the only keys it may add are `disabled` (written always) and `expdate` (when it
 * had no date), each with the value in `changed` or OSCam's default. Its comments are kept too.
 */
function expectOscamKept(original: Section, written: Section | undefined, changed: Record<string, string>) {
  expect(written, `${original.keys.get('user')} is written`).toBeDefined();
  const name = original.keys.get('user');
  for (const [key, value] of original.keys) {
    expect(written!.keys.get(key), `${name}: ${key}`).toBe(changed[key] ?? value);
  }
  for (const [key, value] of written!.keys) {
    if (original.keys.has(key)) continue;
    expect(['disabled', 'expdate'], `${name}: added ${key}`).toContain(key);
    expect(value, `${name}: ${key}`).toBe(changed[key] ?? (key === 'disabled' ? '0' : undefined));
  }
  expect(written!.comments, `${name}: comments`).toEqual(original.comments);
}

describe('a realistic oscam.user: adopted whole, and every change keeps every key', () => {
  let dir = '';
  let userFile = '';
  let agent: RunningAgent;
  let original: Map<string, Section>;
  let kept: Map<string, Kept>;
  // The values each entry has after the changes so far (expdate for those without one, then renewals …).
  const changed = new Map<string, Record<string, string>>();
  const changesOf = (name: string) => changed.get(name) ?? {};
  const expectAllKept = async (file: string, names = [...original.keys()]) => {
    const written = oscamSections(block(await readText(file)));
    for (const name of names) expectOscamKept(original.get(name)!, written.get(name), changesOf(name));
  };

  beforeAll(async () => {
    dir = await tempDir('corpus-oscam');
    userFile = path.join(dir, 'oscam.user');
    await copyFile(path.join(CORPUS, 'oscam.user'), userFile);
    original = oscamSections(await readText(userFile));
    agent = await startAgent({ env: baseEnv(userFile) });
  });

  afterAll(async () => {
    expect(await agent.stop()).toBe(0);
    await removeDir(dir);
  });

  it('lists every account as adoptable, with the entry it will write holding every key', async () => {
    const accounts = await listed(agent);
    expect(accounts.map((account) => account.username)).toEqual([...original.keys()]);
    for (const account of accounts) {
      expect(account, account.username).toMatchObject({ adoptable: true, problems: [] });
      // Without an expdate of its own the entry shows none yet (the adoption's date goes there).
      const own = original.get(account.username)!;
      const expected = own.keys.get('expdate')
        ? own
        : { ...own, keys: new Map([...own.keys].filter(([key]) => key !== 'expdate')) };
      expectOscamKept(expected, oscamSections(account.entry).get(account.username), {});
    }
    const byName = new Map(accounts.map((account) => [account.username, account]));
    // The account: its limits are restrictions the panel models.
    expect(byName.get('bruno')).toMatchObject({
      restrictions: {
        uniq: 3,
        max_connections: 2,
        caids: [{ caid: '0B00', idents: ['000000'] }],
        groups: [1],
      },
      extra: { oscam: ['# bruno pays yearly, in cash', 'description = Bruno (cash)'] },
    });
    expect(byName.get('anna')?.restrictions).toMatchObject({
      groups: [1, 2, 5],
      services: ['sky_de', 'sky_sport', '!adult'],
      allowed_timeframe: 'MON@06:00-23:00;SAT@08:00-24:00;SUN@08:00-24:00',
      au: 'sky_de_local',
    });
    expect(byName.get('tester')).toMatchObject({ enabled: false, restrictions: { groups: [] } });
    // Values the panel cannot model are kept as they are written.
    expect(byName.get('franz')?.extra).toEqual({
      oscam: [
        'group = 1, 3',
        'au = reader_a, reader_b',
        'services = sky_de, sky_sport',
        'emmreassembly = 2',
        'umaxidle = 600',
      ],
    });
  });

  it('adopts every account; the file outside the block keeps its comments', async () => {
    kept = await adoptAll(agent, '31-12-2027');
    for (const [name, section] of original) {
      if (!section.keys.get('expdate')) changed.set(name, { expdate: '2027-12-31' });
    }
    await expectAllKept(userFile);
    const outside = (await readText(userFile)).split(BEGIN)[0]!;
    expect(outside).toContain('# oscam.user of box1');
    expect(outside).toContain('# a test account without a group');
    expect(outside).toContain('# end of accounts');
    expect(outside).not.toContain('[account]');
    expect(kept.get('clara')?.expiryDate).toBe('31-12-2027');
  });

  it("keeps every key over a renewal, by edit-user and by the panel's add-user", async () => {
    for (const name of original.keys()) {
      const res = await agent.call('PUT', '/edit-user', { username: name, newExpiryDate: '30-06-2030' });
      expect(res.status, name).toBe(200);
      changed.set(name, { ...changesOf(name), expdate: '2030-06-30' });
    }
    await expectAllKept(userFile);
    // The panel's renew is add-user with everything it keeps of the line.
    for (const user of kept.values()) {
      const { restrictions, extra } = user;
      const res = await agent.call('POST', '/add-user', {
        username: user.username,
        password: user.password,
        expiryDate: '31-12-2030',
        ...(restrictions ? { restrictions } : {}),
        ...(extra ? { extra } : {}),
      });
      expect(res.status, user.username).toBe(200);
      expect(res.body.user.extra).toEqual(extra);
      changed.set(user.username, { ...changesOf(user.username), expdate: '2030-12-31' });
    }
    await expectAllKept(userFile);
  });

  it('keeps every key over disable, enable and a new password', async () => {
    const names = [...original.keys()];
    const off = await agent.call('POST', '/batch', {
      changes: names.map((username) => ({ action: 'edit-user', username, enabled: false })),
    });
    expect(off.body.results.every((result: { status: number }) => result.status === 200)).toBe(true);
    for (const name of names) changed.set(name, { ...changesOf(name), disabled: '1' });
    await expectAllKept(userFile);

    const on = await agent.call('POST', '/batch', {
      changes: names.map((username) => ({ action: 'edit-user', username, enabled: true })),
    });
    expect(on.body.results.every((result: { status: number }) => result.status === 200)).toBe(true);
    for (const name of names) changed.set(name, { ...changesOf(name), disabled: '0' });
    await expectAllKept(userFile);

    for (const name of names) {
      const res = await agent.call('PUT', '/edit-user', { username: name, newPassword: `${name}-new-pw` });
      expect(res.status).toBe(200);
      changed.set(name, { ...changesOf(name), pwd: `${name}-new-pw` });
    }
    await expectAllKept(userFile);
  });

  it('keeps what it holds over a restart', async () => {
    const before = await readText(userFile);
    const users = (await agent.call('GET', '/users')).body.users;
    expect(await agent.stop()).toBe(0);
    agent = await startAgent({ env: baseEnv(userFile) });
    expect(await readText(userFile)).toBe(before);
    expect((await agent.call('GET', '/users')).body.users).toEqual(users);
  });

  it('writes every key on a second server that gets the line by add-user (a move)', async () => {
    const target = path.join(dir, 'second', 'oscam.user');
    await mkdir(path.dirname(target));
    await writeFile(target, '# the second server\n');
    // Another default group there: the line's own groups travel with it.
    const second = await startAgent({ env: baseEnv(target, { AGENT_OSCAM_GROUP: '7' }) });
    try {
      const payload = (user: Kept) => ({
        username: user.username,
        password: `${user.username}-new-pw`,
        expiryDate: '31-12-2030',
        ...(user.restrictions ? { restrictions: user.restrictions } : {}),
        ...(user.extra ? { extra: user.extra } : {}),
      });
      const [first, ...rest] = [...kept.values()];
      expect((await second.call('POST', '/add-user', payload(first!))).status).toBe(200);
      const batch = await second.call('POST', '/batch', {
        changes: rest.map((user) => ({ action: 'add-user', ...payload(user) })),
      });
      expect(batch.body.message).toBe(`${rest.length} of ${rest.length} changes applied`);
      await expectAllKept(target);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});

// -- CCcam: an F-line's fields as CCcam reads them, split by white space.

function fFields(text: string): Map<string, string[]> {
  const lines = new Map<string, string[]>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*F:\s*(.*)$/.exec(line);
    if (!match) continue;
    const fields = (match[1] ?? '').trim().split(/\s+/);
    lines.set(fields[0]!, fields);
  }
  return lines;
}

describe('a realistic CCcam.cfg: adopted whole, and every change keeps every field', () => {
  let dir = '';
  let cfg = '';
  let agent: RunningAgent;
  let original: Map<string, string[]>;
  let kept: Map<string, Kept>;
  const passwords = new Map<string, string>();
  const expectAllKept = async (file: string, present = [...original.keys()]) => {
    const written = fFields(block(await readText(file)));
    expect([...written.keys()].sort()).toEqual([...present].sort());
    for (const name of present) {
      const fields = [...original.get(name)!];
      if (passwords.has(name)) fields[1] = passwords.get(name)!;
      expect(written.get(name), name).toEqual(fields);
    }
  };

  beforeAll(async () => {
    dir = await tempDir('corpus-cccam');
    cfg = path.join(dir, 'CCcam.cfg');
    await copyFile(path.join(CORPUS, 'CCcam.cfg'), cfg);
    original = fFields(await readText(cfg));
    agent = await startAgent({ env: baseEnv(cfg, { AGENT_BACKEND: 'cccam' }) });
  });

  afterAll(async () => {
    expect(await agent.stop()).toBe(0);
    await removeDir(dir);
  });

  it('lists every F-line as adoptable, with the line it will write', async () => {
    const accounts = await listed(agent);
    expect(accounts.map((account) => account.username)).toEqual([...original.keys()]);
    for (const account of accounts) {
      expect(account, account.username).toMatchObject({ adoptable: true, problems: [] });
      expect(fFields(account.entry).get(account.username)).toEqual(original.get(account.username));
    }
    const byName = new Map(accounts.map((account) => [account.username, account]));
    expect(byName.get('bruno')).toMatchObject({
      restrictions: { cccam_hops: 2, cccam_reshare: 1 },
      extra: { cccam: ' 2 1 1 { 0:0:1, 0500:000000:0 } { } { }' },
    });
    expect(byName.get('dario')).toMatchObject({ extra: { cccam: '' }, entry: 'F: dario dario-pw' });
    expect(byName.get('dario')).not.toHaveProperty('restrictions');
  });

  it('adopts every F-line; the rest of the file is untouched', async () => {
    kept = await adoptAll(agent, '31-12-2027');
    await expectAllKept(cfg);
    const outside = (await readText(cfg)).split(BEGIN)[0]!;
    expect(outside).toContain('C: upstream.example.net 12000 myuser mypass');
    expect(outside).toContain('#F: old old-pw 1 0 0 { 0:0:2 }');
    expect(fFields(outside).size).toBe(0);
  });

  it('keeps every field over a renewal, disable and enable, and a new password', async () => {
    const names = [...original.keys()];
    for (const user of kept.values()) {
      const { restrictions, extra } = user;
      const res = await agent.call('POST', '/add-user', {
        username: user.username,
        password: user.password,
        expiryDate: '31-12-2030',
        ...(restrictions ? { restrictions } : {}),
        ...(extra ? { extra } : {}),
      });
      expect(res.status, user.username).toBe(200);
    }
    await expectAllKept(cfg);

    // CCcam has no disabled flag: a disabled line leaves the file and comes back whole.
    await agent.call('PUT', '/edit-user', { username: 'anna', enabled: false });
    await agent.call('PUT', '/edit-user', { username: 'emil', enabled: false });
    await expectAllKept(
      cfg,
      names.filter((name) => name !== 'anna' && name !== 'emil'),
    );
    await agent.call('PUT', '/edit-user', { username: 'anna', enabled: true });
    await agent.call('PUT', '/edit-user', { username: 'emil', enabled: true });
    await expectAllKept(cfg);

    const res = await agent.call('POST', '/batch', {
      changes: names.map((username) => ({ action: 'edit-user', username, newPassword: `${username}-2` })),
    });
    expect(res.body.message).toBe(`${names.length} of ${names.length} changes applied`);
    for (const name of names) passwords.set(name, `${name}-2`);
    await expectAllKept(cfg);
  });

  it('writes every field on a second server with other defaults that gets the line by add-user', async () => {
    const target = path.join(dir, 'second', 'CCcam.cfg');
    await mkdir(path.dirname(target));
    await writeFile(target, 'SERVER LISTEN PORT : 12001\n');
    const second = await startAgent({
      env: baseEnv(target, {
        AGENT_BACKEND: 'cccam',
        AGENT_CCCAM_UPHOPS: '2',
        AGENT_CCCAM_SHAREEMUS: '1',
        AGENT_CCCAM_LINE_SUFFIX: '{ 0:0:1 } { } { }',
      }),
    });
    try {
      const [first, ...rest] = [...kept.values()];
      const payload = (user: Kept) => ({
        username: user.username,
        password: passwords.get(user.username),
        expiryDate: '31-12-2030',
        ...(user.restrictions ? { restrictions: user.restrictions } : {}),
        ...(user.extra ? { extra: user.extra } : {}),
      });
      expect((await second.call('POST', '/add-user', payload(first!))).status).toBe(200);
      const batch = await second.call('POST', '/batch', {
        changes: rest.map((user) => ({ action: 'add-user', ...payload(user) })),
      });
      expect(batch.body.message).toBe(`${rest.length} of ${rest.length} changes applied`);
      await expectAllKept(target);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});
