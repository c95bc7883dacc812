import { describe, expect, it } from 'vitest';
import { creditLedger } from '../src/modules/credits/credit-ledger.js';
import { ledgerMismatches } from './support/db-fingerprint.js';
import { balanceOf, jobDone, signUpAccount, type Account } from './support/line-fixtures.js';
import { lineServerFixture } from './support/line-server-fixture.js';
import type { TestServer } from './support/test-server.js';

/** Refusals say why, the same way on every path (issue #48, item 7). */
describe('refusals that say why', () => {
  const fixture = lineServerFixture();
  let counter = 0;
  const name = (prefix = 'why') => `${prefix}${++counter}${Date.now().toString(36).slice(-5)}`;

  /** A balance below 0, the way a provider's chargeback of a credited top-up leaves it. */
  const chargeBack = (server: TestServer, accountId: string, credits: number) =>
    server.built.ctx.db.transaction((tx) =>
      creditLedger.change(tx, {
        accountId,
        delta: -credits,
        reason: 'topup_reversed',
        actorId: null,
        allowNegative: true,
      }),
    );
  const negativeReseller = async (email: string): Promise<Account> => {
    const account = await signUpAccount(fixture.server, email, 4);
    const line = await account.client.post('/api/lines', {
      username: name('neg'),
      password: 'neg-pw-1',
      subscription_months: 1,
    });
    expect(line.status, JSON.stringify(line.body)).toBe(201);
    await chargeBack(fixture.server, account.id, 5);
    expect(await balanceOf(fixture.server, account.id)).toBe(-3);
    return account;
  };

  it('gives the bulk preview the reason a negative balance cannot pay, as the codes preview does', async () => {
    const poor = await negativeReseller('why-negative@example.com');
    const bulk = await poor.client.post('/api/lines/bulk/preview', {
      action: 'renew',
      filter: {},
      subscription_months: 1,
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body).toMatchObject({
      count: 1,
      charge_total: 2,
      balance: -3,
      sufficient: false,
      refusal: { code: 'BALANCE_NEGATIVE', params: { balance: -3 } },
    });
    const codes = await poor.client.post('/api/activation-codes/preview', {
      count: 1,
      subscription_months: 1,
    });
    expect(codes.body.error.code).toBe(bulk.body.refusal.code);
    // The start is refused with the code the preview gave.
    const started = await poor.client.post('/api/lines/bulk', {
      action: 'renew',
      filter: {},
      subscription_months: 1,
    });
    expect(started.body.error.code).toBe('BALANCE_NEGATIVE');

    const short = await signUpAccount(fixture.server, 'why-short@example.com', 3);
    const fits = await short.client.post('/api/lines/bulk/preview', {
      action: 'create',
      count: 2,
      username_prefix: 'whyshort',
      subscription_months: 1,
    });
    expect(fits.body).toMatchObject({
      sufficient: false,
      refusal: { code: 'INSUFFICIENT_CREDITS', params: { required: 4, available: 3 } },
    });
    const rich = await short.client.post('/api/lines/bulk/preview', {
      action: 'create',
      count: 1,
      username_prefix: 'whyshort',
      subscription_months: 1,
    });
    expect(rich.body).toMatchObject({ sufficient: true, refusal: null });
  });

  it("marks the import rows an owner's balance cannot pay with the reason, as the import will end them", async () => {
    const short = await signUpAccount(fixture.server, 'why-import-short@example.com', 5);
    const negative = await negativeReseller('why-import-negative@example.com');
    const expiry = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const rows = [
      [name('imp'), short.email],
      [name('imp'), short.email],
      [name('imp'), short.email],
      [name('imp'), negative.email],
    ];
    const csv = `username;password;expiry;owner_email\r\n${rows
      .map(([username, email]) => `${username};imp-pw-1;${expiry};${email}`)
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
    const preview = await admin.post(`/api/line-imports/${uploaded.body.id}/preview`, {
      mapping: uploaded.body.suggested_mapping,
      charge: true,
      // The import goes to the server picked, never a guessed one: the fixture's one server.
      server_id: (await admin.get('/api/servers/active')).body.items[0].id,
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    // 5 credits pay two one-month lines of 2; the third is refused, and a negative balance buys none.
    expect(
      preview.body.rows.map((row: { status: string; code: string | null }) => [row.status, row.code]),
    ).toEqual([
      ['ok', null],
      ['ok', null],
      ['refused', 'INSUFFICIENT_CREDITS'],
      ['refused', 'BALANCE_NEGATIVE'],
    ]);
    expect(preview.body.rows[2].params).toEqual({ required: 2, available: 1 });
    expect(preview.body.rows[3].params).toEqual({ balance: -3 });
    expect(preview.body).toMatchObject({ ok: 2, refused: 2 });
    expect(preview.body.charges).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ owner_id: short.id, lines: 3, credits: 6, balance: 5, sufficient: false }),
        expect.objectContaining({
          owner_id: negative.id,
          lines: 1,
          credits: 2,
          balance: -3,
          sufficient: false,
        }),
      ]),
    );

    // The import ends them just so.
    const started = await admin.post(`/api/line-imports/${uploaded.body.id}/start`, {
      mapping: uploaded.body.suggested_mapping,
      charge: true,
      server_id: (await admin.get('/api/servers/active')).body.items[0].id,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const done = await jobDone(admin, `/api/line-imports/${uploaded.body.id}`, 120_000);
    expect(done).toMatchObject({ imported: 2, refused: 2 });
    expect(await balanceOf(fixture.server, short.id)).toBe(1);
    expect(await balanceOf(fixture.server, negative.id)).toBe(-3);
    expect(await ledgerMismatches(fixture.server)).toEqual([]);
  }, 180_000);

  it("tells a create retried without an Idempotency-Key that the line is the caller's own, and which", async () => {
    const reseller = await signUpAccount(fixture.server, 'why-retry@example.com', 20);
    const body = { username: name('mine'), password: 'mine-pw-1', subscription_months: 1 };
    const first = await reseller.client.post('/api/lines', body);
    expect(first.status).toBe(201);
    // The answer was lost; the same create again.
    const again = await reseller.client.post('/api/lines', body);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('LINE_USERNAME_YOURS');
    expect(again.body.error.details.params).toEqual({ line_id: first.body.line.id, username: body.username });
    expect(again.body.error.message).toContain(`line ${first.body.line.id}`);
    // Charged once.
    expect(await balanceOf(fixture.server, reseller.id)).toBe(18);
    // Through the keyed path too (a create with an Idempotency-Key is written on its own).
    const keyed = await reseller.client.post('/api/lines', body, {
      'idempotency-key': `other-${body.username}`,
    });
    expect(keyed.body.error.code).toBe('LINE_USERNAME_YOURS');
    // Someone else's line of that name stays a plain "taken", naming nothing.
    const other = await signUpAccount(fixture.server, 'why-retry-other@example.com', 20);
    const theirs = await other.client.post('/api/lines', body);
    expect(theirs.status).toBe(409);
    expect(theirs.body.error.code).toBe('LINE_USERNAME_TAKEN');
    expect(theirs.body.error.details?.params).toBeUndefined();
    expect(await balanceOf(fixture.server, other.id)).toBe(20);
  });
});
