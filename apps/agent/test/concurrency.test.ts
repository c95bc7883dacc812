import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BEGIN, END, baseEnv, readText, removeDir, startAgent, tempDir, waitFor } from './agent-harness';
import { cccamAgentFixture } from './cccam-agent-fixture';

const HAND_WRITTEN = '# hand\nF: handuser handpass 1 0 0\n';

function blockLines(text: string): string[] {
  expect(text.startsWith(`${HAND_WRITTEN}\n${BEGIN}\n`)).toBe(true);
  expect(text.endsWith(`${END}\n`)).toBe(true);
  return text.slice(`${HAND_WRITTEN}\n${BEGIN}\n`.length, -`${END}\n`.length).split('\n').filter(Boolean);
}

describe('concurrent requests', () => {
  const suite = cccamAgentFixture('concurrency', HAND_WRITTEN);

  it('keeps all 50 parallel adds, each exactly once', async () => {
    const names = Array.from({ length: 50 }, (_, i) => `user${i}`);
    const results = await Promise.all(
      names.map((name) => suite.agent.addUser(name, `pw-${name}`, '01-01-2099')),
    );
    expect(results.map((res) => res.status)).toEqual(names.map(() => 200));
    const lines = blockLines(await readText(suite.cfg));
    expect(lines).toHaveLength(50);
    expect([...lines].sort()).toEqual(names.map((name) => `F: ${name} pw-${name} 1 0 0 { 0:0:2 }`).sort());
    expect((await suite.agent.call('GET', '/users')).body.users).toHaveLength(50);
  });

  it('serialises a mix of parallel edits, deletes and repeated adds', async () => {
    const calls = [
      ...Array.from({ length: 25 }, (_, i) =>
        suite.agent.call('PUT', '/edit-user', { username: `user${i}`, newPassword: `changed${i}` }),
      ),
      ...Array.from({ length: 25 }, (_, i) =>
        suite.agent.call('DELETE', '/delete-user', { username: `user${25 + i}` }),
      ),
      ...Array.from({ length: 20 }, () => suite.agent.addUser('same', 'same-pw', '01-01-2099')),
    ];
    const results = await Promise.all(calls);
    expect(results.every((res) => res.status === 200 && typeof res.body.message === 'string')).toBe(true);
    const lines = blockLines(await readText(suite.cfg));
    expect([...lines].sort()).toEqual(
      [
        ...Array.from({ length: 25 }, (_, i) => `F: user${i} changed${i} 1 0 0 { 0:0:2 }`),
        'F: same same-pw 1 0 0 { 0:0:2 }',
      ].sort(),
    );
    // Exactly one of the twenty identical adds created the user.
    expect(results.slice(50).filter((res) => res.body.message === 'User added successfully')).toHaveLength(1);
  });
});

describe('graceful shutdown', () => {
  it('finishes queued writes on SIGTERM and exits 0', async () => {
    const dir = await tempDir('shutdown');
    const cfg = path.join(dir, 'CCcam.cfg');
    try {
      await writeFile(cfg, HAND_WRITTEN);
      // A slow reload keeps writes queued while SIGTERM arrives.
      const agent = await startAgent({ env: baseEnv(cfg, { AGENT_RELOAD_COMMAND: 'sleep 0.05' }) });
      const calls = Array.from({ length: 10 }, (_, i) => agent.addUser(`s${i}`, 'pw', '01-01-2099'));
      await waitFor(() => agent.output().includes('add-user s'));
      const code = await agent.stop();
      expect(code).toBe(0);
      const results = await Promise.allSettled(calls);
      const accepted = results.filter((r) => r.status === 'fulfilled' && r.value.status === 200).length;
      expect(accepted).toBe(10);
      expect(blockLines(await readText(cfg))).toHaveLength(10);
      expect(agent.output()).toMatch(/SIGTERM received, finishing pending writes[\s\S]*stopped/);
    } finally {
      await removeDir(dir);
    }
  });
});
