import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, agentUsers, signUpAccount, type Account } from './support/line-fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const LINES = 40;
// A busy machine (the suites run side by side) makes 40 creates take a while; none of it is a sleep.
const SLOW_MS = 120_000;

describe('line delivery in batches', () => {
  let server: TestServer;
  let agent: TestAgent;
  let agentServer: { id: number };
  let reseller: Account;
  let reloadLog: string;

  const reloads = async () =>
    (await readFile(reloadLog, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      // Generous: on a loaded machine the agent's reload command alone can take seconds to spawn.
      SERVER_API_TIMEOUT_MS: '30000',
    });
    const admin = await server.admin();
    // startLineAgent makes the agent's directory, so the command finds it from the agent's settings.
    agent = await startLineAgent({
      env: {
        AGENT_RELOAD_COMMAND: `printf 'reloaded\\n' >> "$(dirname "$AGENT_CONFIG_FILE")/reload.log"`,
      },
    });
    reloadLog = path.join(path.dirname(agent.configFile), 'reload.log');
    agentServer = await addAgentServer(admin, agent);
    reseller = await signUpAccount(server, 'batch-reseller@example.com', LINES * 2);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
  });

  it(
    'answers concurrent creates once each line is in the agent file, with far fewer agent writes than lines',
    async () => {
      const names = Array.from({ length: LINES }, (_, i) => `batch${i}x${Date.now().toString(36)}`);
      const created = await Promise.all(
        names.map(async (username) => {
          const res = await reseller.client.post('/api/lines', {
            username,
            password: `pw-${username}`,
            subscription_months: 1,
            server_id: agentServer.id,
          });
          const inFile = (await readFile(agent.configFile, 'utf8')).includes(
            `\nF: ${username} pw-${username} `,
          );
          return { res, inFile };
        }),
      );
      for (const { res, inFile } of created) {
        expect(res.status).toBe(201);
        expect(res.body.sync).toEqual({ ok: true, code: null, message: null, params: null });
        expect(res.body.line.sync_state).toBe('synced');
        expect(inFile).toBe(true);
      }
      expect((await agentUsers(agent)).map((user) => user.username).sort()).toEqual([...names].sort());
      const count = await reloads();
      expect(count).toBeGreaterThanOrEqual(1);
      // How many writes the 40 share depends on how the requests interleave (one write per line before
      // batching); half is a bound that holds on an idle machine and on a loaded one.
      expect(count).toBeLessThanOrEqual(LINES / 2);

      // Suspending them all at once: each batch carries the enabled flag with the add, in one write.
      const suspended = await Promise.all(
        created.map(({ res }) => reseller.client.patch(`/api/lines/${res.body.line.id}`, { enabled: false })),
      );
      expect(
        suspended
          .filter((res) => !(res.status === 200 && res.body.sync.ok === true))
          .map((res) => [res.status, res.body.sync ?? res.body]),
      ).toEqual([]);
      expect((await agentUsers(agent)).every((user) => !user.enabled)).toBe(true);
      expect((await readFile(agent.configFile, 'utf8')).includes('F: batch')).toBe(false);
    },
    SLOW_MS,
  );
});
