import { appendFile, readFile } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, lineSyncOutbox } from '../src/db/schema.js';
import { ledgerMismatches } from './support/db-fingerprint.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import {
  addAgentServer,
  agentUsers,
  balanceOf,
  bulkJobDone,
  jobDone,
  ledgerSum,
  signUpAccount,
  type Account,
} from './support/line-fixtures.js';
import { lineServerFixture } from './support/line-server-fixture.js';
import { waitFor } from './support/wait-for.js';

/**
 * A line its server refuses for good costs nothing (docs/spec-rules.md, "A refused line costs
 * nothing"): over HTTP against real agent processes, whichever way the line was made.
 */
describe('a line the server refuses', () => {
  const fixture = lineServerFixture();
  let reseller: Account;
  let counter = 0;
  const name = (prefix = 'rf') => `${prefix}${++counter}${Date.now().toString(36).slice(-5)}`;

  /** A hand-written F-line on the agent's server: the agent refuses to manage that name. */
  const handWrite = (agent: TestAgent, username: string) =>
    appendFile(agent.configFile, `F: ${username} by-hand-pw\n`);
  const ledger = (lineId: number) =>
    fixture.server.built.ctx.db
      .select({ reason: creditLedger.reason, delta: creditLedger.delta, account: creditLedger.accountId })
      .from(creditLedger)
      .where(and(eq(creditLedger.refType, 'line'), eq(creditLedger.refId, String(lineId))))
      .orderBy(creditLedger.id);
  const outboxFor = async (username: string) =>
    (
      await fixture.server.built.ctx.db
        .select({ id: lineSyncOutbox.id })
        .from(lineSyncOutbox)
        .where(eq(lineSyncOutbox.username, username))
    ).length;
  const messages = async (who: Account) =>
    (await who.client.get('/api/messages?page_size=100')).body.items as { title: string; content: string }[];

  beforeAll(async () => {
    reseller = await signUpAccount(fixture.server, 'refused-owner@example.com', 100);
    // The owner reads the panel in German: the notice is written in German.
    expect((await reseller.client.put('/api/me/language', { language: 'de' })).status).toBe(200);
  });

  it('answers a create refused as a hand-written name with the line refused, charged nothing, not retried', async () => {
    for (const keyed of [true, false]) {
      const username = name();
      await handWrite(fixture.agent, username);
      const before = await balanceOf(fixture.server, reseller.id);
      const res = await reseller.client.post(
        '/api/lines',
        { username, password: 'line-pw-1', subscription_months: 1 },
        keyed ? { 'idempotency-key': `refused-${username}` } : {},
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.sync).toMatchObject({ ok: false, code: 'LINE_SERVER_REFUSED' });
      expect(res.body.sync.params.reason).toMatch(/hand-written entry/);
      expect(res.body.line).toMatchObject({ sync_state: 'refused', sync_error_code: 'LINE_SERVER_REFUSED' });
      expect(res.body).toMatchObject({ charged: 0, balance: before });
      expect(await balanceOf(fixture.server, reseller.id)).toBe(before);
      const id = res.body.line.id as number;
      expect(await ledger(id)).toEqual([
        { reason: 'line_create', delta: -2, account: reseller.id },
        { reason: 'line_refused_refund', delta: 2, account: reseller.id },
      ]);
      // Not retried: nothing waits for the agent.
      expect(await outboxFor(username)).toBe(0);
      // The list filters refused lines, and the line says why.
      const listed = await reseller.client.get(`/api/lines?sync_state=refused&search=${username}`);
      expect(listed.body.items.map((line: { id: number }) => line.id)).toEqual([id]);
      const history = await reseller.client.get(`/api/lines/${id}/events`);
      expect(history.body.items.map((event: { action: string }) => event.action)).toContain('sync_refused');
      // Its owner is told why, in their language.
      const notice = (await messages(reseller)).find((m) => m.title.includes(username));
      expect(notice?.title).toBe(`Der Server hat den Zugang ${username} abgelehnt`);
      expect(notice?.content).toMatch(/hand-written entry/);
      expect(notice?.content).toMatch(/2 Guthaben, die er gekostet hat, wurden zurückgebucht/);
    }
    expect(await ledgerSum(fixture.server, reseller.id)).toBe(await balanceOf(fixture.server, reseller.id));
    expect(await ledgerMismatches(fixture.server)).toEqual([]);
  });

  it('refuses to send a refused line again, renew or re-enable it; deletes it without the agent and without a refund', async () => {
    const username = name();
    await handWrite(fixture.agent, username);
    const created = await reseller.client.post('/api/lines', {
      username,
      password: 'line-pw-2',
      subscription_months: 1,
    });
    expect(created.body.line.sync_state).toBe('refused');
    const id = created.body.line.id as number;
    const balance = await balanceOf(fixture.server, reseller.id);

    for (const res of [
      await reseller.client.post(`/api/lines/${id}/sync`),
      await reseller.client.post(`/api/lines/${id}/renew`, { subscription_months: 1 }),
      await reseller.client.patch(`/api/lines/${id}`, { password: 'line-pw-3' }),
    ]) {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.error.code).toBe('LINE_REFUSED_BY_SERVER');
    }
    // What the server never holds can still be noted.
    const noted = await reseller.client.patch(`/api/lines/${id}`, { notes: 'ask the admin' });
    expect(noted.status).toBe(200);
    expect(noted.body.line.sync_state).toBe('refused');
    expect(await balanceOf(fixture.server, reseller.id)).toBe(balance);

    const cfgBefore = await readFile(fixture.agent.configFile, 'utf8');
    const deleted = await reseller.client.delete(`/api/lines/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.sync).toMatchObject({ ok: true });
    // Nothing was asked of the agent: no delete waits, the hand-written entry is as it was.
    expect(await outboxFor(username)).toBe(0);
    expect(await readFile(fixture.agent.configFile, 'utf8')).toBe(cfgBefore);
    expect(await balanceOf(fixture.server, reseller.id)).toBe(balance);
    expect((await ledger(id)).map((row) => row.reason)).toEqual(['line_create', 'line_refused_refund']);
  });

  it('refunds once when the refusal comes to a retry of the worker, and a reconcile does not send it again', async () => {
    const username = name();
    // The agent is down when the line is made: the create is charged and the line waits.
    await fixture.agent.stop();
    const created = await reseller.client.post('/api/lines', {
      username,
      password: 'line-pw-4',
      subscription_months: 3,
    });
    expect(created.status).toBe(201);
    expect(created.body.line.sync_state).toBe('failing');
    const id = created.body.line.id as number;
    const charged = await balanceOf(fixture.server, reseller.id);
    await handWrite(fixture.agent, username);
    await fixture.agent.restart();
    const refused = await waitFor(
      () => reseller.client.get(`/api/lines/${id}`),
      (res) => res.body.sync_state === 'refused',
      60_000,
    );
    expect(refused.body.sync_error_code).toBe('LINE_SERVER_REFUSED');
    expect(await balanceOf(fixture.server, reseller.id)).toBe(charged + 4);
    // Another round, a reconcile: neither sends it again nor gives anything back twice.
    const reconciled = await fixture.admin.post(`/api/servers/${refused.body.server_id}/reconcile`);
    expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(200);
    expect(await outboxFor(username)).toBe(0);
    expect((await ledger(id)).map((row) => row.delta)).toEqual([-4, 4]);
    expect(await ledgerMismatches(fixture.server)).toEqual([]);
  });

  it('gives an activation code back unused when its line is refused', async () => {
    const generated = await reseller.client.post('/api/activation-codes', {
      count: 1,
      subscription_months: 1,
    });
    expect(generated.status, JSON.stringify(generated.body)).toBe(201);
    const code = generated.body.items[0] as { id: number; code: string };
    const afterGeneration = await balanceOf(fixture.server, reseller.id);
    const username = name();
    await handWrite(fixture.agent, username);
    const res = await reseller.client.post('/api/activation-codes/activate', {
      code: code.code,
      username,
      password: 'code-pw-1',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.line.sync_state).toBe('refused');
    expect(res.body.sync.code).toBe('LINE_SERVER_REFUSED');
    // The code was paid at generation: it is unused again, not a second refund.
    expect(await balanceOf(fixture.server, reseller.id)).toBe(afterGeneration);
    const codes = await reseller.client.get('/api/activation-codes');
    expect(codes.body.items.find((item: { id: number }) => item.id === code.id)).toMatchObject({
      state: 'unused',
      line_id: null,
    });
    const notice = (await messages(reseller)).find((m) => m.title.includes(username));
    expect(notice?.content).toContain(code.code);
    // Voided, it is refunded as any unused code.
    const voided = await reseller.client.post(`/api/activation-codes/${code.id}/void`);
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(await balanceOf(fixture.server, reseller.id)).toBe(afterGeneration + generated.body.charged);
    expect(await ledgerMismatches(fixture.server)).toEqual([]);
  });

  it('gives back an import row the agent refuses, keeping what the others cost', async () => {
    const names = [name('imp'), name('imp'), name('imp')];
    await handWrite(fixture.agent, names[1]!);
    const expiry = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const csv = `username;password;expiry;owner_email\r\n${names
      .map((username) => `${username};imp-pw-1;${expiry};${reseller.email}`)
      .join('\r\n')}\r\n`;
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'lines.csv');
    const admin = fixture.admin;
    const uploaded = await fetch(`${fixture.server.url}/api/line-imports`, {
      method: 'POST',
      headers: {
        cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        origin: fixture.server.url,
        'x-forwarded-for': admin.ip,
      },
      body: form,
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const before = await balanceOf(fixture.server, reseller.id);
    const started = await admin.post(`/api/line-imports/${uploaded.body.id}/start`, {
      mapping: uploaded.body.suggested_mapping,
      charge: true,
      // The import goes to the server picked, never a guessed one: the fixture's one server.
      server_id: (await admin.get('/api/servers/active')).body.items[0].id,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await jobDone(admin, `/api/line-imports/${uploaded.body.id}`, 120_000);
    const states = await waitFor(
      async () =>
        Promise.all(
          names.map(async (username) => {
            const res = await admin.get(`/api/lines?search=${username}`);
            return res.body.items[0]?.sync_state as string | undefined;
          }),
        ),
      (found) => found.every((state) => state === 'synced' || state === 'refused'),
      60_000,
    );
    expect(states).toEqual(['synced', 'refused', 'synced']);
    // The refused row cost nothing; the two others kept their charge, and ledger = balance.
    const [refunds] = await fixture.server.built.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(creditLedger)
      .where(and(eq(creditLedger.accountId, reseller.id), eq(creditLedger.reason, 'line_refused_refund')));
    expect(refunds!.n).toBeGreaterThan(0);
    expect(await ledgerSum(fixture.server, reseller.id)).toBe(await balanceOf(fixture.server, reseller.id));
    expect(await balanceOf(fixture.server, reseller.id)).toBeLessThan(before);
    const refusedLine = (await admin.get(`/api/lines?search=${names[1]}`)).body.items[0];
    expect((await ledger(refusedLine.id)).reduce((total, entry) => total + entry.delta, 0)).toBe(0);
    for (const username of [names[0]!, names[2]!]) {
      const line = (await admin.get(`/api/lines?search=${username}`)).body.items[0];
      expect((await ledger(line.id)).reduce((total, entry) => total + entry.delta, 0)).toBeLessThan(0);
    }
    expect((await agentUsers(fixture.agent)).map((user) => user.username)).not.toContain(names[1]);
  }, 180_000);

  describe('an agent that refuses what it is sent (400)', () => {
    let strict: TestAgent;
    let serverId: number;
    beforeAll(async () => {
      strict = await startLineAgent();
      // Registered as NewCamd, the panel allows names longer than the CCcam agent takes (20).
      serverId = (await addAgentServer(fixture.admin, strict, 'Strict')).id;
      expect((await fixture.admin.patch(`/api/servers/${serverId}`, { protocol: 'NewCamd' })).status).toBe(
        200,
      );
    });
    afterAll(async () => {
      await strict?.cleanup();
    });

    it('gives back every line of a bulk create the agent refuses', async () => {
      const buyer = await signUpAccount(fixture.server, 'refused-bulk@example.com', 20);
      // 15 characters and the 6 random ones: 21, one too many for the CCcam agent.
      const body = {
        action: 'create',
        count: 3,
        username_prefix: 'refusedbulk1234',
        subscription_months: 1,
        server_id: serverId,
      };
      const started = await buyer.client.post('/api/lines/bulk', body);
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      await bulkJobDone(buyer.client, started.body.id, 60_000);
      const lines = await waitFor(
        () => buyer.client.get('/api/lines?search=refusedbulk1234'),
        (res) =>
          res.body.total === 3 &&
          res.body.items.every((line: { sync_state: string }) => line.sync_state === 'refused'),
        60_000,
      );
      expect(lines.body.items[0].sync_error_params.reason).toMatch(/at most 20 characters/);
      expect(await balanceOf(fixture.server, buyer.id)).toBe(20);
      expect(await ledgerSum(fixture.server, buyer.id)).toBe(20);
      expect(await agentUsers(strict)).toEqual([]);
    });
  });
});
