import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BEGIN, END, baseEnv, readText, removeDir, startAgent, tempDir } from './agent-harness';

const HAND_WRITTEN = '# hand\n';

describe('reload action after a write', () => {
  let dir: string;
  let cfg: string;

  beforeEach(async () => {
    dir = await tempDir('reload');
    cfg = path.join(dir, 'CCcam.cfg');
    await writeFile(cfg, HAND_WRITTEN);
  });

  afterEach(async () => {
    await removeDir(dir);
  });

  it('runs AGENT_RELOAD_COMMAND once per file change, and not when nothing changed', async () => {
    const log = path.join(dir, 'reload.log');
    const agent = await startAgent({
      env: baseEnv(cfg, { AGENT_RELOAD_COMMAND: `printf 'reloaded\\n' >> '${log}'` }),
    });
    try {
      const lines = async () => (await readText(log).catch(() => '')).split('\n').filter(Boolean);
      const add = await agent.addUser('a1', 'pw', '01-01-2099');
      expect(add.status).toBe(200);
      expect(add.body.reload).toEqual({ status: 'ok' });
      // The command has finished by the time the response arrives.
      expect(await lines()).toEqual(['reloaded']);

      await agent.addUser('a1', 'pw', '01-01-2099');
      await agent.call('DELETE', '/delete-user', { username: 'missing' });
      expect(await lines()).toEqual(['reloaded']);

      await agent.call('PUT', '/edit-user', { username: 'a1', newPassword: 'pw2' });
      await agent.call('DELETE', '/delete-user', { username: 'a1' });
      expect(await lines()).toEqual(['reloaded', 'reloaded', 'reloaded']);
    } finally {
      expect(await agent.stop()).toBe(0);
    }
  });

  it('reports a failing reload command but keeps the file change (200)', async () => {
    const agent = await startAgent({
      env: baseEnv(cfg, { AGENT_RELOAD_COMMAND: "echo 'cccam is not running' >&2; exit 3" }),
    });
    try {
      const res = await agent.addUser('b1', 'pw', '01-01-2099');
      expect(res.status).toBe(200);
      expect(res.body.reload).toEqual({
        status: 'failed',
        error: 'reload command exited with code 3: cccam is not running',
      });
      expect(res.body.message).toBe(
        'User added successfully, but the server reload failed: reload command exited with code 3: cccam is not running',
      );
      expect(await readText(cfg)).toBe(`${HAND_WRITTEN}\n${BEGIN}\nF: b1 pw 1 0 0 { 0:0:2 }\n${END}\n`);
      expect(agent.output()).toMatch(
        /error reload after writing CCcam\.cfg failed: reload command exited with code 3/,
      );
    } finally {
      expect(await agent.stop()).toBe(0);
    }
  });

  it('reports a reload command that hangs past the timeout', async () => {
    const agent = await startAgent({
      env: baseEnv(cfg, { AGENT_RELOAD_COMMAND: 'sleep 30; true', AGENT_RELOAD_TIMEOUT_SECONDS: '1' }),
    });
    try {
      const res = await agent.addUser('c1', 'pw', '01-01-2099');
      expect(res.status).toBe(200);
      expect(res.body.reload).toEqual({ status: 'failed', error: 'reload command timed out after 1s' });
    } finally {
      expect(await agent.stop()).toBe(0);
    }
  });

  it('reports a pid file that names no running process', async () => {
    const pidFile = path.join(dir, 'oscam.pid');
    await writeFile(pidFile, '2147483646\n');
    const agent = await startAgent({ env: baseEnv(cfg, { AGENT_PID_FILE: pidFile }) });
    try {
      const res = await agent.addUser('d1', 'pw', '01-01-2099');
      expect(res.status).toBe(200);
      expect(res.body.reload).toEqual({
        status: 'failed',
        error: `no process with pid 2147483646 (from ${pidFile})`,
      });
    } finally {
      expect(await agent.stop()).toBe(0);
    }
  });
});
