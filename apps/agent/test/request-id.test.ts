import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningAgent } from './agent-harness';
import { baseEnv, removeDir, request, startAgent, tempDir, waitFor } from './agent-harness';

/** The agent's log lines that name a user, as an operator would grep them. */
const linesAbout = (output: string, username: string) =>
  output.split('\n').filter((line) => line.includes(` ${username}:`));

describe("the panel's request id in the agent's log", () => {
  let dir: string;
  let agent: RunningAgent;

  beforeAll(async () => {
    dir = await tempDir('request-id');
    const cfg = path.join(dir, 'CCcam.cfg');
    await writeFile(cfg, '');
    agent = await startAgent({ env: baseEnv(cfg) });
  });

  afterAll(async () => {
    expect(await agent.stop()).toBe(0);
    await removeDir(dir);
  });

  it('ends the lines a call logs with the X-Request-Id it came with', async () => {
    const add = { username: 'rid1', password: 'pw', expiryDate: '01-01-2099' };
    const res = await request(`${agent.baseUrl}/add-user`, 'POST', add, undefined, {
      'x-request-id': 'panel-req-42',
    });
    expect(res.status).toBe(200);
    await waitFor(() => linesAbout(agent.output(), 'rid1').length > 0);
    expect(linesAbout(agent.output(), 'rid1')[0]).toMatch(/add-user rid1: .* request_id=panel-req-42$/);
  });

  it('names each change of a batch by its own request, and logs no id for a call without one or with a malformed one', async () => {
    const change = (username: string) => ({
      changes: [{ action: 'add-user', username, password: 'pw', expiryDate: '01-01-2099' }],
    });
    const [a, b, c] = await Promise.all([
      request(`${agent.baseUrl}/batch`, 'POST', change('rid2'), undefined, { 'x-request-id': 'req-a' }),
      request(`${agent.baseUrl}/batch`, 'POST', change('rid3'), undefined, { 'x-request-id': 'req-b' }),
      request(`${agent.baseUrl}/batch`, 'POST', change('rid4'), undefined, { 'x-request-id': 'not valid!' }),
    ]);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    await waitFor(() => ['rid2', 'rid3', 'rid4'].every((u) => linesAbout(agent.output(), u).length > 0));
    const output = agent.output();
    expect(linesAbout(output, 'rid2')[0]).toMatch(/request_id=req-a$/);
    expect(linesAbout(output, 'rid3')[0]).toMatch(/request_id=req-b$/);
    expect(linesAbout(output, 'rid4')[0]).not.toContain('request_id=');
  });
});
