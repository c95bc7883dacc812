import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BEGIN, END, baseEnv, readText, removeDir, startAgent, tempDir, waitFor } from './agent-harness';

const HAND_WRITTEN = '# hand-written\nF: handuser handpass 1 0 0\n';

describe('group commit: changes that arrive during a write share the next one', () => {
  let dir: string;
  let cfg: string;
  let reloadLog: string;

  beforeEach(async () => {
    dir = await tempDir('group-commit');
    cfg = path.join(dir, 'CCcam.cfg');
    reloadLog = path.join(dir, 'reload.log');
    await writeFile(cfg, HAND_WRITTEN);
  });

  afterEach(async () => {
    await removeDir(dir);
  });

  const reloads = async () => (await readText(reloadLog).catch(() => '')).split('\n').filter(Boolean).length;

  it('writes 200 concurrent adds with far fewer reloads than requests, each answered once it is in the file', async () => {
    const agent = await startAgent({
      env: baseEnv(cfg, { AGENT_RELOAD_COMMAND: `printf 'reloaded\\n' >> '${reloadLog}'` }),
    });
    try {
      const names = Array.from({ length: 200 }, (_, i) => `gc${i}`);
      const answers = await Promise.all(
        names.map(async (name) => {
          const res = await agent.addUser(name, `pw-${name}`, '01-01-2099');
          // Answered only after the write that holds it: the entry is already in the file.
          const inFile = (await readText(cfg)).includes(`\nF: ${name} pw-${name} 1 0 0 { 0:0:2 }\n`);
          return { status: res.status, body: res.body, inFile };
        }),
      );
      expect(answers.map((a) => a.status)).toEqual(names.map(() => 200));
      expect(answers.every((a) => a.inFile)).toBe(true);
      expect(answers.every((a) => a.body.message === 'User added successfully')).toBe(true);
      expect(answers.every((a) => a.body.reload.status === 'ok')).toBe(true);

      const text = await readText(cfg);
      expect(text.startsWith(`${HAND_WRITTEN}\n${BEGIN}\n`)).toBe(true);
      expect(text.endsWith(`${END}\n`)).toBe(true);
      const entries = text.split('\n').filter((line) => line.startsWith('F: gc'));
      expect([...entries].sort()).toEqual(
        names.map((name) => `F: ${name} pw-${name} 1 0 0 { 0:0:2 }`).sort(),
      );
      const count = await reloads();
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(200 / 4);
    } finally {
      expect(await agent.stop()).toBe(0);
    }
  });

  it('fails every request of a batch whose write fails, and keeps none of it', async () => {
    const started = path.join(dir, 'reload-started');
    const gate = path.join(dir, 'gate');
    // The first write's reload waits for the test, so the next requests queue up behind it.
    const agent = await startAgent({
      env: baseEnv(cfg, {
        AGENT_RELOAD_COMMAND: `touch '${started}'; while [ ! -e '${gate}' ]; do sleep 0.01; done; printf 'reloaded\\n' >> '${reloadLog}'`,
      }),
    });
    try {
      const first = agent.addUser('first', 'pw', '01-01-2099');
      await waitFor(
        async () =>
          await readText(started)
            .then(() => true)
            .catch(() => false),
        10_000,
      );
      const queued = Array.from({ length: 20 }, (_, i) => agent.addUser(`late${i}`, 'pw', '01-01-2099'));
      // The next write cannot keep its backup copy: a directory now stands where CCcam.cfg.bak goes.
      await rm(`${cfg}.bak`, { force: true });
      await mkdir(`${cfg}.bak`);
      await writeFile(gate, '');

      expect((await first).status).toBe(200);
      const answers = await Promise.all(queued);
      expect(answers.map((res) => res.status)).toEqual(answers.map(() => 500));
      expect(answers.every((res) => /^Internal agent error: /.test(res.body.message))).toBe(true);
      expect(await readText(cfg)).toBe(`${HAND_WRITTEN}\n${BEGIN}\nF: first pw 1 0 0 { 0:0:2 }\n${END}\n`);
      expect(
        (await agent.call('GET', '/users')).body.users.map((u: { username: string }) => u.username),
      ).toEqual(['first']);
      const state = JSON.parse(await readText(`${cfg}.linedesk.json`)) as { users: { username: string }[] };
      expect(state.users.map((user) => user.username)).toEqual(['first']);
      expect(await reloads()).toBe(1);

      // Once the obstacle is gone the same requests go through.
      await rm(`${cfg}.bak`, { recursive: true });
      const retried = await agent.addUser('late0', 'pw', '01-01-2099');
      expect(retried.status).toBe(200);
    } finally {
      expect(await agent.stop()).toBe(0);
    }
  });
});
