// A line ends at the instant the panel says (its `expiresAt`), whatever time zone the card server
// runs in: agents under TZ=Asia/Dubai (UTC+4) and TZ=America/New_York (UTC-4 in June), on both
// backends. The panel's business zone here is UTC, so a line with expiry date 15-06-2030 ends at
// 2030-06-16T00:00:00Z, which is 04:00 on the 16th in Dubai and 20:00 on the 15th in New York: by
// the local date alone it would end four hours early in Dubai and four hours late in New York.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lineEndsAt } from '@linedesk/shared';
import {
  BEGIN,
  END,
  FAKE_CLOCK,
  baseEnv,
  readText,
  removeDir,
  startAgent,
  tempDir,
  waitFor,
  type RunningAgent,
} from './agent-harness';

const EXPIRY = '15-06-2030';
const ENDS_AT = lineEndsAt('2030-06-15', 'UTC');

const cases = [
  { zone: 'Asia/Dubai', backend: 'cccam', oscamExpdate: null },
  { zone: 'America/New_York', backend: 'cccam', oscamExpdate: null },
  // The local day the line's last moment falls in: OSCam itself never ends it before the instant.
  { zone: 'Asia/Dubai', backend: 'oscam', oscamExpdate: '2030-06-16' },
  { zone: 'America/New_York', backend: 'oscam', oscamExpdate: '2030-06-15' },
] as const;

const agents: RunningAgent[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const agent of agents) await agent.stop();
  for (const dir of dirs) await removeDir(dir);
});

describe('a line ends at the instant the panel gives, in any time zone', () => {
  it.each(cases)('$backend agent under TZ=$zone', async ({ zone, backend, oscamExpdate }) => {
    const dir = await tempDir(`instant-${backend}`);
    dirs.push(dir);
    const file = path.join(dir, backend === 'cccam' ? 'CCcam.cfg' : 'oscam.user');
    const clockFile = path.join(dir, 'clock-offset');
    await writeFile(file, '');
    const setAgentClock = (at: number) => writeFile(clockFile, String(at - Date.now()));
    await setAgentClock(ENDS_AT.getTime() - 3600_000);
    const agent = await startAgent({
      env: {
        ...baseEnv(file, {
          AGENT_BACKEND: backend,
          // Only the timer set for the instant can end the line in time.
          AGENT_EXPIRY_CHECK_SECONDS: '3600',
          AGENT_RELOAD_COMMAND: 'true',
          AGENT_RELOAD_GATHER_MS: '0',
        }),
        TZ: zone,
        FAKE_CLOCK_FILE: clockFile,
      },
      nodeArgs: ['--import', FAKE_CLOCK],
    });
    agents.push(agent);
    const agentNow = async () => Date.now() + Number(await readText(clockFile));
    // The agent's clock: moments before the line ends.
    await setAgentClock(ENDS_AT.getTime() - 5_000);

    const added = await agent.call('POST', '/add-user', {
      username: 'timed',
      password: 'timed-pw',
      expiryDate: EXPIRY,
      expiresAt: ENDS_AT.toISOString(),
    });
    expect(added.status, added.raw).toBe(200);
    expect(added.body.user).toMatchObject({ expiryDate: EXPIRY });
    // Kept with the line (a restart keeps ending it at that instant).
    const state = JSON.parse(await readText(`${file}.linedesk.json`)) as { users: object[] };
    expect(state.users).toContainEqual(
      expect.objectContaining({
        username: 'timed',
        expiryDate: '2030-06-15',
        expiresAt: ENDS_AT.toISOString(),
      }),
    );
    // From an older panel, the date alone: it ends with that day in the card server's local time.
    const dateOnly = await agent.addUser('dated', 'dated-pw', EXPIRY);
    expect(dateOnly.status, dateOnly.raw).toBe(200);

    const serving = (text: string) =>
      backend === 'cccam'
        ? text.includes('F: timed timed-pw ')
        : /user = timed\npwd = timed-pw\ngroup = 1\nexpdate = \d{4}-\d\d-\d\d\ndisabled = 0/.test(text);
    const before = await readText(file);
    expect(await agentNow()).toBeLessThan(ENDS_AT.getTime());
    expect(serving(before), before).toBe(true);
    if (oscamExpdate)
      expect(before).toContain(`user = timed\npwd = timed-pw\ngroup = 1\nexpdate = ${oscamExpdate}\n`);
    // Today's rule for a line without an instant: in Dubai it is the 16th already (ended four hours
    // ago); in New York still the 15th.
    const datedServed =
      backend === 'cccam'
        ? before.includes('F: dated dated-pw ')
        : before.includes('user = dated\npwd = dated-pw\ngroup = 1\nexpdate = 2030-06-15\ndisabled = 0');
    expect(datedServed).toBe(zone === 'America/New_York');

    // Watched every 25 ms: never ended before the instant, ended within moments after it.
    let endedAt = 0;
    await waitFor(async () => {
      const text = await readText(file);
      // The clock read after the file: the line had ended by then. Read before it, a busy machine
      // could let the instant pass and the agent end the line between the two, which looks early.
      const now = await agentNow();
      if (serving(text)) return false;
      endedAt = now;
      return true;
    }, 20_000);
    expect(endedAt).toBeGreaterThanOrEqual(ENDS_AT.getTime());
    expect(endedAt).toBeLessThan(ENDS_AT.getTime() + 5_000);
    const after = await readText(file);
    if (backend === 'cccam') {
      // In New York the line without an instant still works (until the 15th ends there).
      const left = zone === 'America/New_York' ? ['F: dated dated-pw 1 0 0 { 0:0:2 }'] : [];
      expect(after).toBe(`${[BEGIN, ...left, END].join('\n')}\n`);
    } else {
      expect(after).toContain(
        `user = timed\npwd = timed-pw\ngroup = 1\nexpdate = ${oscamExpdate}\ndisabled = 1\n`,
      );
    }
  });
});
