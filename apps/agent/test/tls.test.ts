import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningAgent } from './agent-harness';
import {
  ADMIN,
  BEGIN,
  END,
  baseEnv,
  readText,
  removeDir,
  request,
  selfSignedCertificate,
  startAgent,
  tempDir,
} from './agent-harness';

describe('TLS', () => {
  let dir: string;
  let cfg: string;
  let agent: RunningAgent;

  beforeAll(async () => {
    dir = await tempDir('tls');
    cfg = path.join(dir, 'CCcam.cfg');
    await writeFile(cfg, '');
    agent = await startAgent({ env: baseEnv(cfg, await selfSignedCertificate(dir)), tls: true });
  });

  afterAll(async () => {
    expect(await agent.stop()).toBe(0);
    await removeDir(dir);
  });

  it('serves the API over https', async () => {
    expect(agent.baseUrl.startsWith('https://')).toBe(true);
    expect(agent.output()).toMatch(/listening on https:\/\/127\.0\.0\.1:/);
    const health = await agent.call('GET', '/health', undefined, null);
    expect(health.body).toEqual({ status: 'ok', message: 'OK' });
    expect((await agent.call('GET', '/', undefined, { ...ADMIN, password: 'bad' })).status).toBe(401);
    const add = await agent.addUser('tls1', 'pw', '01-01-2099');
    expect(add.status).toBe(200);
    // An empty file gets the block without a leading blank line.
    expect(await readText(cfg)).toBe(`${BEGIN}\nF: tls1 pw 1 0 0 { 0:0:2 }\n${END}\n`);
  });

  it('does not answer plain http on the TLS port', async () => {
    await expect(request(`http://127.0.0.1:${agent.port}/health`, 'GET', undefined, null)).rejects.toThrow();
  });
});
