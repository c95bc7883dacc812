import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningAgent } from './agent-harness';
import { BEGIN, END, baseEnv, readText, removeDir, startAgent, tempDir } from './agent-harness';

const PLAN = {
  max_connections: 2,
  uniq: 3,
  caids: [
    { caid: '0500', idents: ['021110', '000000'] },
    { caid: '098C', idents: [] },
  ],
  cccam_hops: 1,
  cccam_reshare: 0,
  allowed_protocols: ['cccam', 'newcamd'],
};

function block(...lines: string[]): string {
  return `${[BEGIN, ...lines, END].join('\n')}\n`;
}

describe('line restrictions in oscam.user', () => {
  let dir: string;
  let userFile: string;
  let agent: RunningAgent;

  beforeAll(async () => {
    dir = await tempDir('restrictions-oscam');
    userFile = path.join(dir, 'oscam.user');
    await writeFile(userFile, '');
    agent = await startAgent({ env: baseEnv(userFile) });
  });
  afterAll(async () => {
    expect(await agent.stop()).toBe(0);
    await removeDir(dir);
  });

  it("reports that it writes restrictions, entries' own settings and the OSCam package keys", async () => {
    const res = await agent.call('GET', '/');
    expect(res.body.capabilities).toEqual(['restrictions', 'entry-extra', 'packages']);
    // The group a line without groups gets, so the panel can preview an imported row's entry.
    expect(res.body.defaults).toEqual({ oscam: { group: expect.stringMatching(/^\d+(,\d+)*$/) } });
  });

  it('writes a line without restrictions exactly as before, and the plan keys after disabled', async () => {
    await agent.addUser('plain', 'pw1', '31-12-2099');
    const added = await agent.call('POST', '/add-user', {
      username: 'limited',
      password: 'pw2',
      expiryDate: '31-12-2099',
      restrictions: PLAN,
    });
    expect(added.status).toBe(200);
    expect(added.body.user.restrictions).toEqual(PLAN);
    expect(await readText(userFile)).toBe(
      block(
        '[account]',
        'user = plain',
        'pwd = pw1',
        'group = 1',
        'expdate = 2099-12-31',
        'disabled = 0',
        '',
        '[account]',
        'user = limited',
        'pwd = pw2',
        'group = 1',
        'expdate = 2099-12-31',
        'disabled = 0',
        'max_connections = 2',
        'uniq = 3',
        'caid = 0500,098C',
        'ident = 0500:021110,000000',
        'cccmaxhops = 1',
        'cccreshare = 0',
        'allowedprotocols = cccam,newcamd',
      ),
    );
    const users = await agent.call('GET', '/users');
    expect(users.body.users[0]).toEqual({ username: 'plain', expiryDate: '31-12-2099', enabled: true });
  });

  it('keeps restrictions over edits, drops them when the panel sends none, and across a restart', async () => {
    await agent.call('PUT', '/edit-user', { username: 'limited', enabled: false });
    expect(await readText(userFile)).toContain('disabled = 1\nmax_connections = 2\n');
    const same = await agent.call('POST', '/add-user', {
      username: 'limited',
      password: 'pw2',
      expiryDate: '31-12-2099',
      restrictions: PLAN,
    });
    expect(same.body.message).toBe('User already exists with the same data; nothing changed');

    await agent.stop();
    agent = await startAgent({ env: baseEnv(userFile, { AGENT_PORT: String(agent.port) }) });
    expect(await readText(userFile)).toContain('uniq = 3\n');

    const lifted = await agent.addUser('limited', 'pw2', '31-12-2099');
    expect(lifted.body.message).toBe('User already existed and was updated');
    expect(lifted.body.user.restrictions).toBeUndefined();
    expect(await readText(userFile)).not.toContain('uniq');
  });

  it('refuses restrictions it cannot write instead of ignoring them', async () => {
    const cases: [unknown, string][] = [
      [{ uniq: 7 }, 'uniq must be 0 to 4'],
      [
        { caids: [{ caid: '05001', idents: [] }] },
        'Each CAID must be 4 hex digits (upper case) with idents of 6',
      ],
      [{ allowed_protocols: ['telnet'] }, 'allowed_protocols must list some of'],
      [{ betacrypt_only: true }, 'Unknown restriction: betacrypt_only'],
    ];
    for (const [restrictions, message] of cases) {
      const res = await agent.call('POST', '/add-user', {
        username: 'refused',
        password: 'pw',
        expiryDate: '31-12-2099',
        restrictions,
      });
      expect(res.status, JSON.stringify(restrictions)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await readText(userFile)).not.toContain('refused');
  });
});

describe('line restrictions in CCcam.cfg', () => {
  let dir: string;
  let cfg: string;
  let agent: RunningAgent;

  beforeAll(async () => {
    dir = await tempDir('restrictions-cccam');
    cfg = path.join(dir, 'CCcam.cfg');
    await writeFile(cfg, '');
    agent = await startAgent({ env: baseEnv(cfg) });
  });
  afterAll(async () => {
    expect(await agent.stop()).toBe(0);
    await removeDir(dir);
  });

  it('writes hops as uphops and reshare as the { 0:0:N } limit; a plain line as before', async () => {
    await agent.addUser('plain', 'pw1', '31-12-2099');
    const res = await agent.call('POST', '/batch', {
      changes: [
        {
          action: 'add-user',
          username: 'hops',
          password: 'pw2',
          expiryDate: '31-12-2099',
          restrictions: { cccam_hops: 2, cccam_reshare: 1, uniq: 1 },
        },
        {
          action: 'add-user',
          username: 'hopsonly',
          password: 'pw3',
          expiryDate: '31-12-2099',
          restrictions: { cccam_hops: 0 },
        },
      ],
    });
    expect(res.body.results.map((r: { status: number }) => r.status)).toEqual([200, 200]);
    expect(await readText(cfg)).toBe(
      block('F: plain pw1 1 0 0 { 0:0:2 }', 'F: hops pw2 2 0 0 { 0:0:1 }', 'F: hopsonly pw3 0 0 0 { 0:0:2 }'),
    );
  });

  it('refuses a reshare limit when the configured suffix starts with other limits', async () => {
    const other = path.join(dir, 'other', 'CCcam.cfg');
    await mkdir(path.dirname(other));
    await writeFile(other, '');
    const strict = await startAgent({ env: baseEnv(other, { AGENT_CCCAM_LINE_SUFFIX: '{ 0100:000080 }' }) });
    try {
      const res = await strict.call('POST', '/add-user', {
        username: 'reshare',
        password: 'pw',
        expiryDate: '31-12-2099',
        restrictions: { cccam_reshare: 0 },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('AGENT_CCCAM_LINE_SUFFIX starts with its own { } limits');
      const hops = await strict.call('POST', '/add-user', {
        username: 'hops',
        password: 'pw',
        expiryDate: '31-12-2099',
        restrictions: { cccam_hops: 3 },
      });
      expect(hops.status).toBe(200);
      expect(await readText(other)).toBe(block('F: hops pw 3 0 0 { 0100:000080 }'));
    } finally {
      expect(await strict.stop()).toBe(0);
    }
  });

  it('refuses CAID restrictions, which a CCcam F-line cannot allow-list', async () => {
    const res = await agent.call('POST', '/add-user', {
      username: 'caids',
      password: 'pw',
      expiryDate: '31-12-2099',
      restrictions: { caids: [{ caid: '0500', idents: [] }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'CCcam cannot restrict a line to some CAIDs; put lines with CAID restrictions on an OSCam server',
    );
    expect(await readText(cfg)).not.toContain('caids');
  });
});
