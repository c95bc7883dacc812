import { spawn, type ChildProcess } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import path from 'node:path';
import {
  LOCAL_AGENT_HOST,
  LOCAL_AGENT_USERNAME,
  localAgentCommand,
  localAgentPassword,
} from '@linedesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../agent/test/ports.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

const repository = path.resolve(import.meta.dirname, '../../..');

let server: TestServer;
let admin: TestClient;
let agent: ChildProcess | undefined;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(async () => {
  // The shell runs npm, npm runs the agent: the whole process group goes.
  if (agent?.pid && agent.exitCode === null) process.kill(-agent.pid, 'SIGTERM');
  await server?.close();
});

describe('the setup guide\'s "run an agent on this machine"', () => {
  it('is a command that, run in the checkout, gives an agent the panel adds as an active server', async () => {
    const password = localAgentPassword((bytes) => randomFillSync(bytes));
    const port = await freePort();
    // The command as the guide shows it (with a free port here instead of the default 3000).
    agent = spawn('sh', ['-c', localAgentCommand({ password, port })], {
      cwd: repository,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      detached: true,
    });
    let output = '';
    agent.stdout?.on('data', (d) => (output += String(d)));
    agent.stderr?.on('data', (d) => (output += String(d)));
    await waitFor(
      () => output,
      (text) => text.includes('listening on') || agent?.exitCode !== null,
      120_000,
    );
    expect(output).toContain(`listening on http://${LOCAL_AGENT_HOST}:${port}`);

    // The values the guide names for the Add server form; adding tests it at once.
    const added = await admin.post('/api/servers', {
      server_name: 'This machine',
      host_ip: LOCAL_AGENT_HOST,
      port: 12000,
      api_port: port,
      username: LOCAL_AGENT_USERNAME,
      password,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.status, JSON.stringify(added.body)).toBe('active');
    // And it takes a line.
    const line = await admin.post('/api/lines', {
      username: 'local-try',
      password: 'local-try-pass',
      subscription_months: 1,
      server_id: added.body.id,
    });
    expect(line.status, JSON.stringify(line.body)).toBe(201);
    expect(line.body.sync).toMatchObject({ ok: true });
  }, 180_000);
});
