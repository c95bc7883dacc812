import { access, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { baseEnv, readText, removeDir, runAgentToExit, startAgent, tempDir, waitFor } from './agent-harness';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe('a reload owed across a crash', () => {
  let dir: string;
  let cfg: string;
  let log: string;

  beforeEach(async () => {
    dir = await tempDir('owed');
    cfg = path.join(dir, 'CCcam.cfg');
    log = path.join(dir, 'reload.log');
    await writeFile(cfg, '# hand\n');
  });

  afterEach(async () => {
    await removeDir(dir);
  });

  /** Starts an agent whose reload hangs until `block` is gone, adds u1, and kills it mid-reload. */
  async function crashBetweenWriteAndReload(): Promise<void> {
    const block = path.join(dir, 'block');
    const started = path.join(dir, 'started');
    await writeFile(block, '');
    const agent = await startAgent({
      env: baseEnv(cfg, {
        AGENT_RELOAD_COMMAND: `touch '${started}'; while [ -e '${block}' ]; do sleep 0.05; done`,
      }),
    });
    const answer = agent.addUser('u1', 'pw1', '01-01-2099').catch(() => null);
    // The file holds the entry and the reload has begun: the agent dies before the server loads it.
    await waitFor(() => exists(started));
    expect(await readText(cfg)).toContain('F: u1 pw1 ');
    await agent.kill();
    expect(await answer).toBeNull();
    await rm(block);
  }

  it('reloads at the next start, before it answers anything, and the retry finds the change applied', async () => {
    await crashBetweenWriteAndReload();
    const restarted = await startAgent({
      env: baseEnv(cfg, { AGENT_RELOAD_COMMAND: `printf 'reloaded\\n' >> '${log}'` }),
    });
    try {
      // The agent is healthy only after start-up, so the reload has run by now, with no request.
      expect(await readText(log).catch(() => '')).toBe('reloaded\n');
      expect(restarted.output()).toMatch(/without a reload that took .*reloading now/);
      // The panel's retry of the same add: nothing to write, and the server has it loaded.
      const retry = await restarted.addUser('u1', 'pw1', '01-01-2099');
      expect(retry.status).toBe(200);
      expect(retry.body).toMatchObject({ changed: false, applied: true, reload: { status: 'not-needed' } });
      expect(await readText(log)).toBe('reloaded\n');
    } finally {
      expect(await restarted.stop()).toBe(0);
    }
    // Nothing is owed any more: the next start does not reload again.
    const again = await startAgent({
      env: baseEnv(cfg, { AGENT_RELOAD_COMMAND: `printf 'reloaded\\n' >> '${log}'` }),
    });
    try {
      expect(await readText(log)).toBe('reloaded\n');
    } finally {
      expect(await again.stop()).toBe(0);
    }
  });

  it('answers a retry as not applied while the reload still fails, and as applied once it takes', async () => {
    await crashBetweenWriteAndReload();
    const failing = await startAgent({
      env: baseEnv(cfg, { AGENT_RELOAD_COMMAND: "echo 'cccam is down' >&2; exit 1" }),
    });
    try {
      const retry = await failing.addUser('u1', 'pw1', '01-01-2099');
      expect(retry.status).toBe(200);
      expect(retry.body).toMatchObject({
        changed: false,
        applied: false,
        reload: { status: 'failed', error: 'reload command exited with code 1: cccam is down' },
      });
    } finally {
      expect(await failing.stop()).toBe(0);
    }
    const working = await startAgent({
      env: baseEnv(cfg, { AGENT_RELOAD_COMMAND: `printf 'reloaded\\n' >> '${log}'` }),
    });
    try {
      expect(await readText(log)).toBe('reloaded\n');
      const retry = await working.addUser('u1', 'pw1', '01-01-2099');
      expect(retry.body).toMatchObject({ changed: false, applied: true });
    } finally {
      expect(await working.stop()).toBe(0);
    }
  });
});

describe("the agent's identity", () => {
  let dir: string;
  let cfg: string;

  beforeEach(async () => {
    dir = await tempDir('identity');
    cfg = path.join(dir, 'CCcam.cfg');
    await writeFile(cfg, '');
  });

  afterEach(async () => {
    await removeDir(dir);
  });

  it('is made at the first start, kept beside the config file and reported in GET /', async () => {
    const first = await startAgent({ env: baseEnv(cfg) });
    let id: string;
    try {
      const answer = await first.call('GET', '/');
      id = answer.body.agent_id as string;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await readText(`${cfg}.linedesk-id`)).trim()).toBe(id);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    const second = await startAgent({ env: baseEnv(cfg) });
    try {
      expect((await second.call('GET', '/')).body.agent_id).toBe(id);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it('refuses to start with an identity file it cannot read as one, rather than making another', async () => {
    await writeFile(`${cfg}.linedesk-id`, 'not an id\n');
    const { code, output } = await runAgentToExit({ env: baseEnv(cfg) });
    expect(code).toBe(1);
    expect(output).toContain('.linedesk-id does not hold an agent identity');
  });
});
