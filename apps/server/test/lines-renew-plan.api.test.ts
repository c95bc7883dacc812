import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '@linedesk/shared';
import { creditLedger } from '../src/db/schema.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, balanceOf, signUpAccount, type Account } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

/**
 * A renewal that moves the line to another plan: priced on the new plan, the days left topped up to
 * it pro rata, charged in one ledger row with the renewal; the line's plan, expiry and history change
 * together and its server is sent the new plan's settings.
 */
describe('a renewal with a plan change', () => {
  let server: TestServer;
  let admin: TestClient;
  let agent: TestAgent;
  let serverId: number;
  let planId: number;
  let counter = 0;
  const name = () => `rnplan${++counter}x${Date.now().toString(36)}`;
  const oscamUser = () => readFile(agent.configFile, 'utf8');
  const section = (text: string, username: string) => {
    const at = text.indexOf(`user = ${username}\n`);
    if (at < 0) return [];
    const lines = text.slice(at).split('\n');
    const end = lines.findIndex((line) => line === '' || line.startsWith('#'));
    return lines.slice(0, end);
  };
  const create = async (account: Account) => {
    const res = await account.client.post('/api/lines', {
      username: name(),
      password: 'pw-1234',
      subscription_months: 1,
      server_id: serverId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.line as { id: number; username: string; expiry_date: string; plan_id: number };
  };
  const renewCharges = (accountId: string, lineId: number) =>
    server.built.ctx.db
      .select()
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.accountId, accountId),
          eq(creditLedger.reason, 'line_renew'),
          eq(creditLedger.refId, String(lineId)),
        ),
      );
  const expectLedgerMatches = async (accountId: string) => {
    const rows = await server.built.ctx.db
      .select({ delta: creditLedger.delta })
      .from(creditLedger)
      .where(eq(creditLedger.accountId, accountId));
    expect(rows.reduce((sum, row) => sum + row.delta, 0)).toBe(await balanceOf(server, accountId));
  };

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      LINE_SYNC_RETRY_BASE_MS: '200',
    });
    admin = await server.admin();
    agent = await startLineAgent({ oscam: true });
    serverId = (await addAgentServer(admin, agent, 'Renew side')).id;
    // The default plan sells a month for 2 credits; this one for 5.
    const plan = await admin.post('/api/line-plans', {
      name: 'Two screens',
      prices: [
        { months: 1, credits: 5 },
        { months: 3, credits: 12 },
      ],
      restrictions: { max_connections: 2, uniq: 3 },
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    planId = plan.body.id;
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
  });

  it("charges the new plan's renewal and the difference for the days left, in one write with the plan and expiry, and tells the server", async () => {
    const reseller = await signUpAccount(server, 'rnplan-one@example.com', 50);
    const line = await create(reseller);
    expect(await balanceOf(server, reseller.id)).toBe(48);

    const renewed = await reseller.client.post(`/api/lines/${line.id}/renew`, {
      subscription_months: 1,
      plan_id: planId,
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    // A month on the new plan (5), and the whole month the line still has topped up from 2 to 5 (3).
    expect(renewed.body).toMatchObject({ charged: 8, balance: 40 });
    expect(renewed.body.line).toMatchObject({
      plan_id: planId,
      expiry_date: addMonths(line.expiry_date, 1),
      subscription_months: 1,
    });
    const charges = await renewCharges(reseller.id, line.id);
    expect(charges.map((row) => row.delta)).toEqual([-8]);
    await expectLedgerMatches(reseller.id);

    const history = await reseller.client.get(`/api/lines/${line.id}/events`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(JSON.stringify(history.body)).toContain(`"to_plan_id":${planId}`);

    const written = await waitFor(
      async () => section(await oscamUser(), line.username),
      (lines) => lines.includes('uniq = 3'),
    );
    expect(written).toEqual(expect.arrayContaining(['max_connections = 2', 'uniq = 3']));

    // Renewing again on the plan it is on now costs only the renewal.
    const again = await reseller.client.post(`/api/lines/${line.id}/renew`, {
      subscription_months: 1,
      plan_id: planId,
    });
    expect(again.body).toMatchObject({ charged: 5, balance: 35 });
  });

  it('refuses a plan the reseller may not sell, and one that takes no lines; nothing is charged', async () => {
    const reseller = await signUpAccount(server, 'rnplan-refused@example.com', 20);
    const line = await create(reseller);
    const limited = await admin.put(`/api/accounts/${reseller.id}/limits`, {
      max_lines: null,
      allowed_plan_ids: [1],
      allowed_server_ids: null,
      trials_per_day: null,
      trial_min_balance: 0,
      sub_reseller_depth: null,
      sub_reseller_price: 0,
      credit_limit: 0,
    });
    expect(limited.status, JSON.stringify(limited.body)).toBe(200);
    const refused = await reseller.client.post(`/api/lines/${line.id}/renew`, {
      subscription_months: 1,
      plan_id: planId,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'LINE_PLAN_NOT_ALLOWED',
      details: { params: { plan: 'Two screens' } },
    });
    const unknown = await reseller.client.post(`/api/lines/${line.id}/renew`, {
      subscription_months: 1,
      plan_id: 999_999,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('LINE_PLAN_NOT_FOUND');
    expect(await balanceOf(server, reseller.id)).toBe(18);
    expect((await reseller.client.get(`/api/lines/${line.id}`)).body).toMatchObject({
      plan_id: 1,
      expiry_date: line.expiry_date,
    });
  });

  it('two renewals moving the same line at once: the difference is charged once, the ledger is the balance', async () => {
    const reseller = await signUpAccount(server, 'rnplan-race@example.com', 100);
    for (let attempt = 0; attempt < 3; attempt++) {
      const line = await create(reseller);
      const before = await balanceOf(server, reseller.id);
      const answers = await Promise.all(
        [0, 1].map(() =>
          reseller.client.post(`/api/lines/${line.id}/renew`, { subscription_months: 1, plan_id: planId }),
        ),
      );
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      // The first to take the line's lock moves it (5 + 3); the other renews it on the new plan (5).
      expect(answers.map((a) => a.body.charged as number).sort((a, b) => a - b)).toEqual([5, 8]);
      expect(await balanceOf(server, reseller.id)).toBe(before - 13);
      const now = (await reseller.client.get(`/api/lines/${line.id}`)).body;
      expect(now).toMatchObject({ plan_id: planId, expiry_date: addMonths(line.expiry_date, 2) });
      const charges = await renewCharges(reseller.id, line.id);
      expect(charges.map((row) => row.delta).sort((a, b) => a - b)).toEqual([-8, -5]);
    }
    await expectLedgerMatches(reseller.id);
  });
});
