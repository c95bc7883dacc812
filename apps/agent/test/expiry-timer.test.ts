import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningAgent } from './agent-harness';
import {
  BEGIN,
  END,
  FAKE_CLOCK,
  baseEnv,
  displayDateFromToday,
  readText,
  removeDir,
  startAgent,
  tempDir,
  waitFor,
} from './agent-harness';

const HAND_WRITTEN = '# hand\nF: handuser handpass 1 0 0\n';
const DAY_MS = 24 * 60 * 60 * 1000;

function withBlock(...lines: string[]): string {
  return `${HAND_WRITTEN}\n${[BEGIN, ...lines, END].join('\n')}\n`;
}

describe('cccam expiry timer', () => {
  let dir: string;
  let cfg: string;
  let clockFile: string;
  let reloadLog: string;
  let agent: RunningAgent;

  const reloads = async () => (await readText(reloadLog).catch(() => '')).split('\n').filter(Boolean).length;

  beforeAll(async () => {
    dir = await tempDir('expiry');
    cfg = path.join(dir, 'CCcam.cfg');
    clockFile = path.join(dir, 'clock-offset');
    reloadLog = path.join(dir, 'reload.log');
    await writeFile(cfg, HAND_WRITTEN);
    await writeFile(clockFile, '0');
    agent = await startAgent({
      env: {
        ...baseEnv(cfg, {
          AGENT_BACKEND: 'cccam',
          AGENT_EXPIRY_CHECK_SECONDS: '1',
          AGENT_RELOAD_COMMAND: `echo reload >> ${JSON.stringify(reloadLog)}`,
        }),
        FAKE_CLOCK_FILE: clockFile,
      },
      nodeArgs: ['--import', FAKE_CLOCK],
    });
  });

  afterAll(async () => {
    expect(await agent.stop()).toBe(0);
    await removeDir(dir);
  });

  it('keeps a line whose expiry is yesterday out of the file from the start', async () => {
    const res = await agent.addUser('late', 'late-pw', displayDateFromToday(-1));
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/^User added successfully \(the expiry date has passed/);
    expect(await readText(cfg)).toBe(withBlock());
  });

  it('serves a line through its expiry day (inclusive, like OSCam expdate)', async () => {
    await agent.addUser('today', 'pw0', displayDateFromToday(0));
    await agent.addUser('alice', 'pw1', displayDateFromToday(1));
    await agent.addUser('bob', 'pw2', displayDateFromToday(30));
    expect(await readText(cfg)).toBe(
      withBlock('F: today pw0 1 0 0 { 0:0:2 }', 'F: alice pw1 1 0 0 { 0:0:2 }', 'F: bob pw2 1 0 0 { 0:0:2 }'),
    );
  });

  it('removes lines on the timer once their expiry date has passed, and reloads', async () => {
    const before = await reloads();
    // Jump to the day after alice's expiry date.
    await writeFile(clockFile, String(2 * DAY_MS + 60_000));
    await waitFor(async () => (await readText(cfg)) === withBlock('F: bob pw2 1 0 0 { 0:0:2 }'));
    await waitFor(async () => (await reloads()) === before + 1);
    // Later ticks find nothing to change and do not reload again.
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(await reloads()).toBe(before + 1);
    expect(agent.output()).toMatch(/expiry check: removed expired lines for today, alice/);

    const users = (await agent.call('GET', '/users')).body.users as { username: string; enabled: boolean }[];
    expect(users.map((user) => user.username)).toEqual(['late', 'today', 'alice', 'bob']);
    expect(users.every((user) => user.enabled)).toBe(true);
  });

  it('puts a line back when it is renewed', async () => {
    const res = await agent.call('PUT', '/edit-user', {
      username: 'alice',
      newExpiryDate: displayDateFromToday(40),
    });
    expect(res.status).toBe(200);
    expect(await readText(cfg)).toBe(withBlock('F: alice pw1 1 0 0 { 0:0:2 }', 'F: bob pw2 1 0 0 { 0:0:2 }'));
  });
});
