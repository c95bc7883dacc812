import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningAgent } from './agent-harness';
import { BEGIN, END, baseEnv, readText, removeDir, startAgent, tempDir, waitFor } from './agent-harness';

const HAND_WRITTEN = [
  '# oscam.user written by hand',
  '[account]',
  'user = handuser',
  'pwd = handpass',
  'group = 2',
  'au = 1',
  '',
  '# test account, keep disabled',
  '[account]',
  'user                          = tester',
  'pwd                           = testpw',
  'group                         = 1',
  'disabled                      = 1',
].join('\n');

function account(user: string, pwd: string, expdate: string, disabled: 0 | 1): string[] {
  return [
    '[account]',
    `user = ${user}`,
    `pwd = ${pwd}`,
    'group = 1',
    `expdate = ${expdate}`,
    `disabled = ${disabled}`,
  ];
}

function withBlock(...accounts: string[][]): string {
  const lines = accounts.flatMap((lines, index) => (index > 0 ? ['', ...lines] : lines));
  // The hand-written part had no final newline; the agent only adds one (and a blank separator).
  return `${HAND_WRITTEN}\n\n${[BEGIN, ...lines, END].join('\n')}\n`;
}

describe('oscam backend: [account] sections in oscam.user through the HTTP API', () => {
  let dir: string;
  let userFile: string;
  let hupLog: string;
  let fakeOscam: ChildProcess;
  let agent: RunningAgent;

  const hups = async () => (await readText(hupLog).catch(() => '')).split('\n').filter(Boolean).length;
  // Waits until the stand-in has counted `total` reloads. Every change waits for its own: a signal
  // still on its way when the next test reads the count arrives after it (a run at load ~19 saw one
  // land during "does not reload"), and two sent before the stand-in handles the first are one.
  const reloads = (total: number) => waitFor(async () => (await hups()) === total);

  beforeAll(async () => {
    dir = await tempDir('oscam');
    userFile = path.join(dir, 'oscam.user');
    hupLog = path.join(dir, 'hup.log');
    await writeFile(userFile, HAND_WRITTEN);

    // Stands in for OSCam: records every SIGHUP it receives.
    fakeOscam = spawn(
      process.execPath,
      [
        '-e',
        `process.on('SIGHUP', () => require('fs').appendFileSync(${JSON.stringify(hupLog)}, 'HUP\\n'));
         setInterval(() => {}, 1000); console.log('ready');`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => fakeOscam.stdout?.once('data', () => resolve()));
    await writeFile(path.join(dir, 'oscam.pid'), `${fakeOscam.pid}\n`);
    // Without it OSCam ignores SIGHUP for accounts, and the agent refuses to start in SIGHUP mode.
    await writeFile(path.join(dir, 'oscam.conf'), '[global]\nlogfile = stdout\nreload_useraccounts = 1\n');

    // No AGENT_BACKEND: it is inferred from the file name.
    agent = await startAgent({ env: baseEnv(userFile, { AGENT_PID_FILE: path.join(dir, 'oscam.pid') }) });
  });

  afterAll(async () => {
    expect(await agent.stop()).toBe(0);
    fakeOscam.kill('SIGKILL');
    await removeDir(dir);
  });

  const file = () => readText(userFile);

  it('reports the backend and leaves the file alone at start-up', async () => {
    const res = await agent.call('GET', '/');
    expect(res.body.backend).toBe('oscam');
    expect(await file()).toBe(HAND_WRITTEN);
    expect(await hups()).toBe(0);
  });

  it('creates accounts and sends SIGHUP to the pid in the pid file', async () => {
    const res = await agent.addUser('alice', 'alice-pw1', '31-12-2099');
    expect(res.status).toBe(200);
    expect(res.body.reload).toEqual({ status: 'ok' });
    expect(await file()).toBe(withBlock(account('alice', 'alice-pw1', '2099-12-31', 0)));
    await reloads(1);

    await agent.addUser('bob', 'bob-pw', '30-06-2098');
    expect(await file()).toBe(
      withBlock(account('alice', 'alice-pw1', '2099-12-31', 0), account('bob', 'bob-pw', '2098-06-30', 0)),
    );
    await reloads(2);
  });

  it('edits password and expiry date', async () => {
    await agent.call('PUT', '/edit-user', { username: 'alice', newPassword: 'alice-pw2' });
    expect(await file()).toBe(
      withBlock(account('alice', 'alice-pw2', '2099-12-31', 0), account('bob', 'bob-pw', '2098-06-30', 0)),
    );
    await reloads(3);
    const res = await agent.call('PUT', '/edit-user', {
      username: 'alice',
      newPassword: 'alice-pw3',
      newExpiryDate: '15-01-2099',
    });
    expect(res.status).toBe(200);
    expect(await file()).toBe(
      withBlock(account('alice', 'alice-pw3', '2099-01-15', 0), account('bob', 'bob-pw', '2098-06-30', 0)),
    );
    await reloads(4);
  });

  it('disables and enables with the disabled key, keeping the section', async () => {
    await agent.call('PUT', '/edit-user', { username: 'bob', enabled: false });
    expect(await file()).toBe(
      withBlock(account('alice', 'alice-pw3', '2099-01-15', 0), account('bob', 'bob-pw', '2098-06-30', 1)),
    );
    await reloads(5);
    await agent.call('PUT', '/edit-user', { username: 'bob', enabled: true });
    expect(await file()).toBe(
      withBlock(account('alice', 'alice-pw3', '2099-01-15', 0), account('bob', 'bob-pw', '2098-06-30', 0)),
    );
    await reloads(6);
  });

  it('writes an expired account disabled as well (an expired OSCam login still connects) and re-enables it on renewal', async () => {
    await agent.call('PUT', '/edit-user', { username: 'bob', newExpiryDate: '01-01-2020' });
    expect(await file()).toBe(
      withBlock(account('alice', 'alice-pw3', '2099-01-15', 0), account('bob', 'bob-pw', '2020-01-01', 1)),
    );
    await reloads(7);
    // Still enabled as far as the panel is concerned: only the date keeps it out.
    expect((await agent.call('GET', '/users')).body.users[1]).toEqual({
      username: 'bob',
      expiryDate: '01-01-2020',
      enabled: true,
    });
    await agent.call('PUT', '/edit-user', { username: 'bob', newExpiryDate: '01-01-2099' });
    expect(await file()).toBe(
      withBlock(account('alice', 'alice-pw3', '2099-01-15', 0), account('bob', 'bob-pw', '2099-01-01', 0)),
    );
    await reloads(8);
    expect((await agent.call('GET', '/users')).body.users).toEqual([
      { username: 'alice', expiryDate: '15-01-2099', enabled: true },
      { username: 'bob', expiryDate: '01-01-2099', enabled: true },
    ]);
  });

  it('does not reload when nothing changed', async () => {
    const before = await hups();
    const res = await agent.addUser('bob', 'bob-pw', '01-01-2099');
    expect(res.status).toBe(200);
    expect(res.body.reload).toEqual({ status: 'not-needed' });
    await agent.call('DELETE', '/delete-user', { username: 'ghost' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await hups()).toBe(before);
  });

  it('refuses hand-written accounts, whatever their key alignment', async () => {
    for (const username of ['handuser', 'tester']) {
      const res = await agent.call('POST', '/add-user', {
        username,
        password: 'x',
        expiryDate: '01-01-2099',
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('hand-written entry');
    }
    expect((await agent.call('DELETE', '/delete-user', { username: 'tester' })).status).toBe(409);
  });

  it('deletes accounts, leaving the hand-written sections byte for byte', async () => {
    await agent.call('DELETE', '/delete-user', { username: 'alice' });
    expect(await file()).toBe(withBlock(account('bob', 'bob-pw', '2099-01-01', 0)));
    await agent.call('DELETE', '/delete-user', { username: 'bob' });
    expect(await file()).toBe(withBlock());
    expect(await readText(`${userFile}.bak`)).toBe(withBlock(account('bob', 'bob-pw', '2099-01-01', 0)));
  });
});
