import { LAST_EXPIRY_DATE } from '@linedesk/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger } from '../src/db/schema.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import {
  addAgentServer,
  agentUsers,
  balanceOf,
  bulkJobDone,
  ledgerSum,
  signUpAccount,
  type Account,
} from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

/**
 * The agent refuses an expiry after 2099-12-31 for good, so a line renewed past it would never sync
 * while its buyer had paid: a renewal that would pass the last date is refused before any charge,
 * alone or within a bulk renewal, and one that ends on or before it goes through.
 */
describe('the last expiry date a renewal may reach', () => {
  let server: TestServer;
  let admin: TestClient;
  let agent: TestAgent;
  let counter = 0;
  const name = () => `exlim${++counter}x${Date.now().toString(36)}`;

  /** A reseller's line whose expiry the admin moved to `expiry` (the server has taken it). */
  const lineExpiring = async (account: Account, expiry: string) => {
    const created = await account.client.post('/api/lines', {
      username: name(),
      password: 'pw-1234',
      subscription_months: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const line = created.body.line as { id: number; username: string; expiry_date: string };
    const moved = await admin.patch(`/api/lines/${line.id}`, { expiry_date: expiry });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.line.expiry_date).toBe(expiry);
    return line;
  };
  const renewCharges = (lineIds: number[]) =>
    server.built.ctx.db
      .select({ refId: creditLedger.refId, delta: creditLedger.delta })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.reason, 'line_renew'),
          inArray(
            creditLedger.refId,
            lineIds.map((id) => String(id)),
          ),
        ),
      );

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      LINE_SYNC_RETRY_BASE_MS: '200',
    });
    admin = await server.admin();
    agent = await startLineAgent();
    await addAgentServer(admin, agent);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
  });

  it('refuses a renewal past the last date with its code and charges nothing; one ending before it goes through', async () => {
    expect(LAST_EXPIRY_DATE).toBe('2099-12-31');
    const reseller = await signUpAccount(server, 'expiry-limit-one@example.com', 50);
    const line = await lineExpiring(reseller, '2099-11-15');
    const before = await balanceOf(server, reseller.id);

    // 2099-11-15 + 3 months = 2100-02-15: past the last date.
    const refused = await reseller.client.post(`/api/lines/${line.id}/renew`, { subscription_months: 3 });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: 'LINE_EXPIRY_OUT_OF_RANGE',
      details: { params: { expiry_date: '2100-02-15', last_date: '2099-12-31' } },
    });
    expect(await balanceOf(server, reseller.id)).toBe(before);
    expect(await renewCharges([line.id])).toEqual([]);
    expect((await reseller.client.get(`/api/lines/${line.id}`)).body.expiry_date).toBe('2099-11-15');

    // 2099-11-15 + 1 month = 2099-12-15: within it, charged once and taken by the agent.
    const renewed = await reseller.client.post(`/api/lines/${line.id}/renew`, { subscription_months: 1 });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.line.expiry_date).toBe('2099-12-15');
    expect(renewed.body.sync.ok).toBe(true);
    expect(await renewCharges([line.id])).toEqual([{ refId: String(line.id), delta: -2 }]);
    expect(await balanceOf(server, reseller.id)).toBe(before - 2);
    await waitFor(
      () => agentUsers(agent),
      (users) => users.some((u) => u.username === line.username && u.expiryDate === '15-12-2099'),
    );

    // From 2099-12-15 one more month is 2100-01-15: refused too.
    const again = await reseller.client.post(`/api/lines/${line.id}/renew`, { subscription_months: 1 });
    expect(again.body.error).toMatchObject({
      code: 'LINE_EXPIRY_OUT_OF_RANGE',
      details: { params: { expiry_date: '2100-01-15', last_date: '2099-12-31' } },
    });
    expect(await balanceOf(server, reseller.id)).toBe(before - 2);
    expect(await ledgerSum(server, reseller.id)).toBe(await balanceOf(server, reseller.id));
  });

  it('renews the other lines of a bulk renewal and refuses, free, the one it would take past the last date', async () => {
    const reseller = await signUpAccount(server, 'expiry-limit-bulk@example.com', 50);
    const near = await lineExpiring(reseller, '2099-11-15');
    const usual = await lineExpiring(reseller, '2030-06-10');
    const before = await balanceOf(server, reseller.id);
    const body = { action: 'renew', ids: [near.id, usual.id], subscription_months: 3 };

    // The preview prices only the line the run will renew (3 months of the default plan: 4 credits).
    const preview = await reseller.client.post('/api/lines/bulk/preview', body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ count: 2, charge_per_line: 4, charge_total: 4, sufficient: true });

    const started = await reseller.client.post('/api/lines/bulk', body);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const job = await bulkJobDone(reseller.client, started.body.id);
    expect(job).toMatchObject({ total: 2, succeeded: 1, refused: 1, charged: 4 });

    expect((await reseller.client.get(`/api/lines/${usual.id}`)).body.expiry_date).toBe('2030-09-10');
    expect((await reseller.client.get(`/api/lines/${near.id}`)).body.expiry_date).toBe('2099-11-15');
    expect(await renewCharges([near.id, usual.id])).toEqual([{ refId: String(usual.id), delta: -4 }]);
    expect(await balanceOf(server, reseller.id)).toBe(before - 4);
    expect(await ledgerSum(server, reseller.id)).toBe(await balanceOf(server, reseller.id));

    const csv = (await reseller.client.get(`/api/lines/bulk/${job.id}/results.csv`)).body as string;
    const refusedRow = csv.split('\n').find((row) => row.includes(near.username));
    expect(refusedRow, csv).toContain('LINE_EXPIRY_OUT_OF_RANGE');
    expect(csv.match(/LINE_EXPIRY_OUT_OF_RANGE/g)?.length, csv).toBe(1);
  });
});
