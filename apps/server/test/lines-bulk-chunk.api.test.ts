import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, lineEvents } from '../src/db/schema.js';
import { lineBulkRepository } from '../src/modules/line-bulk/line-bulk.repository.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import {
  addAgentServer,
  agentUsers,
  balanceOf,
  bulkJobDone,
  ledgerSum,
  signUpAccount,
} from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

// Bulk switches, deletes and plan changes write a chunk of lines per transaction (#52): what a user
// sees stays per line: each line's result, charge, ledger and history row, and its agent's entry.
describe('bulk actions a chunk of lines at a time', () => {
  let server: TestServer;
  let admin: TestClient;
  let agent: TestAgent;
  let counter = 0;
  const name = () => `chunk${++counter}x${Date.now().toString(36)}`;

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

  it('changes the plan of the lines its payer can still pay, refusing the others each with its own error, balance and ledger exact', async () => {
    const plan = await admin.post('/api/line-plans', {
      name: 'Chunk dearer',
      prices: [{ months: 1, credits: 5 }],
      restrictions: { max_connections: 2 },
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    // Five lines at 2 credits and a trial leave 7: two plan changes of 3 (5 − 2) each.
    const payer = await signUpAccount(server, 'chunk-plan@example.com', 5 * 2 + 7);
    const create = async (body: Record<string, unknown>) => {
      const res = await payer.client.post('/api/lines', { username: name(), password: 'pw-1234', ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.line as { id: number; username: string; plan_id: number };
    };
    const [a, trial, b, c, d, e] = [
      await create({ subscription_months: 1 }),
      await create({ is_trial: true }),
      await create({ subscription_months: 1 }),
      await create({ subscription_months: 1 }),
      await create({ subscription_months: 1 }),
      await create({ subscription_months: 1 }),
    ];
    const lines = [a!, trial!, b!, c!, d!, e!];
    expect(await balanceOf(server, payer.id)).toBe(7);
    // A job asked for while the balance covered it and spent elsewhere before it ran (the request
    // refuses a job the balance cannot cover, so it is written as the request writes it).
    const job = await server.built.ctx.db.transaction(async (tx) => {
      const row = await lineBulkRepository.insertJob(tx, {
        accountId: payer.id,
        isAdmin: false,
        action: 'change_plan',
        params: { plan_id: plan.body.id, charge_per_line: 3 },
        total: lines.length,
      });
      await lineBulkRepository.insertItems(
        tx,
        row.id,
        lines.map((line, i) => ({ seq: i + 1, lineId: line.id, username: line.username })),
      );
      return row;
    });
    const done = await bulkJobDone(payer.client, job.id);
    expect(done).toMatchObject({ total: 6, succeeded: 2, refused: 4, charged: 6 });
    expect(done.refusals).toEqual([
      expect.objectContaining({ line_id: trial!.id, code: 'LINE_PLAN_CHANGE_TRIAL' }),
      ...[c!, d!, e!].map((line) =>
        expect.objectContaining({
          line_id: line.id,
          code: 'INSUFFICIENT_CREDITS',
          message: 'Insufficient credits. Required: 3, Available: 1',
        }),
      ),
    ]);
    for (const line of lines) {
      const now = (await payer.client.get(`/api/lines/${line.id}`)).body;
      expect(now.plan_id, line.username).toBe(line === a || line === b ? plan.body.id : line.plan_id);
    }
    expect(await balanceOf(server, payer.id)).toBe(1);
    expect(await ledgerSum(server, payer.id)).toBe(1);
    const charges = await server.built.ctx.db
      .select({ refId: creditLedger.refId, delta: creditLedger.delta, after: creditLedger.balanceAfter })
      .from(creditLedger)
      .where(and(eq(creditLedger.accountId, payer.id), eq(creditLedger.reason, 'line_plan_change')))
      .orderBy(asc(creditLedger.id));
    expect(charges).toEqual([
      { refId: String(a!.id), delta: -3, after: 4 },
      { refId: String(b!.id), delta: -3, after: 1 },
    ]);
    const history = await server.built.ctx.db
      .select({ lineId: lineEvents.lineId })
      .from(lineEvents)
      .where(
        and(
          inArray(
            lineEvents.lineId,
            lines.map((line) => line.id),
          ),
          eq(lineEvents.action, 'plan_changed'),
        ),
      )
      .orderBy(asc(lineEvents.lineId));
    expect(history.map((row) => row.lineId)).toEqual([a!.id, b!.id].sort((x, y) => x - y));
    // The two changed lines reach the agent with their new plan.
    for (const line of [a!, b!]) {
      await waitFor(
        async () => (await payer.client.get(`/api/lines/${line.id}`)).body.sync_state,
        (state) => state === 'synced',
      );
    }
  });

  it('disables, then deletes, 250 lines (three chunks) and every one of them reaches the agent', async () => {
    const count = 250;
    const created = await admin.post('/api/lines/bulk', {
      action: 'create',
      count,
      username_prefix: `c${Date.now().toString(36)}-`,
      subscription_months: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(await bulkJobDone(admin, created.body.id)).toMatchObject({ total: count, succeeded: count });
    const items = await lineBulkRepository.itemsAfter(server.built.ctx.db, created.body.id, 0, count);
    const lineIds = items.map((item) => item.lineId!);
    const usernames = new Set(items.map((item) => item.username!));
    expect(lineIds).toHaveLength(count);
    await waitFor(
      () => agentUsers(agent),
      (users) => users.filter((u) => usernames.has(u.username) && u.enabled).length === count,
    );

    const disabled = await admin.post('/api/lines/bulk', { action: 'disable', ids: lineIds });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(202);
    // The job's page is asked back to back while it runs: a user watching it sees it move, chunk by
    // chunk (the embedded database once held every request until the job's last statement, so the
    // first answer after the start was the finished job).
    const seen: number[] = [];
    let page: { status: string; succeeded: number };
    for (;;) {
      const res = await admin.get(`/api/lines/bulk/${disabled.body.id}`).catch(() => null);
      if (!res) continue;
      page = res.body;
      seen.push(page.succeeded);
      if (page.status === 'done') break;
    }
    expect(
      seen.some((succeeded) => succeeded > 0 && succeeded < count),
      `progress seen: ${[...new Set(seen)].join(', ')}`,
    ).toBe(true);
    expect(page).toMatchObject({
      total: count,
      succeeded: count,
      refused: 0,
    });
    await waitFor(
      () => agentUsers(agent),
      (users) => users.filter((u) => usernames.has(u.username) && !u.enabled).length === count,
    );
    const switched = await server.built.ctx.db
      .select({ lineId: lineEvents.lineId })
      .from(lineEvents)
      .where(and(inArray(lineEvents.lineId, lineIds), eq(lineEvents.action, 'disabled')));
    expect(new Set(switched.map((row) => row.lineId)).size).toBe(count);
    expect(switched).toHaveLength(count);

    // Run again: already so, each line done and nothing written twice.
    const again = await admin.post('/api/lines/bulk', { action: 'disable', ids: lineIds });
    expect(await bulkJobDone(admin, again.body.id)).toMatchObject({
      total: count,
      succeeded: count,
      refused: 0,
    });
    const switchedAgain = await server.built.ctx.db
      .select({ lineId: lineEvents.lineId })
      .from(lineEvents)
      .where(and(inArray(lineEvents.lineId, lineIds), eq(lineEvents.action, 'disabled')));
    expect(switchedAgain).toHaveLength(count);

    const deleted = await admin.post('/api/lines/bulk', { action: 'delete', ids: lineIds });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(202);
    expect(await bulkJobDone(admin, deleted.body.id)).toMatchObject({
      total: count,
      succeeded: count,
      refused: 0,
    });
    await waitFor(
      () => agentUsers(agent),
      (users) => !users.some((u) => usernames.has(u.username)),
    );
    for (const id of [lineIds[0]!, lineIds[count / 2]!, lineIds[count - 1]!]) {
      expect((await admin.get(`/api/lines/${id}`)).status).toBe(404);
    }
    const gone = await server.built.ctx.db
      .select({ lineId: lineEvents.lineId })
      .from(lineEvents)
      .where(and(inArray(lineEvents.lineId, lineIds), eq(lineEvents.action, 'deleted')));
    expect(gone).toHaveLength(count);
  });
});
