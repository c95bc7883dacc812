import { appendFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger } from '../src/db/schema.js';
import { ledgerMismatches } from './support/db-fingerprint.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, balanceOf, signUpAccount, type Account } from './support/line-fixtures.js';
import { testPostgresUrl } from './support/test-database.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

/**
 * Two app instances on one PostgreSQL database, both delivering and both asked to send the lines
 * again while the agent refuses them: each refused line is given back exactly once.
 */
describe.skipIf(!testPostgresUrl())('a refused line at two instances at once', () => {
  let first: TestServer;
  let second: TestServer;
  let agent: TestAgent;
  let reseller: Account;

  beforeAll(async () => {
    const quiet = {
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      LINE_SYNC_RETRY_BASE_MS: '200',
      LINE_SYNC_RETRY_MAX_MS: '400',
    };
    first = await startTestServer(quiet);
    const database = first.built.ctx.config.database;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    second = await startTestServer({ ...quiet, DATABASE_URL: database.url });
    agent = await startLineAgent();
    await addAgentServer(await first.admin(), agent);
    reseller = await signUpAccount(first, 'refused-instances@example.com', 100);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await agent?.cleanup();
  });

  it('refunds each refused line once', async () => {
    // Made while the agent is down: charged, and left to the outbox workers of both instances.
    await agent.stop();
    const ids: number[] = [];
    const names: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const username = `twice${i}${Date.now().toString(36).slice(-4)}`;
      const created = await reseller.client.post('/api/lines', {
        username,
        password: 'twice-pw-1',
        subscription_months: 1,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids.push(created.body.line.id as number);
      names.push(username);
    }
    expect(await balanceOf(first, reseller.id)).toBe(100 - 6 * 2);
    await appendFile(agent.configFile, names.map((name) => `F: ${name} by-hand-pw\n`).join(''));
    await agent.restart();
    // Both instances' workers take the retries; the owner asks both to send each line now as well.
    const secondClient = second.client();
    const signedIn = await secondClient.post('/api/auth/sign-in', {
      email: reseller.email,
      password: 'user-password-1',
    });
    expect(signedIn.status).toBe(200);
    await Promise.all(
      ids.flatMap((id) => [
        reseller.client.post(`/api/lines/${id}/sync`),
        secondClient.post(`/api/lines/${id}/sync`),
      ]),
    );
    await waitFor(
      () =>
        Promise.all(ids.map(async (id) => (await reseller.client.get(`/api/lines/${id}`)).body.sync_state)),
      (states) => states.every((state) => state === 'refused'),
      60_000,
    );
    for (const id of ids) {
      const rows = await first.built.ctx.db
        .select({ reason: creditLedger.reason, delta: creditLedger.delta })
        .from(creditLedger)
        .where(and(eq(creditLedger.refType, 'line'), eq(creditLedger.refId, String(id))))
        .orderBy(creditLedger.id);
      expect(rows).toEqual([
        { reason: 'line_create', delta: -2 },
        { reason: 'line_refused_refund', delta: 2 },
      ]);
    }
    expect(await balanceOf(first, reseller.id)).toBe(100);
    expect(await ledgerMismatches(first)).toEqual([]);
  }, 180_000);
});
