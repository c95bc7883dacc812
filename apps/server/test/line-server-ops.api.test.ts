import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import {
  addAgentServer,
  agentUsers,
  balanceOf,
  signUpAccount,
  type Account,
} from './support/line-fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';

describe('lines on a CCcam server: username limit and server reloads', () => {
  let server: TestServer;
  let agent: TestAgent;
  let agentServer: { id: number };
  let reseller: Account;
  let brokenFlag: string;

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      // The agent's restart command is spawned per write; a loaded machine can take a while.
      SERVER_API_TIMEOUT_MS: '30000',
    });
    const admin = await server.admin();
    // The "restart" fails while the flag file exists, as a CCcam that does not come back would.
    agent = await startLineAgent({
      env: {
        AGENT_RELOAD_COMMAND: `if [ -e "$(dirname "$AGENT_CONFIG_FILE")/restart-broken" ]; then echo 'CCcam did not come back' >&2; exit 3; fi`,
        AGENT_RELOAD_GATHER_MS: '0',
      },
    });
    brokenFlag = path.join(path.dirname(agent.configFile), 'restart-broken');
    agentServer = await addAgentServer(admin, agent);
    reseller = await signUpAccount(server, 'cccam-limits@example.com', 10);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
  });

  it('refuses a username over 20 characters for a CCcam server before charging anything', async () => {
    const before = await balanceOf(server, reseller.id);
    const long = 'abcdefghij0123456789z';
    const res = await reseller.client.post('/api/lines', {
      username: long,
      password: 'pw-long',
      subscription_months: 1,
      server_id: agentServer.id,
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('LINE_USERNAME_TOO_LONG_FOR_CCCAM');
    expect(res.body.error.message).toBe('Usernames on CCcam servers can be at most 20 characters');
    expect(res.body.error.details.params).toEqual({ max: 20 });
    expect(await balanceOf(server, reseller.id)).toBe(before);
    expect((await reseller.client.get(`/api/lines?search=${long}`)).body.total).toBe(0);
    expect((await agentUsers(agent)).map((user) => user.username)).not.toContain(long);

    const fits = await reseller.client.post('/api/lines', {
      username: long.slice(0, 20),
      password: 'pw-long',
      subscription_months: 1,
      server_id: agentServer.id,
    });
    expect(fits.status).toBe(201);
    expect(fits.body.sync.ok).toBe(true);
    expect(fits.body.charged).toBeGreaterThan(0);
  });

  it('reports a change the server did not apply as a sync failure with its code, and syncs on retry', async () => {
    await writeFile(brokenFlag, '');
    let lineId: number;
    try {
      const res = await reseller.client.post('/api/lines', {
        username: `reload${Date.now().toString(36)}`,
        password: 'pw-reload',
        subscription_months: 1,
        server_id: agentServer.id,
      });
      expect(res.status).toBe(201);
      lineId = res.body.line.id;
      expect(res.body.sync.ok).toBe(false);
      expect(res.body.sync.code).toBe('LINE_SERVER_RELOAD_FAILED');
      expect(res.body.sync.message).toMatch(
        /^The change reached the server, but the server did not apply it: reload command exited with code 3: CCcam did not come back/,
      );
      const line = (await reseller.client.get(`/api/lines/${lineId}`)).body;
      expect(line.sync_state).toBe('failing');
      expect(line.sync_error).toBe(res.body.sync.message);
      const events = (await reseller.client.get(`/api/lines/${lineId}/events`)).body;
      const failed = (events.items ?? events).find((event: any) => event.action === 'sync_failed');
      expect(failed.details.code).toBe('LINE_SERVER_RELOAD_FAILED');
    } finally {
      await rm(brokenFlag, { force: true });
    }
    // The file already holds the line; the retry is what makes the server take it.
    const retried = await reseller.client.post(`/api/lines/${lineId}/sync`);
    expect(retried.body.sync).toEqual({ ok: true, code: null, message: null, params: null });
    expect(retried.body.line.sync_state).toBe('synced');
  });
});
