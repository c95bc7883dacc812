import { statfs, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningAgent } from './agent-harness';
import { baseEnv, removeDir, startAgent, tempDir } from './agent-harness';
import { WEBIF_LOGIN, startStandInOscam, watchingClient, type StandInOscam } from './stand-in-servers';

describe('GET /load: the machine and the card server it carries', () => {
  let dir: string;
  let oscam: StandInOscam;
  let agent: RunningAgent;

  beforeAll(async () => {
    dir = await tempDir('load-oscam');
    const userFile = path.join(dir, 'oscam.user');
    await writeFile(userFile, '');
    oscam = await startStandInOscam(userFile);
    agent = await startAgent({
      env: baseEnv(userFile, {
        AGENT_OSCAM_WEBIF_URL: oscam.url,
        AGENT_OSCAM_WEBIF_USER: WEBIF_LOGIN.username,
        AGENT_OSCAM_WEBIF_PASSWORD: WEBIF_LOGIN.password,
      }),
    });
  });

  afterAll(async () => {
    expect(await agent.stop()).toBe(0);
    await oscam.close();
    await removeDir(dir);
  });

  it("reports this machine's cores, memory, the config folder's disk and the connected clients", async () => {
    oscam.setClients([
      watchingClient('alice', '203.0.113.7', 'id_1'),
      watchingClient('alice', '198.51.100.4', 'id_2'),
      watchingClient('bob', '203.0.113.9', 'id_3'),
      { ...watchingClient('card1', '127.0.0.1', 'id_4'), type: 'r', protocol: 'internal' },
    ]);
    const res = await agent.call('GET', '/load');
    expect(res.status).toBe(200);
    const body = res.body as {
      cpu: { cores: number; load1: number; percent: number };
      memory: { totalBytes: number; availableBytes: number; usedPercent: number };
      disk: { path: string; totalBytes: number; availableBytes: number; usedPercent: number };
      clients: number | null;
      message: string;
    };
    // The agent runs on this machine, so it reports what Node reads here.
    expect(body.cpu.cores).toBe(os.availableParallelism());
    expect(body.cpu.load1).toBeGreaterThanOrEqual(0);
    expect(body.cpu.percent).toBeGreaterThanOrEqual(0);
    expect(body.memory.totalBytes).toBe(os.totalmem());
    expect(body.memory.availableBytes).toBeGreaterThan(0);
    expect(body.memory.usedPercent).toBeGreaterThan(0);
    expect(body.memory.usedPercent).toBeLessThanOrEqual(100);
    const disk = await statfs(dir);
    expect(body.disk.path).toBe(dir);
    expect(body.disk.totalBytes).toBe(disk.blocks * disk.bsize);
    expect(body.disk.usedPercent).toBeGreaterThanOrEqual(0);
    expect(body.disk.usedPercent).toBeLessThanOrEqual(100);
    // Receivers only: the card reader is no client.
    expect(body.clients).toBe(3);
    expect(body.message).toMatch(/^CPU [\d.]+%, memory [\d.]+%, disk [\d.]+%$/);
  });

  it('still answers the machine when the card server has no readable status page, without a client count', async () => {
    const dir2 = await tempDir('load-cccam');
    const config = path.join(dir2, 'CCcam.cfg');
    await writeFile(config, '');
    const cccam = await startAgent({ env: baseEnv(config, { AGENT_BACKEND: 'cccam' }) });
    try {
      const res = await cccam.call('GET', '/load');
      expect(res.status).toBe(200);
      expect((res.body as { clients: unknown }).clients).toBeNull();
      expect((res.body as { disk: { path: string } }).disk.path).toBe(dir2);
    } finally {
      expect(await cccam.stop()).toBe(0);
      await removeDir(dir2);
    }
  });

  it('refuses a caller without the login', async () => {
    expect((await agent.call('GET', '/load', undefined, null)).status).toBe(401);
  });
});
