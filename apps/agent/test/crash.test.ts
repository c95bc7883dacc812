import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunningAgent } from './agent-harness';
import { BEGIN, END, baseEnv, readText, removeDir, startAgent, tempDir, waitFor } from './agent-harness';

type BackendCase = {
  backend: 'cccam' | 'oscam';
  fileName: string;
  handWritten: string;
  /** Parses the managed block into username → password, failing on anything malformed. */
  parseEntries(lines: string[]): Map<string, string>;
  render(users: { username: string; password: string; expiryDate: string }[]): string[];
};

const cccam: BackendCase = {
  backend: 'cccam',
  fileName: 'CCcam.cfg',
  handWritten: '# hand-written\nF: handuser handpass 2 0 0 { 0:0:3 }\n#F: old old 1 0 0\n',
  parseEntries(lines) {
    const entries = new Map<string, string>();
    for (const line of lines) {
      const match = /^F: (u\d+) (p\d+-v\d+) 1 0 0 \{ 0:0:2 \}$/.exec(line);
      expect(match, `malformed line ${JSON.stringify(line)}`).not.toBeNull();
      expect(entries.has(match![1]!), `duplicate ${match![1]}`).toBe(false);
      entries.set(match![1]!, match![2]!);
    }
    return entries;
  },
  render: (users) => users.map((user) => `F: ${user.username} ${user.password} 1 0 0 { 0:0:2 }`),
};

const oscam: BackendCase = {
  backend: 'oscam',
  fileName: 'oscam.user',
  handWritten: '# hand-written\n[account]\nuser = handuser\npwd = handpass\n\n',
  parseEntries(lines) {
    const entries = new Map<string, string>();
    const text = lines.join('\n');
    if (text === '') return entries;
    for (const section of text.split('\n\n')) {
      const match =
        /^\[account\]\nuser = (u\d+)\npwd = (p\d+-v\d+)\ngroup = 1\nexpdate = 2099-01-01\ndisabled = 0$/.exec(
          section,
        );
      expect(match, `malformed section ${JSON.stringify(section)}`).not.toBeNull();
      expect(entries.has(match![1]!), `duplicate ${match![1]}`).toBe(false);
      entries.set(match![1]!, match![2]!);
    }
    return entries;
  },
  render: (users) =>
    users.flatMap((user, index) => [
      ...(index > 0 ? [''] : []),
      '[account]',
      `user = ${user.username}`,
      `pwd = ${user.password}`,
      'group = 1',
      `expdate = ${user.expiryDate}`,
      'disabled = 0',
    ]),
};

/** Asserts `text` is a complete file: the hand-written part intact plus an optional whole block. */
function parseConfig(kind: BackendCase, text: string): Map<string, string> {
  expect(text.startsWith(kind.handWritten), 'hand-written part changed').toBe(true);
  const rest = text.slice(kind.handWritten.length);
  if (rest === '') return new Map();
  const separator = kind.handWritten.endsWith('\n\n') ? '' : '\n';
  expect(rest.startsWith(`${separator}${BEGIN}\n`), 'block start').toBe(true);
  expect(rest.endsWith(`\n${END}\n`) || rest === `${separator}${BEGIN}\n${END}\n`, 'block end').toBe(true);
  const inner = rest.slice(`${separator}${BEGIN}\n`.length, rest.length - `${END}\n`.length);
  const lines = inner === '' ? [] : inner.replace(/\n$/, '').split('\n');
  return kind.parseEntries(lines);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function hammer(
  agent: RunningAgent,
  stop: () => boolean,
  progress: { ok: number } = { ok: 0 },
): Promise<{ ok: number; failed: number }> {
  let ok = 0;
  let failed = 0;
  let version = 0;
  const worker = async () => {
    while (!stop()) {
      version += 1;
      const n = Math.floor(Math.random() * 30);
      const roll = Math.random();
      const call =
        roll < 0.6
          ? agent.addUser(`u${n}`, `p${n}-v${version}`, '01-01-2099')
          : roll < 0.85
            ? agent.call('PUT', '/edit-user', { username: `u${n}`, newPassword: `p${n}-v${version}` })
            : agent.call('DELETE', '/delete-user', { username: `u${n}` });
      try {
        const res = await call;
        if (res.status === 200 || res.status === 404) {
          ok += 1;
          progress.ok = ok;
        } else throw new Error(`unexpected ${res.status} ${res.raw}`);
      } catch (error) {
        if ((error as Error).message.startsWith('unexpected')) throw error;
        failed += 1;
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { ok, failed };
}

describe.each([
  ['cccam', cccam],
  ['oscam', oscam],
])('kill -9 during writes (%s)', (_name, kind) => {
  it.each([1, 2, 3])('leaves complete files and recovers on restart (round %i)', async () => {
    const dir = await tempDir(`crash-${kind.backend}`);
    const cfg = path.join(dir, kind.fileName);
    try {
      await writeFile(cfg, kind.handWritten);
      const env = baseEnv(cfg, { AGENT_BACKEND: kind.backend });
      const agent = await startAgent({ env });
      let killed = false;
      const progress = { ok: 0 };
      const load = hammer(agent, () => killed, progress);
      // Some writes have landed (a busy machine can take a while for the first), then kill at a
      // random point of the following ones.
      await waitFor(() => progress.ok > 0, 15_000);
      await sleep(Math.random() * 400);
      await agent.kill();
      killed = true;
      const { ok, failed } = await load;
      expect(ok).toBeGreaterThan(0);
      // The kill landed while requests were still in flight.
      expect(failed).toBeGreaterThan(0);

      parseConfig(kind, await readText(cfg));
      const backup = await readText(`${cfg}.bak`).catch(() => null);
      if (backup !== null) parseConfig(kind, backup);
      // The state file is replaced the same way, so it is always complete JSON too.
      const stateText = await readText(`${cfg}.linedesk.json`).catch(() => null);
      if (stateText !== null) {
        const users = (JSON.parse(stateText) as { users: { username: string; password: string }[] }).users;
        expect(users.every((user) => /^u\d+$/.test(user.username) && /^p\d+-v\d+$/.test(user.password))).toBe(
          true,
        );
      }

      const restarted = await startAgent({ env });
      try {
        const leftovers = (await readdir(dir)).filter((name) => name.endsWith('.tmp'));
        expect(leftovers).toEqual([]);
        // After start-up the file is exactly the state file rendered, whichever write was cut off.
        const state = JSON.parse(await readText(`${cfg}.linedesk.json`).catch(() => '{"users":[]}')) as {
          users: { username: string; password: string; expiryDate: string }[];
        };
        const text = await readText(cfg);
        const entries = parseConfig(kind, text);
        expect(Object.fromEntries(entries)).toEqual(
          Object.fromEntries(state.users.map((user) => [user.username, user.password])),
        );
        if (state.users.length > 0) {
          const separator = kind.handWritten.endsWith('\n\n') ? '' : '\n';
          expect(text).toBe(
            `${kind.handWritten}${separator}${[BEGIN, ...kind.render(state.users), END].join('\n')}\n`,
          );
        }
        const listed = (await restarted.call('GET', '/users')).body.users as { username: string }[];
        expect(listed.map((user) => user.username)).toEqual(state.users.map((user) => user.username));
        // And it keeps working.
        const add = await restarted.call('POST', '/add-user', {
          username: 'u99',
          password: 'p99-v0',
          expiryDate: '01-01-2099',
        });
        expect(add.status).toBe(200);
        expect(parseConfig(kind, await readText(cfg)).get('u99')).toBe('p99-v0');
      } finally {
        expect(await restarted.stop()).toBe(0);
      }
    } finally {
      await removeDir(dir);
    }
  });
});
