import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningAgent } from './agent-harness';
import { ADMIN, baseEnv, removeDir, request, startAgent, tempDir } from './agent-harness';

describe('failed logins per client address', () => {
  let dir: string;
  let agent: RunningAgent;

  beforeAll(async () => {
    dir = await tempDir('login-limit');
    const cfg = path.join(dir, 'CCcam.cfg');
    await writeFile(cfg, '');
    agent = await startAgent({ env: baseEnv(cfg) });
  });

  afterAll(async () => {
    expect(await agent.stop()).toBe(0);
    await removeDir(dir);
  });

  const from = (source: string, credentials: { username: string; password: string }) =>
    request(`${agent.baseUrl}/users`, 'GET', undefined, credentials, {}, source);
  const guess = (i: number) => ({ username: ADMIN.username, password: `guess-${i}` });

  it('answers 429 with Retry-After after 10 failures in a minute, for that address only, and logs it once', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await from('127.0.0.7', guess(i))).status).toBe(401);
    }
    for (let i = 10; i < 15; i += 1) {
      const refused = await from('127.0.0.7', guess(i));
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.body.message).toBe('Too many failed logins; try again later');
    }
    // The right password does not get through either while the address is blocked: a guess that
    // happens to be right must not be told apart from a wrong one.
    expect((await from('127.0.0.7', ADMIN)).status).toBe(429);
    // Another client (the panel) is not affected.
    expect((await from('127.0.0.8', ADMIN)).status).toBe(200);
    expect((await request(`${agent.baseUrl}/health`, 'GET', undefined, null, {}, '127.0.0.7')).status).toBe(
      200,
    );
    const warnings = agent
      .output()
      .split('\n')
      .filter((line) => line.includes('failed logins from'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('127.0.0.7');
  });

  it('does not count logins that succeed', async () => {
    for (let i = 0; i < 12; i += 1) {
      expect((await from('127.0.0.9', ADMIN)).status).toBe(200);
    }
    for (let i = 0; i < 9; i += 1) {
      expect((await from('127.0.0.9', guess(i))).status).toBe(401);
    }
    expect((await from('127.0.0.9', ADMIN)).status).toBe(200);
  });
});
