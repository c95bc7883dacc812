import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import {
  addAgentServer,
  balanceOf,
  bulkJobDone,
  signUpAccount,
  type Account,
} from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

describe('changing the plan of lines in bulk', () => {
  let server: TestServer;
  let admin: TestClient;
  let agent: TestAgent;
  let newcamdAgent: TestAgent;
  let cccamServer: { id: number };
  let newcamdServer: { id: number };
  let reseller: Account;
  let other: Account;
  let counter = 0;
  const name = () => `chplan${++counter}x${Date.now().toString(36)}`;
  const oscamUser = () => readFile(agent.configFile, 'utf8');
  /** A line's section of oscam.user: its lines up to the next blank line or the block's end marker. */
  const section = (text: string, username: string) => {
    const at = text.indexOf(`user = ${username}\n`);
    if (at < 0) return [];
    const lines = text.slice(at).split('\n');
    const end = lines.findIndex((line) => line === '' || line.startsWith('#'));
    return lines.slice(0, end);
  };
  const create = async (account: Account, serverId: number, months = 1) => {
    const res = await account.client.post('/api/lines', {
      username: name(),
      password: 'pw-1234',
      subscription_months: months,
      server_id: serverId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.sync, JSON.stringify(res.body.sync)).toMatchObject({ ok: true });
    return res.body.line as { id: number; username: string; expiry_date: string; plan_id: number };
  };
  /** The caller's plan-change ledger rows, newest first. */
  const planCharges = async (client: TestClient) => {
    const res = await client.get('/api/credits/ledger?reason=line_plan_change&page_size=100');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items as { delta: number; ref_id: string; balance_after: number; note: string | null }[];
  };
  const planOf = async (client: TestClient, id: number) =>
    (await client.get(`/api/lines/${id}`)).body.plan_id as number;

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      LINE_SYNC_RETRY_BASE_MS: '200',
    });
    admin = await server.admin();
    agent = await startLineAgent({ oscam: true });
    cccamServer = await addAgentServer(admin, agent, 'CCcam side');
    // A second server announced as NewCamd (one agent serves one record, so it has its own).
    newcamdAgent = await startLineAgent({ oscam: true });
    const created = await admin.post('/api/servers', {
      server_name: 'NewCamd side',
      host_ip: '127.0.0.1',
      port: 12001,
      api_port: newcamdAgent.port,
      username: newcamdAgent.username,
      password: newcamdAgent.password,
      protocol: 'NewCamd',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    newcamdServer = created.body;
    const tested = await admin.post(`/api/servers/${newcamdServer.id}/test`);
    expect(tested.body.status, JSON.stringify(tested.body)).toBe('active');
    [reseller, other] = await Promise.all([
      signUpAccount(server, 'chplan-reseller@example.com', 100),
      signUpAccount(server, 'chplan-other@example.com', 100),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
    await newcamdAgent?.cleanup();
  });

  it("moves lines to a dearer plan for each line's price difference, keeps their expiry, sends the plan's restrictions to the server and refuses the lines it cannot take", async () => {
    const plan = await admin.post('/api/line-plans', {
      name: 'Two screens',
      prices: [
        { months: 1, credits: 5 },
        { months: 3, credits: 12 },
      ],
      restrictions: { max_connections: 2, uniq: 3, allowed_protocols: ['cccam'] },
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const planId = plan.body.id as number;

    const moved = [await create(reseller, cccamServer.id), await create(reseller, cccamServer.id, 3)];
    const sixMonths = await create(reseller, cccamServer.id, 6);
    const onNewcamd = await create(reseller, newcamdServer.id);
    const foreign = await create(other, cccamServer.id);
    for (const line of moved) {
      expect(section(await oscamUser(), line.username).some((l) => l.startsWith('uniq'))).toBe(false);
    }
    const ids = [...moved, sixMonths, onNewcamd, foreign].map((line) => line.id);

    const missing = await reseller.client.post('/api/lines/bulk/preview', { action: 'change_plan', ids });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('LINE_BULK_PLAN_REQUIRED');
    const unknown = await reseller.client.post('/api/lines/bulk/preview', {
      action: 'change_plan',
      ids,
      plan_id: 999_999,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('LINE_PLAN_NOT_FOUND');

    const balance = await balanceOf(server, reseller.id);
    const body = { action: 'change_plan', ids, plan_id: planId };
    const preview = await reseller.client.post('/api/lines/bulk/preview', body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    // 1 month: 5 - 2, 3 months: 12 - 4; the lines the plan cannot take cost nothing.
    expect(preview.body).toEqual({
      action: 'change_plan',
      count: 4,
      refused: 1,
      charge_per_line: 8,
      charge_total: 11,
      balance,
      sufficient: true,
      refusal: null,
    });

    const started = await reseller.client.post('/api/lines/bulk', body);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const job = await bulkJobDone(reseller.client, started.body.id);
    expect(job).toMatchObject({ status: 'done', total: 5, succeeded: 2, refused: 3, charged: 11 });
    const refusals = new Map(
      (job.refusals as { line_id: number; code: string; message: string }[]).map((r) => [r.line_id, r]),
    );
    expect(refusals.get(sixMonths.id)).toMatchObject({
      code: 'LINE_PLAN_DURATION_NOT_OFFERED',
      message: 'This plan does not offer a line of 6 months',
    });
    expect(refusals.get(onNewcamd.id)).toMatchObject({
      code: 'LINE_PLAN_PROTOCOL_NOT_ALLOWED',
      message: "This plan does not allow the NewCamd protocol of the line's server",
    });
    expect(refusals.get(foreign.id)).toMatchObject({ code: 'LINE_NOT_FOUND' });
    expect(await balanceOf(server, reseller.id)).toBe(balance - 11);
    const charges = await planCharges(reseller.client);
    expect(charges.map((c) => [c.ref_id, c.delta, c.note]).sort()).toEqual(
      [
        [String(moved[0]!.id), -3, moved[0]!.username],
        [String(moved[1]!.id), -8, moved[1]!.username],
      ].sort(),
    );
    expect(charges[0]!.balance_after).toBe(balance - 11);

    for (const line of moved) {
      const now = (await reseller.client.get(`/api/lines/${line.id}`)).body;
      expect(now).toMatchObject({ plan_id: planId, expiry_date: line.expiry_date });
      const history = await reseller.client.get(`/api/lines/${line.id}/events`);
      expect(history.body.items).toContainEqual(
        expect.objectContaining({
          action: 'plan_changed',
          details: expect.objectContaining({ plan: 'Two screens' }),
        }),
      );
      // The outbox worker delivers the new restrictions to the line's server.
      const written = await waitFor(
        async () => section(await oscamUser(), line.username),
        (lines) => lines.includes('uniq = 3'),
      );
      expect(written).toEqual(
        expect.arrayContaining(['max_connections = 2', 'uniq = 3', 'allowedprotocols = cccam']),
      );
      await waitFor(
        async () => (await reseller.client.get(`/api/lines/${line.id}`)).body.sync_state,
        (state) => state === 'synced',
      );
    }
    for (const line of [sixMonths, onNewcamd]) {
      expect((await reseller.client.get(`/api/lines/${line.id}`)).body.plan_id).toBe(line.plan_id);
      expect(section(await oscamUser(), line.username).some((l) => l.startsWith('uniq'))).toBe(false);
    }
    expect((await other.client.get(`/api/lines/${foreign.id}`)).body.plan_id).toBe(foreign.plan_id);

    // The plan's line count follows.
    const plans = await admin.get('/api/line-plans');
    expect(plans.body.items.find((p: { id: number }) => p.id === planId).line_count).toBe(2);

    // Moving them back to the cheaper standard plan costs nothing and lifts the restrictions.
    const backBody = { action: 'change_plan', ids: moved.map((line) => line.id), plan_id: 1 };
    expect((await reseller.client.post('/api/lines/bulk/preview', backBody)).body).toMatchObject({
      charge_per_line: 0,
      charge_total: 0,
      sufficient: true,
    });
    const back = await reseller.client.post('/api/lines/bulk', backBody);
    expect(back.status, JSON.stringify(back.body)).toBe(202);
    expect(await bulkJobDone(reseller.client, back.body.id)).toMatchObject({
      succeeded: 2,
      refused: 0,
      charged: 0,
    });
    expect(await balanceOf(server, reseller.id)).toBe(balance - 11);
    expect(await planCharges(reseller.client)).toHaveLength(2);
    for (const line of moved) {
      await waitFor(
        async () => section(await oscamUser(), line.username),
        (lines) => lines.length > 0 && !lines.some((l) => l.startsWith('uniq')),
      );
    }
  });

  it('refuses an archived plan for the whole action', async () => {
    const plan = await admin.post('/api/line-plans', {
      name: 'Retired',
      prices: [{ months: 1, credits: 1 }],
    });
    await admin.patch(`/api/line-plans/${plan.body.id}`, { archived: true });
    const line = await create(reseller, cccamServer.id);
    const res = await reseller.client.post('/api/lines/bulk', {
      action: 'change_plan',
      ids: [line.id],
      plan_id: plan.body.id,
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('LINE_PLAN_NOT_FOUND');
  });

  it('refuses, changing nothing, when the balance cannot pay the differences', async () => {
    const plan = await admin.post('/api/line-plans', { name: 'Dear', prices: [{ months: 1, credits: 5 }] });
    const poor = await signUpAccount(server, 'chplan-poor@example.com', 5);
    const lines = [await create(poor, cccamServer.id), await create(poor, cccamServer.id)];
    expect(await balanceOf(server, poor.id)).toBe(1);
    const body = { action: 'change_plan', ids: lines.map((line) => line.id), plan_id: plan.body.id };
    const preview = await poor.client.post('/api/lines/bulk/preview', body);
    expect(preview.body).toMatchObject({
      charge_per_line: 3,
      charge_total: 6,
      balance: 1,
      sufficient: false,
    });
    const started = await poor.client.post('/api/lines/bulk', body);
    expect(started.status).toBe(402);
    expect(started.body.error).toEqual({
      code: 'INSUFFICIENT_CREDITS',
      message: 'Insufficient credits. Required: 6, Available: 1',
      details: { params: { required: 6, available: 1 } },
    });
    for (const line of lines) expect(await planOf(poor.client, line.id)).toBe(line.plan_id);
    expect(await balanceOf(server, poor.id)).toBe(1);
    expect(await planCharges(poor.client)).toEqual([]);
  });

  it('refuses a line the balance no longer pays when its turn comes, and changes nothing of it', async () => {
    const plan = await admin.post('/api/line-plans', { name: 'Dearer', prices: [{ months: 1, credits: 6 }] });
    const spender = await signUpAccount(server, 'chplan-spender@example.com', 14);
    const [a, b, c] = [
      await create(spender, cccamServer.id),
      await create(spender, cccamServer.id),
      await create(spender, cccamServer.id),
    ];
    expect(await balanceOf(server, spender.id)).toBe(8);
    // a and b (4 each) fit the balance when asked; the job queued just before takes 4 for c first.
    const first = await spender.client.post('/api/lines/bulk', {
      action: 'change_plan',
      ids: [c!.id],
      plan_id: plan.body.id,
    });
    const both = await spender.client.post('/api/lines/bulk', {
      action: 'change_plan',
      ids: [a!.id, b!.id],
      plan_id: plan.body.id,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    if (both.status === 402) {
      // The first job ran before the second was asked for: the balance refuses the second whole,
      // and nothing of a or b changes. (Usually the second job is queued first and takes the path below.)
      await bulkJobDone(spender.client, first.body.id);
      expect(both.body.error.code).toBe('INSUFFICIENT_CREDITS');
      expect(await planOf(spender.client, a!.id)).toBe(a!.plan_id);
      expect(await planOf(spender.client, b!.id)).toBe(b!.plan_id);
      expect(await balanceOf(server, spender.id)).toBe(4);
      return;
    }
    expect(both.status, JSON.stringify(both.body)).toBe(202);
    await bulkJobDone(spender.client, first.body.id);
    const job = await bulkJobDone(spender.client, both.body.id);
    expect(job).toMatchObject({ succeeded: 1, refused: 1, charged: 4 });
    expect(job.refusals).toEqual([
      expect.objectContaining({
        line_id: b!.id,
        code: 'INSUFFICIENT_CREDITS',
        message: 'Insufficient credits. Required: 4, Available: 0',
      }),
    ]);
    expect(await planOf(spender.client, a!.id)).toBe(plan.body.id);
    expect(await planOf(spender.client, b!.id)).toBe(b!.plan_id);
    const history = await spender.client.get(`/api/lines/${b!.id}/events`);
    expect(history.body.items).not.toContainEqual(expect.objectContaining({ action: 'plan_changed' }));
    expect(await balanceOf(server, spender.id)).toBe(0);
    expect((await planCharges(spender.client)).map((row) => row.ref_id).sort()).toEqual(
      [String(a!.id), String(c!.id)].sort(),
    );
  });

  it('charges an admin nothing, even for a dearer plan, and moves trials only for admins', async () => {
    const plan = await admin.post('/api/line-plans', {
      name: 'Premium',
      prices: [{ months: 1, credits: 9 }],
    });
    const line = await create(reseller, cccamServer.id);
    const trial = await reseller.client.post('/api/lines', {
      username: name(),
      password: 'pw-1234',
      is_trial: true,
      server_id: cccamServer.id,
    });
    expect(trial.status, JSON.stringify(trial.body)).toBe(201);
    const trialId = trial.body.line.id as number;
    const balance = await balanceOf(server, reseller.id);
    const charged = (await planCharges(reseller.client)).length;

    const refused = await reseller.client.post('/api/lines/bulk', {
      action: 'change_plan',
      ids: [trialId],
      plan_id: plan.body.id,
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(202);
    const refusedJob = await bulkJobDone(reseller.client, refused.body.id);
    expect(refusedJob).toMatchObject({ succeeded: 0, refused: 1, charged: 0 });
    expect(refusedJob.refusals[0]).toMatchObject({
      code: 'LINE_PLAN_CHANGE_TRIAL',
      message: 'A trial line cannot change plan: renew it first',
    });
    expect(await planOf(reseller.client, trialId)).toBe(1);

    const body = { action: 'change_plan', ids: [line.id, trialId], plan_id: plan.body.id };
    expect((await admin.post('/api/lines/bulk/preview', body)).body).toMatchObject({
      count: 2,
      charge_per_line: 0,
      charge_total: 0,
      balance: null,
      sufficient: true,
    });
    const started = await admin.post('/api/lines/bulk', body);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(await bulkJobDone(admin, started.body.id)).toMatchObject({ succeeded: 2, refused: 0, charged: 0 });
    expect(await planOf(reseller.client, line.id)).toBe(plan.body.id);
    expect(await planOf(reseller.client, trialId)).toBe(plan.body.id);
    expect(await balanceOf(server, reseller.id)).toBe(balance);
    expect(await planCharges(reseller.client)).toHaveLength(charged);
  });
});
