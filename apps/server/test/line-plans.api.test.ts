import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger } from '../src/db/schema.js';
import { RESTRICTIONS_UNSUPPORTED } from '../src/modules/line-sync/line-agent-delivery.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import {
  addActiveServer,
  addAgentServer,
  balanceOf,
  signUpAccount,
  startScriptedAgent,
  type Account,
  type ScriptedAgent,
} from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

const RESTRICTED = {
  max_connections: 1,
  uniq: 3,
  caids: [{ caid: '0500', idents: ['021110'] }],
  cccam_hops: 1,
  cccam_reshare: 0,
  allowed_protocols: ['cccam', 'newcamd'],
};

describe('line plans', () => {
  let server: TestServer;
  let admin: TestClient;
  let agent: TestAgent;
  let oscamServer: { id: number };
  let reseller: Account;
  let other: Account;
  let counter = 0;
  const name = () => `plan${++counter}x${Date.now().toString(36)}`;
  const ledgerRows = (accountId: string) =>
    server.built.ctx.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.accountId, accountId)));
  const oscamUser = () => readFile(agent.configFile, 'utf8');

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
    });
    admin = await server.admin();
    agent = await startLineAgent({ oscam: true });
    oscamServer = await addAgentServer(admin, agent, 'OSCam');
    [reseller, other] = await Promise.all([
      signUpAccount(server, 'plans-reseller@example.com', 100),
      signUpAccount(server, 'plans-other@example.com', 100),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
  });

  it('starts with the default plan: the standard price list, which cannot be repriced or archived', async () => {
    const list = await admin.get('/api/line-plans');
    expect(list.status).toBe(200);
    const standard = list.body.items.find((p: { is_default: boolean }) => p.is_default);
    expect(standard).toMatchObject({
      id: 1,
      prices: [
        { months: 1, credits: 2 },
        { months: 3, credits: 4 },
        { months: 6, credits: 6 },
        { months: 12, credits: 10 },
        { months: 24, credits: 15 },
      ],
      archived: false,
    });
    const repriced = await admin.patch('/api/line-plans/1', { prices: [{ months: 1, credits: 1 }] });
    expect(repriced.status).toBe(422);
    expect(repriced.body.error.code).toBe('LINE_PLAN_DEFAULT_FIXED');
    const archived = await admin.patch('/api/line-plans/1', { archived: true });
    expect(archived.body.error.code).toBe('LINE_PLAN_DEFAULT_FIXED');
    // Renaming is allowed.
    expect((await admin.patch('/api/line-plans/1', { name: 'Standard' })).status).toBe(200);
  });

  it('lets admins create and edit plans; resellers only read the current ones', async () => {
    const bad = await admin.post('/api/line-plans', {
      name: 'Twice',
      prices: [
        { months: 1, credits: 2 },
        { months: 1, credits: 3 },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('LINE_PLAN_INVALID_PRICES');
    const badCaid = await admin.post('/api/line-plans', {
      name: 'Bad CAID',
      prices: [{ months: 1, credits: 2 }],
      restrictions: { caids: [{ caid: '05', idents: [] }] },
    });
    expect(badCaid.body.error.code).toBe('LINE_PLAN_INVALID_CAID');

    const created = await admin.post('/api/line-plans', {
      name: 'Gold',
      prices: [
        { months: 12, credits: 20 },
        { months: 1, credits: 3 },
      ],
      restrictions: { uniq: 1, caids: [{ caid: '0b00', idents: [] }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Gold',
      prices: [
        { months: 1, credits: 3 },
        { months: 12, credits: 20 },
      ],
      restrictions: { uniq: 1, max_connections: null, caids: [{ caid: '0B00', idents: [] }] },
      is_default: false,
      line_count: 0,
    });
    const edited = await admin.patch(`/api/line-plans/${created.body.id}`, { name: 'Gold 2' });
    expect(edited.body.name).toBe('Gold 2');

    const refused = await reseller.client.post('/api/line-plans', {
      name: 'Mine',
      prices: [{ months: 1, credits: 0 }],
    });
    expect(refused.status).toBe(403);
    expect((await reseller.client.patch(`/api/line-plans/${created.body.id}`, { name: 'x' })).status).toBe(
      403,
    );
    const seen = await reseller.client.get('/api/line-plans?include_archived=true');
    expect(seen.body.items.map((p: { name: string }) => p.name)).toContain('Gold 2');
    expect(seen.body.items.every((p: { line_count: unknown }) => p.line_count === null)).toBe(true);
  });

  it('charges the plan price on create and on renewal, with a ledger row each; no plan = the standard price', async () => {
    const plan = await admin.post('/api/line-plans', {
      name: 'Cheap month',
      prices: [
        { months: 1, credits: 5 },
        { months: 12, credits: 30 },
      ],
    });
    const before = await balanceOf(server, reseller.id);
    const onPlan = await reseller.client.post('/api/lines', {
      username: name(),
      password: 'pw-1234',
      subscription_months: 1,
      server_id: oscamServer.id,
      plan_id: plan.body.id,
    });
    expect(onPlan.status, JSON.stringify(onPlan.body)).toBe(201);
    expect(onPlan.body.charged).toBe(5);
    expect(onPlan.body.line.plan_id).toBe(plan.body.id);
    expect(onPlan.body.balance).toBe(before - 5);

    const standard = await reseller.client.post('/api/lines', {
      username: name(),
      password: 'pw-1234',
      subscription_months: 1,
      server_id: oscamServer.id,
    });
    expect(standard.body.charged).toBe(2);
    expect(standard.body.line.plan_id).toBe(1);

    const renewed = await reseller.client.post(`/api/lines/${onPlan.body.line.id}/renew`, {
      subscription_months: 12,
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.charged).toBe(30);
    expect(await balanceOf(server, reseller.id)).toBe(before - 5 - 2 - 30);
    const ledger = await ledgerRows(reseller.id);
    expect(ledger.filter((r) => r.refId === String(onPlan.body.line.id)).map((r) => r.delta)).toEqual([
      -5, -30,
    ]);

    // A duration the plan does not offer is refused before anything is charged.
    const notOffered = await reseller.client.post(`/api/lines/${onPlan.body.line.id}/renew`, {
      subscription_months: 3,
    });
    expect(notOffered.status).toBe(422);
    expect(notOffered.body.error).toMatchObject({
      code: 'LINE_PLAN_DURATION_NOT_OFFERED',
      message: 'This plan does not offer a line of 3 months',
    });
    expect(await balanceOf(server, reseller.id)).toBe(before - 37);

    // Admins are not charged, on any plan.
    const byAdmin = await admin.post('/api/lines', {
      username: name(),
      password: 'pw-1234',
      subscription_months: 12,
      server_id: oscamServer.id,
      plan_id: plan.body.id,
    });
    expect(byAdmin.body.charged).toBe(0);
  });

  it('refuses an archived or unknown plan for new lines, and still renews lines on an archived plan', async () => {
    const plan = await admin.post('/api/line-plans', {
      name: 'Soon gone',
      prices: [{ months: 1, credits: 4 }],
    });
    const line = await other.client.post('/api/lines', {
      username: name(),
      password: 'pw-1234',
      subscription_months: 1,
      server_id: oscamServer.id,
      plan_id: plan.body.id,
    });
    expect(line.status).toBe(201);
    const archived = await admin.patch(`/api/line-plans/${plan.body.id}`, { archived: true });
    expect(archived.body).toMatchObject({ archived: true, line_count: 1 });
    expect(
      (await other.client.get('/api/line-plans')).body.items.map((p: { id: number }) => p.id),
    ).not.toContain(plan.body.id);

    const before = await balanceOf(server, other.id);
    for (const planId of [plan.body.id, 999_999]) {
      const refused = await other.client.post('/api/lines', {
        username: name(),
        password: 'pw-1234',
        subscription_months: 1,
        plan_id: planId,
      });
      expect(refused.status).toBe(404);
      expect(refused.body.error.code).toBe('LINE_PLAN_NOT_FOUND');
    }
    expect(await balanceOf(server, other.id)).toBe(before);

    const renewed = await other.client.post(`/api/lines/${line.body.line.id}/renew`, {
      subscription_months: 1,
    });
    expect(renewed.body.charged).toBe(4);
    const stillThere = await other.client.get(`/api/lines/${line.body.line.id}`);
    expect(stillThere.body.plan_id).toBe(plan.body.id);
  });

  it("writes the plan's restrictions into the agent's oscam.user, and a plan edit reaches the plan's lines", async () => {
    const plan = await admin.post('/api/line-plans', {
      name: 'One screen',
      prices: [{ months: 1, credits: 3 }],
      restrictions: RESTRICTED,
    });
    const username = name();
    const created = await reseller.client.post('/api/lines', {
      username,
      password: 'pw-1234',
      subscription_months: 1,
      server_id: oscamServer.id,
      plan_id: plan.body.id,
    });
    expect(created.body.sync, JSON.stringify(created.body)).toMatchObject({ ok: true });
    // The account's section: its lines up to the next blank line or the block's end marker.
    const section = (text: string) => {
      const lines = text.slice(text.indexOf(`user = ${username}\n`)).split('\n');
      const end = lines.findIndex((line) => line === '' || line.startsWith('#'));
      return lines.slice(0, end);
    };
    expect(section(await oscamUser()).slice(4)).toEqual([
      'disabled = 0',
      'max_connections = 1',
      'uniq = 3',
      'caid = 0500',
      'ident = 0500:021110',
      'cccmaxhops = 1',
      'cccreshare = 0',
      'allowedprotocols = cccam,newcamd',
    ]);
    // A line on the standard plan is written as it always was.
    const plain = name();
    await reseller.client.post('/api/lines', {
      username: plain,
      password: 'pw-1234',
      subscription_months: 1,
      server_id: oscamServer.id,
    });
    expect(section(await oscamUser()).length).toBeGreaterThan(0);
    const plainSection = (await oscamUser()).slice((await oscamUser()).indexOf(`user = ${plain}\n`));
    expect(plainSection.split('\n').slice(0, 5)).toEqual([
      `user = ${plain}`,
      'pwd = pw-1234',
      'group = 1',
      expect.stringMatching(/^expdate = \d{4}-\d{2}-\d{2}$/),
      'disabled = 0',
    ]);
    expect(plainSection.split('\n')[5] ?? '').not.toMatch(/=/);

    // Disabling keeps the restrictions on the server.
    await reseller.client.patch(`/api/lines/${created.body.line.id}`, { enabled: false });
    expect(section(await oscamUser())).toContain('uniq = 3');

    const edited = await admin.patch(`/api/line-plans/${plan.body.id}`, {
      restrictions: { ...RESTRICTED, uniq: 1, caids: [] },
    });
    expect(edited.status).toBe(200);
    // The outbox worker delivers the plan's lines.
    await waitFor(
      async () => section(await oscamUser()),
      (lines) => lines.includes('uniq = 1'),
    );
    expect(section(await oscamUser()).some((l) => l.startsWith('caid'))).toBe(false);
  });

  it("refuses a new line on a plan that forbids its server's protocol, before charging", async () => {
    const plan = await admin.post('/api/line-plans', {
      name: 'NewCamd only',
      prices: [{ months: 1, credits: 3 }],
      restrictions: { allowed_protocols: ['newcamd'] },
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const balance = await balanceOf(server, reseller.id);
    const entries = (await ledgerRows(reseller.id)).length;
    const username = name();
    const res = await reseller.client.post('/api/lines', {
      username,
      password: 'pw-1234',
      subscription_months: 1,
      server_id: oscamServer.id,
      plan_id: plan.body.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'LINE_PLAN_PROTOCOL_NOT_ALLOWED',
      message: "This plan does not allow the CCcam protocol of the line's server",
    });
    expect(await balanceOf(server, reseller.id)).toBe(balance);
    expect(await ledgerRows(reseller.id)).toHaveLength(entries);
    const list = await reseller.client.get(`/api/lines?search=${username}`);
    expect(list.body.items).toEqual([]);
  });

  it('reports a line failing, not synced, when its agent predates restrictions', async () => {
    const old: ScriptedAgent = await startScriptedAgent();
    try {
      const oldServer = await addActiveServer(admin, { apiPort: old.port, name: 'Old agent' });
      // An old agent answers an add without echoing restrictions it never read.
      old.answer({ status: 200, body: { message: 'User added successfully', user: { enabled: true } } });
      const plan = await admin.post('/api/line-plans', {
        name: 'Needs new agent',
        prices: [{ months: 1, credits: 1 }],
        restrictions: { uniq: 1 },
      });
      const restricted = await reseller.client.post('/api/lines', {
        username: name(),
        password: 'pw-1234',
        subscription_months: 1,
        server_id: oldServer.id,
        plan_id: plan.body.id,
      });
      expect(restricted.status).toBe(201);
      expect(restricted.body.sync.ok).toBe(false);
      expect(restricted.body.sync.message).toContain(RESTRICTIONS_UNSUPPORTED);
      const sent = old.requests.find((r) => (r.body as { restrictions?: unknown } | null)?.restrictions);
      expect((sent?.body as { restrictions: unknown }).restrictions).toEqual({ uniq: 1 });

      // Without restrictions the same agent is fine.
      const plain = await reseller.client.post('/api/lines', {
        username: name(),
        password: 'pw-1234',
        subscription_months: 1,
        server_id: oldServer.id,
      });
      expect(plain.body.sync.ok, JSON.stringify(plain.body.sync)).toBe(true);
    } finally {
      await old.close();
    }
  });
});
