import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BEGIN,
  END,
  baseEnv,
  readText,
  removeDir,
  startAgent,
  tempDir,
  type RunningAgent,
} from './agent-harness';
import { cccamAgentFixture } from './cccam-agent-fixture';
import { WEBIF_LOGIN, startStandInOscam, type StandInOscam } from './stand-in-servers';

type Listed = {
  username: string;
  passwordSet: boolean;
  expiryDate: string | null;
  enabled: boolean;
  restrictions?: Record<string, unknown>;
  extra: Record<string, unknown>;
  entry: string;
  adoptable: boolean;
  problems: string[];
  fingerprint: string;
};

async function listed(agent: RunningAgent): Promise<Map<string, Listed>> {
  const res = await agent.call('GET', '/unmanaged-accounts');
  expect(res.status).toBe(200);
  return new Map((res.body.accounts as Listed[]).map((account) => [account.username, account]));
}

function fingerprint(accounts: Map<string, Listed>, username: string): string {
  const account = accounts.get(username);
  if (!account) throw new Error(`${username} is not listed`);
  return account.fingerprint;
}

const CCCAM = [
  '# CCcam.cfg maintained by hand',
  'SERVER LISTEN PORT : 12000',
  '',
  '# friends',
  'F: plain plain-pw 1 0 0 { 0:0:2 }',
  'F:   spaced   spaced-pw   1 0 0 {0:0:2}',
  'F: hopper hopper-pw 3 0 0 { 0:0:1 }',
  'F: emus emus-pw 1 1 1 { 0:0:2 }',
  'F: nopass',
  '#F: commented commented-pw 1 0 0',
  'C: upstream.example.com 12000 myuser mypass',
  'F: later later-pw 1 0 0 { 0:0:2 }',
  '',
].join('\n');

describe('adopting hand-written F-lines of CCcam.cfg', () => {
  const suite = cccamAgentFixture('adopt-cccam', CCCAM);

  it('lists the accounts outside the managed block with what it understands of them', async () => {
    const accounts = await listed(suite.agent);
    expect([...accounts.keys()]).toEqual(['plain', 'spaced', 'hopper', 'emus', 'nopass', 'later']);
    expect(accounts.get('plain')).toMatchObject({
      passwordSet: true,
      expiryDate: null,
      enabled: true,
      restrictions: { cccam_hops: 1, cccam_reshare: 2 },
      extra: { cccam: ' 1 0 0 { 0:0:2 }' },
      entry: 'F: plain plain-pw 1 0 0 { 0:0:2 }',
      adoptable: true,
      problems: [],
    });
    expect(accounts.get('spaced')).toMatchObject({
      adoptable: true,
      entry: 'F: spaced spaced-pw   1 0 0 {0:0:2}',
    });
    expect(accounts.get('hopper')).toMatchObject({
      adoptable: true,
      restrictions: { cccam_hops: 3, cccam_reshare: 1 },
    });
    // Other emu and EMM flags than the agent's defaults are the line's own: kept as they are.
    expect(accounts.get('emus')).toMatchObject({
      adoptable: true,
      extra: { cccam: ' 1 1 1 { 0:0:2 }' },
      entry: 'F: emus emus-pw 1 1 1 { 0:0:2 }',
    });
    expect(accounts.get('nopass')).toMatchObject({ passwordSet: false, adoptable: false });
    expect(accounts.get('nopass')?.problems).toContain('No password is set');
    expect(accounts.get('plain')?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('moves adopted entries into the block with the same login, every other byte unchanged', async () => {
    const accounts = await listed(suite.agent);
    const res = await suite.agent.call('POST', '/adopt', {
      accounts: ['plain', 'hopper', 'later'].map((username) => ({
        username,
        fingerprint: fingerprint(accounts, username),
        expiryDate: '31-12-2099',
      })),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('3 of 3 accounts adopted');
    expect(res.body.results[1]).toEqual({
      username: 'hopper',
      status: 200,
      adopted: true,
      message: 'Account adopted',
      user: {
        username: 'hopper',
        password: 'hopper-pw',
        expiryDate: '31-12-2099',
        enabled: true,
        restrictions: { cccam_hops: 3, cccam_reshare: 1 },
        extra: { cccam: ' 3 0 0 { 0:0:1 }' },
      },
    });
    expect(await readText(suite.cfg)).toBe(
      [
        '# CCcam.cfg maintained by hand',
        'SERVER LISTEN PORT : 12000',
        '',
        '# friends',
        'F:   spaced   spaced-pw   1 0 0 {0:0:2}',
        'F: emus emus-pw 1 1 1 { 0:0:2 }',
        'F: nopass',
        '#F: commented commented-pw 1 0 0',
        'C: upstream.example.com 12000 myuser mypass',
        '',
        BEGIN,
        'F: plain plain-pw 1 0 0 { 0:0:2 }',
        'F: hopper hopper-pw 3 0 0 { 0:0:1 }',
        'F: later later-pw 1 0 0 { 0:0:2 }',
        END,
        '',
      ].join('\n'),
    );
    const users = await suite.agent.call('GET', '/users');
    expect(users.body.users.map((user: { username: string }) => user.username)).toEqual([
      'plain',
      'hopper',
      'later',
    ]);
    expect([...(await listed(suite.agent)).keys()]).toEqual(['spaced', 'emus', 'nopass']);
  });

  it('answers a rerun as a no-op and leaves the file alone', async () => {
    const before = await readText(suite.cfg);
    const res = await suite.agent.call('POST', '/adopt', {
      accounts: [{ username: 'plain', fingerprint: 'a'.repeat(64), expiryDate: '31-12-2099' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('0 of 1 accounts adopted');
    expect(res.body.results[0]).toMatchObject({ status: 200, adopted: false });
    expect(res.body.reload).toEqual({ status: 'not-needed' });
    expect(await readText(suite.cfg)).toBe(before);
  });

  it('refuses an entry changed since the list, one without a password, one without a date and an unknown name', async () => {
    const accounts = await listed(suite.agent);
    const text = await readText(suite.cfg);
    await writeFile(suite.cfg, text.replace('spaced-pw', 'spaced-new'));
    const res = await suite.agent.call('POST', '/adopt', {
      accounts: [
        { username: 'spaced', fingerprint: fingerprint(accounts, 'spaced'), expiryDate: '31-12-2099' },
        { username: 'nopass', fingerprint: fingerprint(accounts, 'nopass'), expiryDate: '31-12-2099' },
        { username: 'ghost', fingerprint: 'b'.repeat(64), expiryDate: '31-12-2099' },
      ],
    });
    expect(
      res.body.results.map((result: { status: number; code: string }) => [result.status, result.code]),
    ).toEqual([
      [409, 'ACCOUNT_CHANGED'],
      [409, 'ACCOUNT_NOT_ADOPTABLE'],
      [404, 'ACCOUNT_NOT_FOUND'],
    ]);
    expect(await readText(suite.cfg)).toBe(text.replace('spaced-pw', 'spaced-new'));

    const fresh = await listed(suite.agent);
    const noDate = await suite.agent.call('POST', '/adopt', {
      accounts: [{ username: 'spaced', fingerprint: fingerprint(fresh, 'spaced') }],
    });
    expect(noDate.body.results[0]).toMatchObject({ status: 400, code: 'EXPIRY_DATE_REQUIRED' });
  });

  it('refuses a malformed request as a whole', async () => {
    for (const body of [
      {},
      { accounts: [] },
      { accounts: [{ username: 'spaced' }] },
      { accounts: [{ username: 'spaced', fingerprint: 'c'.repeat(64), expiryDate: '2099-12-31' }] },
    ]) {
      expect((await suite.agent.call('POST', '/adopt', body)).status).toBe(400);
    }
  });
});

const OSCAM = [
  '# oscam.user written by hand',
  '[account]',
  'user = alice',
  'pwd = alice-pw',
  'group = 1',
  'expdate = 2099-06-30',
  'max_connections = 2',
  'caid = 0500,1830',
  'ident = 0500:000000,021110',
  '',
  '# test account, keep disabled',
  '[account]',
  'user                          = tester',
  'pwd                           = testpw',
  'group                         = 1',
  'disabled                      = 1',
  '',
  '[account]',
  'user = reader',
  'pwd = reader-pw',
  'group = 2',
  'au = 1',
  '',
  '[account]',
  'user = nopass',
  'group = 1',
].join('\n');

describe('adopting hand-written [account] sections of oscam.user', () => {
  let dir = '';
  let userFile = '';
  let agent: RunningAgent;

  beforeAll(async () => {
    dir = await tempDir('adopt-oscam');
    userFile = path.join(dir, 'oscam.user');
    await writeFile(userFile, OSCAM);
    agent = await startAgent({ env: baseEnv(userFile) });
  });

  afterAll(async () => {
    expect(await agent.stop()).toBe(0);
    await removeDir(dir);
  });

  it('lists each account with its expdate, disabled flag and restrictions', async () => {
    const accounts = await listed(agent);
    expect([...accounts.keys()]).toEqual(['alice', 'tester', 'reader', 'nopass']);
    expect(accounts.get('alice')).toMatchObject({
      passwordSet: true,
      expiryDate: '30-06-2099',
      enabled: true,
      adoptable: true,
      restrictions: {
        max_connections: 2,
        caids: [
          { caid: '0500', idents: ['000000', '021110'] },
          { caid: '1830', idents: [] },
        ],
        groups: [1],
      },
      extra: { oscam: [] },
    });
    expect(accounts.get('tester')).toMatchObject({ expiryDate: null, enabled: false, adoptable: true });
    // Without an expdate yet: the date sent with the adoption goes there.
    expect(accounts.get('tester')?.entry).toBe(
      ['[account]', 'user = tester', 'pwd = testpw', 'group = 1', 'disabled = 1'].join('\n'),
    );
    // Another group than the agent's and an AU reader are the account's own: kept.
    expect(accounts.get('reader')).toMatchObject({
      adoptable: true,
      restrictions: { groups: [2], au: '1' },
      problems: [],
    });
    expect(accounts.get('nopass')).toMatchObject({ passwordSet: false, adoptable: false });
  });

  it('adopts with the same login and keeps every byte outside the moved sections', async () => {
    const accounts = await listed(agent);
    const res = await agent.call('POST', '/adopt', {
      accounts: [
        // alice's own expdate wins over a date sent along: her login must not change.
        { username: 'alice', fingerprint: fingerprint(accounts, 'alice'), expiryDate: '01-01-2098' },
        { username: 'tester', fingerprint: fingerprint(accounts, 'tester'), expiryDate: '31-12-2099' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((result: { user: unknown }) => result.user)).toEqual([
      {
        username: 'alice',
        password: 'alice-pw',
        expiryDate: '30-06-2099',
        enabled: true,
        restrictions: {
          max_connections: 2,
          caids: [
            { caid: '0500', idents: ['000000', '021110'] },
            { caid: '1830', idents: [] },
          ],
          groups: [1],
        },
      },
      {
        username: 'tester',
        password: 'testpw',
        expiryDate: '31-12-2099',
        enabled: false,
        restrictions: { groups: [1] },
      },
    ]);
    expect(await readText(userFile)).toBe(
      [
        '# oscam.user written by hand',
        '',
        '# test account, keep disabled',
        '',
        '[account]',
        'user = reader',
        'pwd = reader-pw',
        'group = 2',
        'au = 1',
        '',
        '[account]',
        'user = nopass',
        'group = 1',
        '',
        BEGIN,
        '[account]',
        'user = alice',
        'pwd = alice-pw',
        'group = 1',
        'expdate = 2099-06-30',
        'disabled = 0',
        'max_connections = 2',
        'caid = 0500,1830',
        'ident = 0500:000000,021110',
        '',
        '[account]',
        'user = tester',
        'pwd = testpw',
        'group = 1',
        'expdate = 2099-12-31',
        'disabled = 1',
        END,
        '',
      ].join('\n'),
    );
  });

  it('answers a rerun as a no-op', async () => {
    const before = await readText(userFile);
    const res = await agent.call('POST', '/adopt', {
      accounts: [{ username: 'alice', fingerprint: 'd'.repeat(64) }],
    });
    expect(res.body.results[0]).toMatchObject({ status: 200, adopted: false });
    expect(await readText(userFile)).toBe(before);
  });

  it('refuses a section edited since it was listed', async () => {
    const accounts = await listed(agent);
    await writeFile(
      userFile,
      (await readText(userFile)).replace('user = nopass', 'user = nopass\npwd = set-now'),
    );
    const res = await agent.call('POST', '/adopt', {
      accounts: [
        { username: 'nopass', fingerprint: fingerprint(accounts, 'nopass'), expiryDate: '31-12-2099' },
      ],
    });
    expect(res.body.results[0]).toMatchObject({ status: 409, code: 'ACCOUNT_CHANGED' });
    expect((await listed(agent)).get('nopass')).toMatchObject({ passwordSet: true, adoptable: true });
  });
});

describe('a customer logged in through an adoption (OSCam stand-in reloading over its webif)', () => {
  let dir = '';
  let userFile = '';
  let oscam: StandInOscam;
  let agent: RunningAgent;

  beforeAll(async () => {
    dir = await tempDir('adopt-webif');
    userFile = path.join(dir, 'oscam.user');
    await writeFile(userFile, '[account]\nuser = carol\npwd = carol-pw\ngroup = 1\nexpdate = 2099-01-31\n');
    oscam = await startStandInOscam(userFile);
    agent = await startAgent({
      env: baseEnv(userFile, {
        AGENT_OSCAM_WEBIF_URL: oscam.url,
        AGENT_OSCAM_WEBIF_USER: WEBIF_LOGIN.username,
        AGENT_OSCAM_WEBIF_PASSWORD: WEBIF_LOGIN.password,
      }),
    });
  });

  afterAll(async () => {
    expect(await agent.stop()).toBe(0);
    await oscam.close();
    await removeDir(dir);
  });

  it('keeps the login accepted by the reloaded server', async () => {
    expect(oscam.acceptsLogin('carol', 'carol-pw')).toBe(true);
    const accounts = await listed(agent);
    const res = await agent.call('POST', '/adopt', {
      accounts: [{ username: 'carol', fingerprint: fingerprint(accounts, 'carol') }],
    });
    expect(res.body.results[0]).toMatchObject({ status: 200, adopted: true });
    expect(res.body.reload).toEqual({ status: 'ok' });
    expect(oscam.requests.some((request) => request.includes('reinit'))).toBe(true);
    expect(oscam.acceptsLogin('carol', 'carol-pw')).toBe(true);
    expect((await agent.call('GET', '/users')).body.users).toEqual([
      { username: 'carol', expiryDate: '31-01-2099', enabled: true, restrictions: { groups: [1] } },
    ]);
  });
});
