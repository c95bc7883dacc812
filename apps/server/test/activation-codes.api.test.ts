import { addMonths, isoDate, linePrice } from '@linedesk/shared';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activationCodes, creditLedger, lines } from '../src/db/schema.js';
import { ledgerMismatches } from './support/db-fingerprint.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import {
  addAgentServer,
  agentUsers,
  balanceOf,
  display,
  signUpAccount,
  type Account,
} from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

const CODE_SHAPE = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;

describe('activation codes', () => {
  let server: TestServer;
  let agent: TestAgent;
  let admin: TestClient;
  let reseller: Account;
  let other: Account;

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      // The expiry test waits for a round; one a second keeps that wait short.
      ACTIVATION_CODE_EXPIRY_SECONDS: '1',
    });
    agent = await startLineAgent();
    admin = await server.admin();
    await addAgentServer(admin, agent);
    reseller = await signUpAccount(server, 'codes-reseller@example.com', 200);
    other = await signUpAccount(server, 'codes-other@example.com', 50);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
  });

  const generate = async (who: Account, body: Record<string, unknown>) => {
    const res = await who.client.post('/api/activation-codes', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { items: { id: number; code: string; charged: number }[]; charged: number };
  };
  const ledgerOf = (accountId: string, reason: 'activation_codes' | 'activation_refund') =>
    server.built.ctx.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.accountId, accountId), eq(creditLedger.reason, reason)));

  it('previews the total and the balance it leaves', async () => {
    const res = await reseller.client.post('/api/activation-codes/preview', {
      count: 3,
      subscription_months: 3,
      validity_days: 30,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const balance = await balanceOf(server, reseller.id);
    expect(res.body).toMatchObject({
      count: 3,
      charge_per_code: linePrice(3),
      charge_total: 3 * linePrice(3),
      balance,
      balance_after: balance - 3 * linePrice(3),
    });
    expect(new Date(res.body.valid_until).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    // A preview charges and writes nothing.
    expect(await balanceOf(server, reseller.id)).toBe(balance);
    const listed = await reseller.client.get('/api/activation-codes');
    expect(listed.body.total).toBe(0);
  });

  it('charges exactly N × the price in one ledger row, and the balance stays the ledger’s sum', async () => {
    const before = await balanceOf(server, reseller.id);
    const generated = await generate(reseller, { count: 4, subscription_months: 1 });
    expect(generated.items).toHaveLength(4);
    expect(generated.charged).toBe(4 * linePrice(1));
    for (const code of generated.items) {
      expect(code.code).toMatch(CODE_SHAPE);
      expect(code).toMatchObject({ state: 'unused', charged: linePrice(1), subscription_months: 1 });
    }
    expect(new Set(generated.items.map((c) => c.code)).size).toBe(4);
    expect(await balanceOf(server, reseller.id)).toBe(before - 4 * linePrice(1));
    const rows = await ledgerOf(reseller.id, 'activation_codes');
    expect(rows.map((r) => r.delta)).toEqual([-4 * linePrice(1)]);
    expect(await ledgerMismatches(server)).toEqual([]);

    const listed = await reseller.client.get('/api/activation-codes?state=unused');
    expect(listed.body.items.map((c: { code: string }) => c.code).sort()).toEqual(
      generated.items.map((c) => c.code).sort(),
    );
    // The code is found however it is typed: lower case, without dashes.
    const typed = generated.items[0]!.code.replaceAll('-', '').toLowerCase().slice(2, 10);
    const searched = await reseller.client.get(`/api/activation-codes?search=${typed}`);
    expect(searched.body.items.map((c: { id: number }) => c.id)).toEqual([generated.items[0]!.id]);
    const csv = await reseller.client.get('/api/activation-codes/export.csv?state=unused');
    expect(csv.status).toBe(200);
    for (const code of generated.items) expect(String(csv.body)).toContain(code.code);
  });

  it('answers a retried generation with the first codes and charges once', async () => {
    const before = await balanceOf(server, reseller.id);
    const key = { 'idempotency-key': 'codes-retry-1' };
    const body = { count: 2, subscription_months: 1 };
    const first = await reseller.client.post('/api/activation-codes', body, key);
    const again = await reseller.client.post('/api/activation-codes', body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.items).toEqual(first.body.items);
    expect(await balanceOf(server, reseller.id)).toBe(before - 2 * linePrice(1));
  });

  it('refuses a balance that cannot pay, and writes nothing', async () => {
    const poor = await signUpAccount(server, 'codes-poor@example.com', 3);
    const body = { count: 2, subscription_months: 1 };
    const preview = await poor.client.post('/api/activation-codes/preview', body);
    expect(preview.status).toBe(402);
    expect(preview.body.error.code).toBe('INSUFFICIENT_CREDITS');
    const res = await poor.client.post('/api/activation-codes', body);
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('INSUFFICIENT_CREDITS');
    expect(res.body.error.details.params).toEqual({ required: 2 * linePrice(1), available: 3 });
    expect(await balanceOf(server, poor.id)).toBe(3);
    expect((await poor.client.get('/api/activation-codes')).body.total).toBe(0);
    expect(await ledgerOf(poor.id, 'activation_codes')).toEqual([]);
  });

  it('activates a code into a new line that reaches its server like a create, charging nothing more', async () => {
    const [code] = (await generate(reseller, { count: 1, subscription_months: 1 })).items;
    const before = await balanceOf(server, reseller.id);
    const res = await reseller.client.post('/api/activation-codes/activate', {
      code: code!.code.toLowerCase().replaceAll('-', ' '),
      username: 'activated-line-1',
      password: 'act-pass-1234',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const today = isoDate(new Date());
    expect(res.body).toMatchObject({ charged: 0, sync: { ok: true } });
    expect(res.body.line).toMatchObject({
      username: 'activated-line-1',
      expiry_date: addMonths(today, 1),
      sync_state: 'synced',
    });
    expect(res.body.code).toMatchObject({
      state: 'activated',
      line_id: res.body.line.id,
      line_username: 'activated-line-1',
    });
    expect(await balanceOf(server, reseller.id)).toBe(before);
    const onServer = (await agentUsers(agent)).find((u) => u.username === 'activated-line-1');
    expect(onServer).toMatchObject({ expiryDate: display(addMonths(today, 1)), enabled: true });
    const history = await reseller.client.get(`/api/lines/${res.body.line.id}/events`);
    expect(history.body.items.map((e: { action: string }) => e.action)).toContain('created');
    // The owner's bell names the code as the list shows it, with its dashes, however it was typed.
    const messages = await reseller.client.get('/api/messages?page_size=100');
    const notice = (messages.body.items as { title: string; content: string }[]).find((m) =>
      m.content.includes('activated-line-1'),
    );
    expect(notice?.title).toBe(`Activation code used: ${code!.code}`);
    expect(notice?.content).toContain(`The activation code ${code!.code} was used`);

    // Used once: again, or voided afterwards, it is refused.
    const again = await reseller.client.post('/api/activation-codes/activate', { code: code!.code });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ACTIVATION_CODE_USED');
    const voided = await reseller.client.post(`/api/activation-codes/${code!.id}/void`);
    expect(voided.status).toBe(409);
    expect(voided.body.error.code).toBe('ACTIVATION_CODE_USED');
    expect(await balanceOf(server, reseller.id)).toBe(before);
  });

  it('makes exactly one line of 200 concurrent activations of one code, and charges nothing more', async () => {
    const [code] = (await generate(reseller, { count: 1, subscription_months: 1 })).items;
    const balanceBefore = await balanceOf(server, reseller.id);
    const ledgerRowsOf = async () =>
      (
        await server.built.ctx.db
          .select({ id: creditLedger.id })
          .from(creditLedger)
          .where(eq(creditLedger.accountId, reseller.id))
      ).length;
    const ledgerBefore = await ledgerRowsOf();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        reseller.client.post('/api/activation-codes/activate', {
          code: code!.code,
          username: `race-act-${i}`,
          password: 'race-pass-1234',
        }),
      ),
    );
    const ok = answers.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    // Every other answer a refusal the caller can act on: the code is taken (or, had the panel
    // limited the burst, a rate limit) — never a server error, never a second line.
    for (const refused of answers.filter((r) => r.status !== 200)) {
      expect([409, 429], JSON.stringify(refused.body)).toContain(refused.status);
      expect(refused.body.error.code).toBe(refused.status === 409 ? 'ACTIVATION_CODE_USED' : 'RATE_LIMITED');
    }
    const made = await server.built.ctx.db
      .select({ id: lines.id })
      .from(lines)
      .where(like(lines.username, 'race-act-%'));
    expect(made.map((l) => l.id)).toEqual([ok[0]!.body.line.id]);
    const [row] = await server.built.ctx.db
      .select({ state: activationCodes.state, lineId: activationCodes.lineId })
      .from(activationCodes)
      .where(eq(activationCodes.id, code!.id));
    expect(row).toEqual({ state: 'activated', lineId: ok[0]!.body.line.id });
    // The code was paid for when it was generated: the race moved no credit and wrote no ledger row.
    expect(await balanceOf(server, reseller.id)).toBe(balanceBefore);
    expect(await ledgerRowsOf()).toBe(ledgerBefore);
    expect(await ledgerMismatches(server)).toEqual([]);
  });

  it('renews one of the owner’s lines from the expiry on, for the code’s months', async () => {
    const created = await reseller.client.post('/api/lines', {
      username: 'renewed-by-code',
      password: 'renew-pass-1234',
      subscription_months: 1,
    });
    expect(created.status).toBe(201);
    const [code, trial] = [
      (await generate(reseller, { count: 1, subscription_months: 3 })).items[0]!,
      (await generate(reseller, { count: 1, is_trial: true })).items[0]!,
    ];
    const before = await balanceOf(server, reseller.id);
    const refusedTrial = await reseller.client.post('/api/activation-codes/activate', {
      code: trial.code,
      line_id: created.body.line.id,
    });
    expect(refusedTrial.body.error.code).toBe('ACTIVATION_CODE_TRIAL_NOT_RENEWABLE');
    const res = await reseller.client.post('/api/activation-codes/activate', {
      code: code.code,
      line_id: created.body.line.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.line.expiry_date).toBe(addMonths(created.body.line.expiry_date, 3));
    expect(res.body.charged).toBe(0);
    expect(await balanceOf(server, reseller.id)).toBe(before);
    const onServer = (await agentUsers(agent)).find((u) => u.username === 'renewed-by-code');
    expect(onServer?.expiryDate).toBe(display(res.body.line.expiry_date));
  });

  it('voids an unused code with a full refund, once', async () => {
    const [code] = (await generate(reseller, { count: 1, subscription_months: 6 })).items;
    const before = await balanceOf(server, reseller.id);
    const res = await reseller.client.post(`/api/activation-codes/${code!.id}/void`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ refunded: linePrice(6), balance: before + linePrice(6) });
    expect(res.body.code.state).toBe('void');
    expect(await balanceOf(server, reseller.id)).toBe(before + linePrice(6));
    const refunds = await ledgerOf(reseller.id, 'activation_refund');
    expect(refunds.filter((r) => r.refId === String(code!.id)).map((r) => r.delta)).toEqual([linePrice(6)]);

    const again = await reseller.client.post(`/api/activation-codes/${code!.id}/void`);
    expect(again.body.error.code).toBe('ACTIVATION_CODE_VOID');
    const activated = await reseller.client.post('/api/activation-codes/activate', { code: code!.code });
    expect(activated.body.error.code).toBe('ACTIVATION_CODE_VOID');
    expect(await balanceOf(server, reseller.id)).toBe(before + linePrice(6));
    expect(await ledgerMismatches(server)).toEqual([]);
  });

  it('voids and refunds the codes nobody used before their validity ran out', async () => {
    const generated = await generate(other, { count: 2, subscription_months: 1, validity_days: 1 });
    const kept = await generate(other, { count: 1, subscription_months: 1, validity_days: 1 });
    const before = await balanceOf(server, other.id);
    // A day later for two of them: their validity ends a minute ago.
    await server.built.ctx.db
      .update(activationCodes)
      .set({ validUntil: sql`now() - interval '1 minute'` })
      .where(
        sql`${activationCodes.id} in (${sql.join(
          generated.items.map((c) => sql`${c.id}`),
          sql`, `,
        )})`,
      );
    const refused = await other.client.post('/api/activation-codes/activate', {
      code: generated.items[0]!.code,
    });
    expect(['ACTIVATION_CODE_EXPIRED', 'ACTIVATION_CODE_VOID']).toContain(refused.body.error.code);
    const listed = await waitFor(
      () => other.client.get('/api/activation-codes?state=void'),
      (r) => r.body.total === 2,
    );
    expect(listed.body.items.map((c: { id: number }) => c.id).sort()).toEqual(
      generated.items.map((c) => c.id).sort(),
    );
    expect(await balanceOf(server, other.id)).toBe(before + 2 * linePrice(1));
    expect((await ledgerOf(other.id, 'activation_refund')).map((r) => r.delta)).toEqual([
      linePrice(1),
      linePrice(1),
    ]);
    const stillUnused = await other.client.get('/api/activation-codes?state=unused');
    expect(stillUnused.body.items.map((c: { id: number }) => c.id)).toEqual([kept.items[0]!.id]);
    expect(await ledgerMismatches(server)).toEqual([]);
  });

  it('answers another reseller’s code as not found, and shows admins every code', async () => {
    const [code] = (await generate(reseller, { count: 1, subscription_months: 1 })).items;
    const voided = await other.client.post(`/api/activation-codes/${code!.id}/void`);
    expect(voided.status).toBe(404);
    expect(voided.body.error.code).toBe('ACTIVATION_CODE_NOT_FOUND');
    const activated = await other.client.post('/api/activation-codes/activate', { code: code!.code });
    expect(activated.status).toBe(404);
    expect(activated.body.error.code).toBe('ACTIVATION_CODE_NOT_FOUND');
    const theirs = await other.client.get('/api/activation-codes');
    expect(theirs.body.items.some((c: { id: number }) => c.id === code!.id)).toBe(false);
    const all = await admin.get(`/api/activation-codes?search=${code!.code}`);
    expect(all.body.items).toMatchObject([{ id: code!.id, owner_email: reseller.email }]);

    // A code renews only lines of its owner, whoever activates it.
    const othersLine = await other.client.post('/api/lines', {
      username: 'other-owner-line',
      password: 'other-pass-1234',
      subscription_months: 1,
    });
    const renew = await admin.post('/api/activation-codes/activate', {
      code: code!.code,
      line_id: othersLine.body.line.id,
    });
    expect(renew.status).toBe(404);
    expect(renew.body.error.code).toBe('LINE_NOT_FOUND');
    const unchanged = await reseller.client.get(`/api/activation-codes?search=${code!.code}`);
    expect(unchanged.body.items[0].state).toBe('unused');
  });
});
