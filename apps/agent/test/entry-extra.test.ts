import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningAgent } from './agent-harness';
import { BEGIN, END, baseEnv, readText, removeDir, startAgent, tempDir } from './agent-harness';
import { cccamAgentFixture } from './cccam-agent-fixture';

const HAND_WRITTEN = [
  '# kept by hand',
  '[account]',
  'user = handuser',
  'pwd = handpass',
  'group = 2',
  '',
].join('\n');

function managed(text: string): string[] {
  return text.slice(text.indexOf(BEGIN) + BEGIN.length + 1, text.indexOf(END) - 1).split('\n');
}

describe("an OSCam line's package keys and own settings (extra)", () => {
  let dir: string;
  let userFile: string;
  let agent: RunningAgent;

  beforeAll(async () => {
    dir = await tempDir('extra-oscam');
    userFile = path.join(dir, 'oscam.user');
    await writeFile(userFile, HAND_WRITTEN);
    agent = await startAgent({ env: baseEnv(userFile) });
  });
  afterAll(async () => {
    expect(await agent.stop()).toBe(0);
    await removeDir(dir);
  });

  it('writes groups, services, allowedtimeframe and au, and an empty group list as no group line', async () => {
    const packaged = await agent.call('POST', '/add-user', {
      username: 'pkg',
      password: 'pw1',
      expiryDate: '31-12-2099',
      restrictions: {
        uniq: 1,
        groups: [2, 5],
        services: ['sky_de', '!adult'],
        allowed_timeframe: 'MON@08:00-20:00;SUN@10:00-24:00',
        au: 'reader_sky',
      },
    });
    expect(packaged.status).toBe(200);
    const none = await agent.call('POST', '/add-user', {
      username: 'nogroup',
      password: 'pw2',
      expiryDate: '31-12-2099',
      restrictions: { groups: [] },
    });
    expect(none.body.user).toEqual({
      username: 'nogroup',
      expiryDate: '31-12-2099',
      enabled: true,
      restrictions: { groups: [] },
    });
    expect(managed(await readText(userFile))).toEqual([
      '[account]',
      'user = pkg',
      'pwd = pw1',
      'group = 2,5',
      'expdate = 2099-12-31',
      'disabled = 0',
      'uniq = 1',
      'services = sky_de,!adult',
      'allowedtimeframe = MON@08:00-20:00;SUN@10:00-24:00',
      'au = reader_sky',
      '',
      '[account]',
      'user = nogroup',
      'pwd = pw2',
      'expdate = 2099-12-31',
      'disabled = 0',
    ]);
  });

  it('writes extra lines as they are, after the keys; an extra key wins over the same restriction', async () => {
    const extra = {
      oscam: ['description = Anna (reseller Marek)', '# paid in cash', 'group = 3', 'uniq = 0', 'sleep = 30'],
    };
    const res = await agent.call('POST', '/add-user', {
      username: 'anna',
      password: 'pw3',
      expiryDate: '31-12-2099',
      restrictions: { uniq: 3, max_connections: 2, groups: [1] },
      extra,
    });
    expect(res.status).toBe(200);
    expect(res.body.user.extra).toEqual(extra);
    const text = await readText(userFile);
    const anna = managed(text).slice(managed(text).indexOf('user = anna') - 1);
    expect(anna).toEqual([
      '[account]',
      'user = anna',
      'pwd = pw3',
      'expdate = 2099-12-31',
      'disabled = 0',
      'max_connections = 2',
      ...extra.oscam,
    ]);
    // An edit keeps the extra; add-user without it ("make it so") leaves the line without.
    await agent.call('PUT', '/edit-user', { username: 'anna', newExpiryDate: '01-01-2099' });
    expect(await readText(userFile)).toContain('expdate = 2099-01-01\ndisabled = 0\nmax_connections = 2\n');
    expect((await agent.call('GET', '/users')).body.users[2].extra).toEqual(extra);
    const bare = await agent.addUser('anna', 'pw3', '01-01-2099');
    expect(bare.body.user).not.toHaveProperty('extra');
    expect(await readText(userFile)).not.toContain('description');
  });

  it('refuses package keys and extra it cannot write safely', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ restrictions: { groups: [65] } }, 'groups must list different group numbers from 1 to 64'],
      [{ restrictions: { allowed_timeframe: 'MON,TUE@08:00-20:00' } }, 'allowed_timeframe must be OSCam'],
      [{ restrictions: { services: ['sky de'] } }, 'services must list'],
      [{ restrictions: { au: 'a, b' } }, 'au must be 1'],
      [{ extra: { oscam: ['[reader]'] } }, 'must not hold a section header'],
      [{ extra: { oscam: ['# END linedesk-agent managed entries'] } }, 'agent marker'],
      [{ extra: { oscam: ['pwd = other'] } }, 'extra.oscam must not set pwd'],
      [{ extra: { oscam: ['sleep = 1\nuser = x'] } }, 'one line'],
      [{ extra: { cccam: ' 1 0 0' } }, 'extra must be { "oscam": … } on an OSCam server'],
    ];
    for (const [fields, message] of cases) {
      const res = await agent.call('POST', '/add-user', {
        username: 'refused',
        password: 'pw',
        expiryDate: '31-12-2099',
        ...fields,
      });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await readText(userFile)).not.toContain('refused');
  });

  it('still refuses to add, change or delete a name a hand-written entry has', async () => {
    const add = await agent.addUser('handuser', 'x', '31-12-2099');
    expect(add.status).toBe(409);
    expect(add.body.message).toBe(
      'User "handuser" already exists in oscam.user as a hand-written entry that the agent does not manage',
    );
    const edit = await agent.call('PUT', '/edit-user', { username: 'handuser', newPassword: 'y' });
    expect(edit.status).toBe(409);
    const remove = await agent.call('DELETE', '/delete-user', { username: 'handuser' });
    expect(remove.status).toBe(409);
    expect(await readText(userFile)).toContain(HAND_WRITTEN);
  });
});

describe("a CCcam line's own fields (extra)", () => {
  const suite = cccamAgentFixture('extra-cccam', 'SERVER LISTEN PORT : 12000\n');

  it('writes the fields after the password as they are, with a plan hops and reshare in place', async () => {
    const res = await suite.agent.call('POST', '/add-user', {
      username: 'gina',
      password: 'g1na',
      expiryDate: '31-12-2099',
      restrictions: { cccam_hops: 2, cccam_reshare: 0 },
      extra: { cccam: ' 3 0 1 { 0:0:2 } { 1833:000000:0001 } { 00:00-24:00 } host.example # fixed' },
    });
    expect(res.status).toBe(200);
    const bare = await suite.agent.call('POST', '/add-user', {
      username: 'dario',
      password: 'd4rio',
      expiryDate: '31-12-2099',
      extra: { cccam: '' },
    });
    expect(bare.body.user.extra).toEqual({ cccam: '' });
    expect(managed(await readText(suite.cfg))).toEqual([
      'F: gina g1na 2 0 1 { 0:0:0 } { 1833:000000:0001 } { 00:00-24:00 } host.example # fixed',
      'F: dario d4rio',
    ]);
  });

  it('refuses the OSCam-only keys and extra that would break the line', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ restrictions: { groups: [1] } }, 'CCcam has no groups'],
      [{ restrictions: { services: ['sky'], au: '1' } }, 'CCcam has no services, au'],
      [{ restrictions: { allowed_timeframe: '08:00-20:00' } }, 'CCcam has no allowed_timeframe'],
      [{ extra: { cccam: '1 0 0' } }, 'extra.cccam must be empty or start with a space'],
      [{ extra: { cccam: ' 1 0 0\nF: other pw' } }, 'extra.cccam must be one line'],
      [{ extra: { oscam: [] } }, 'extra must be { "cccam": … } on a CCcam server'],
    ];
    for (const [fields, message] of cases) {
      const res = await suite.agent.call('POST', '/add-user', {
        username: 'refused',
        password: 'pw',
        expiryDate: '31-12-2099',
        ...fields,
      });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await readText(suite.cfg)).not.toContain('refused');
  });
});
