import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger } from '../src/db/schema.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, balanceOf, signUpAccount, type Account } from './support/line-fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/**
 * A renewal racing the line's delete: whatever order they land in, a renewal is charged exactly when
 * it answers 200, so a reseller never pays for a renewal they were told failed.
 */
describe('a renewal racing a delete', () => {
  let server: TestServer;
  let agent: TestAgent;
  let reseller: Account;

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
    });
    agent = await startLineAgent();
    reseller = await signUpAccount(server, 'racer@example.com', 200);
    await addAgentServer(await server.admin(), agent);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
  });

  it('charges each renewal that answers 200 once, and none that is refused', async () => {
    const renewalsPerTry = 6;
    for (let attempt = 0; attempt < 5; attempt++) {
      const created = await reseller.client.post('/api/lines', {
        username: `race${attempt}x${Date.now().toString(36)}`,
        password: 'pw-1234',
        subscription_months: 1,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.line.id as number;

      const [deleted, ...renewals] = await Promise.all([
        reseller.client.delete(`/api/lines/${id}`),
        ...Array.from({ length: renewalsPerTry }, () =>
          reseller.client.post(`/api/lines/${id}/renew`, { subscription_months: 1 }),
        ),
      ]);
      expect(deleted!.status, JSON.stringify(deleted!.body)).toBe(200);

      const charges = await server.built.ctx.db
        .select()
        .from(creditLedger)
        .where(
          and(
            eq(creditLedger.accountId, reseller.id),
            eq(creditLedger.reason, 'line_renew'),
            eq(creditLedger.refId, String(id)),
          ),
        );
      // Each charged renewal's answer names the balance its own ledger row left.
      const chargedBalances = charges.map((row) => row.balanceAfter).sort((a, b) => a - b);
      const answeredBalances: number[] = [];
      for (const renewal of renewals) {
        if (renewal.status === 200) {
          // A month costs what the create of one month cost.
          expect(renewal.body.charged).toBe(created.body.charged);
          expect(renewal.body.line.id).toBe(id);
          answeredBalances.push(renewal.body.balance as number);
        } else {
          expect(renewal.status, JSON.stringify(renewal.body)).toBe(404);
          expect(renewal.body.error.code).toBe('LINE_NOT_FOUND');
        }
      }
      expect(
        answeredBalances.sort((a, b) => a - b),
        `try ${attempt}`,
      ).toEqual(chargedBalances);
    }

    const ledger = await server.built.ctx.db
      .select({ delta: creditLedger.delta })
      .from(creditLedger)
      .where(eq(creditLedger.accountId, reseller.id));
    const sum = ledger.reduce((total, row) => total + row.delta, 0);
    expect(sum).toBe(await balanceOf(server, reseller.id));
  });
});
