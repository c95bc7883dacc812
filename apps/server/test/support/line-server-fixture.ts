import { afterAll, beforeAll } from 'vitest';
import { startLineAgent, type TestAgent } from './line-agent.js';
import { addAgentServer } from './line-fixtures.js';
import type { TestClient } from './test-client.js';
import { startTestServer, type TestServer } from './test-server.js';

export type LineServerFixture = {
  readonly server: TestServer;
  /** The first admin, signed in. */
  readonly admin: TestClient;
  /** A real line agent, the server's one active server. */
  readonly agent: TestAgent;
};

/**
 * For the tests of the calling file: a server whose periodic server check and line reconcile are
 * off, so only the tests' own requests reach the agent, with a real line agent added as its active
 * server. Started before the first test and stopped after the last; every file gets its own.
 */
export function lineServerFixture(): LineServerFixture {
  const fixture: { -readonly [K in keyof LineServerFixture]?: LineServerFixture[K] } = {};
  beforeAll(async () => {
    fixture.server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
    });
    fixture.admin = await fixture.server.admin();
    fixture.agent = await startLineAgent();
    await addAgentServer(fixture.admin, fixture.agent);
  });
  afterAll(async () => {
    await fixture.server?.close();
    await fixture.agent?.cleanup();
  });
  return fixture as LineServerFixture;
}
