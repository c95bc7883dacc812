import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods } from '../src/db/schema.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let admin: TestClient;
let reseller: TestClient;

const STRIPE_KEY = 'sk_test_51Pay0nlyInTheSealedColumn';
const STRIPE_HOOK = 'whsec_neverAnsweredByTheApi';
const BTCPAY_KEY = 'btcpay-api-key-7f3a91c2';
const BTCPAY_HOOK = 'btcpay-webhook-secret-52e8';

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  reseller = await server.signUpConfirmed('methods-reseller@example.com');
});
afterAll(async () => server?.close());

async function storedRowOrNone(id: number) {
  const [row] = await server.built.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  return row;
}

async function storedRow(id: number) {
  const [row] = await server.built.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  return row!;
}

const manualBody = {
  kind: 'manual',
  name: 'Bank transfer (SEPA)',
  currency: 'EUR',
  fee_bps: 150,
  instructions: 'IBAN DE89 3704 0044 0532 0130 00',
  proof_required: true,
};

describe('payment methods', () => {
  it('adds each kind; secrets are sealed at rest and answered only as set', async () => {
    const manual = await admin.post('/api/payment-methods', manualBody);
    expect(manual.status, JSON.stringify(manual.body)).toBe(201);
    expect(manual.body).toMatchObject({
      kind: 'manual',
      name: 'Bank transfer (SEPA)',
      enabled: true,
      currency: 'EUR',
      fee_bps: 150,
      instructions: 'IBAN DE89 3704 0044 0532 0130 00',
      proof_required: true,
      secret_key_set: false,
    });

    const stripe = await admin.post('/api/payment-methods', {
      kind: 'stripe',
      name: 'Card',
      secret_key: STRIPE_KEY,
      webhook_secret: STRIPE_HOOK,
    });
    expect(stripe.status).toBe(201);
    expect(stripe.body).toMatchObject({ secret_key_set: true, webhook_secret_set: true, api_key_set: false });

    const btcpay = await admin.post('/api/payment-methods', {
      kind: 'btcpay',
      name: 'Bitcoin',
      currency: 'USD',
      server_url: 'https://pay.example.com',
      store_id: 'Store7aB',
      api_key: BTCPAY_KEY,
      webhook_secret: BTCPAY_HOOK,
    });
    expect(btcpay.status).toBe(201);
    expect(btcpay.body).toMatchObject({
      server_url: 'https://pay.example.com',
      store_id: 'Store7aB',
      api_key_set: true,
      webhook_secret_set: true,
    });

    const list = await admin.get('/api/payment-methods');
    expect(list.status).toBe(200);
    expect(list.body.map((m: { id: number }) => m.id).sort()).toEqual(
      [manual.body.id, stripe.body.id, btcpay.body.id].sort(),
    );
    const answered = JSON.stringify([stripe.body, btcpay.body, list.body]);
    for (const secret of [STRIPE_KEY, STRIPE_HOOK, BTCPAY_KEY, BTCPAY_HOOK]) {
      expect(answered).not.toContain(secret);
      expect(server.logs.join('\n')).not.toContain(secret);
    }

    const row = await storedRow(stripe.body.id);
    expect(row.secretKeySealed).not.toContain(STRIPE_KEY);
    expect(server.built.ctx.paymentSecrets.decrypt(row.secretKeySealed!)).toBe(STRIPE_KEY);
    expect(server.built.ctx.paymentSecrets.decrypt(row.webhookSecretSealed!)).toBe(STRIPE_HOOK);
  });

  it('replaces a secret sent and keeps the ones left out; refuses settings of another kind', async () => {
    const stripe = await admin.post('/api/payment-methods', {
      kind: 'stripe',
      name: 'Card 2',
      secret_key: 'sk_test_old',
      webhook_secret: 'whsec_kept',
    });
    const patched = await admin.patch(`/api/payment-methods/${stripe.body.id}`, {
      secret_key: 'sk_test_new',
      fee_bps: 290,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ fee_bps: 290, secret_key_set: true, webhook_secret_set: true });
    expect(JSON.stringify(patched.body)).not.toContain('sk_test_new');
    const row = await storedRow(stripe.body.id);
    expect(server.built.ctx.paymentSecrets.decrypt(row.secretKeySealed!)).toBe('sk_test_new');
    expect(server.built.ctx.paymentSecrets.decrypt(row.webhookSecretSealed!)).toBe('whsec_kept');
    // Neither the replaced key, its replacement nor the kept secret is in the log.
    for (const secret of ['sk_test_old', 'sk_test_new', 'whsec_kept'])
      expect(server.logs.join('\n')).not.toContain(secret);

    const wrongKind = await admin.patch(`/api/payment-methods/${stripe.body.id}`, { instructions: 'x' });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.error.code).toBe('PAYMENT_METHOD_SETTINGS_INVALID');
    const badUrl = await admin.post('/api/payment-methods', {
      kind: 'btcpay',
      name: 'x',
      server_url: 'ftp://pay.example.com',
      store_id: 's',
      api_key: 'k',
      webhook_secret: 'w',
    });
    expect(badUrl.body.error.code).toBe('PAYMENT_METHOD_SETTINGS_INVALID');
    const secretOnManual = await admin.post('/api/payment-methods', { ...manualBody, secret_key: 'sk_x' });
    expect(secretOnManual.status).toBe(422);
    const feeTooHigh = await admin.post('/api/payment-methods', { ...manualBody, fee_bps: 10_001 });
    expect(feeTooHigh.status).toBe(422);
    const missing = await admin.patch('/api/payment-methods/99999', { name: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('PAYMENT_METHOD_NOT_FOUND');
  });

  it('refuses every change and the full list to non-admins; they see only enabled methods they can pay with', async () => {
    const enabled = await admin.post('/api/payment-methods', {
      ...manualBody,
      name: 'USDT TRC-20',
      currency: 'USD',
    });
    const disabled = await admin.post('/api/payment-methods', { ...manualBody, name: 'Old', enabled: false });

    expect((await reseller.get('/api/payment-methods')).status).toBe(403);
    expect((await reseller.post('/api/payment-methods', manualBody)).status).toBe(403);
    expect((await reseller.patch(`/api/payment-methods/${enabled.body.id}`, { enabled: false })).status).toBe(
      403,
    );
    expect((await reseller.delete(`/api/payment-methods/${enabled.body.id}`)).status).toBe(403);
    expect((await server.client().get('/api/payment-methods/available')).status).toBe(401);

    const available = await reseller.get('/api/payment-methods/available');
    expect(available.status).toBe(200);
    const names = available.body.map((m: { name: string }) => m.name);
    expect(names).toContain('USDT TRC-20');
    expect(names).not.toContain('Old');
    // Online methods are offered as manual ones are.
    expect(available.body.some((m: { kind: string }) => m.kind === 'stripe')).toBe(true);
    expect(available.body.some((m: { kind: string }) => m.kind === 'btcpay')).toBe(true);
    expect(Object.keys(available.body[0]).sort()).toEqual(
      [
        'channel',
        'currency',
        'fee_bps',
        'id',
        'instructions',
        'instructions_translations',
        'kind',
        'name',
        'proof_required',
      ].sort(),
    );
    const usd = await reseller.get('/api/payment-methods/available?currency=USD');
    expect(usd.body.map((m: { name: string }) => m.name)).toEqual(['Bitcoin', 'USDT TRC-20']);

    expect((await admin.patch(`/api/payment-methods/${disabled.body.id}`, { enabled: true })).status).toBe(
      200,
    );
    const after = await reseller.get('/api/payment-methods/available?currency=EUR');
    expect(after.body.map((m: { name: string }) => m.name)).toContain('Old');

    expect((await admin.delete(`/api/payment-methods/${disabled.body.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/payment-methods/${disabled.body.id}`)).status).toBe(404);
  });

  it('records each add, edit and delete in the audit log, a replaced key only as "changed"', async () => {
    const created = await admin.post('/api/payment-methods', {
      kind: 'stripe',
      name: 'Audited card',
      secret_key: 'sk_test_audit_old',
      webhook_secret: 'whsec_audit_kept',
    });
    const id = String(created.body.id);
    await admin.patch(`/api/payment-methods/${id}`, { secret_key: 'sk_test_audit_new', name: 'Cards' });
    expect((await admin.delete(`/api/payment-methods/${id}`)).status).toBe(204);

    const log = (await admin.get('/api/audit-log?page_size=100')).body.items as {
      action: string;
      entity_type: string | null;
      entity_id: string | null;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }[];
    const entries = log.filter((e) => e.entity_type === 'payment_method' && e.entity_id === id).reverse();
    expect(entries.map((e) => e.action)).toEqual([
      'payment_method.create',
      'payment_method.update',
      'payment_method.delete',
    ]);
    expect(entries[0]!.after).toMatchObject({ name: 'Audited card', kind: 'stripe', secret_key: 'changed' });
    // Only what changed: the name and the key; the webhook secret left out stays out of the entry.
    expect(entries[1]!.before).toEqual(
      expect.objectContaining({ name: 'Audited card', secret_key: 'changed' }),
    );
    expect(entries[1]!.after).toEqual(expect.objectContaining({ name: 'Cards', secret_key: 'changed' }));
    expect(entries[1]!.after).not.toHaveProperty('webhook_secret');
    expect(entries[2]!.before).toMatchObject({ name: 'Cards' });
    const row = (await storedRowOrNone(Number(id))) ?? null;
    expect(row).toBeNull();
    const text = JSON.stringify(entries);
    for (const secret of ['sk_test_audit_old', 'sk_test_audit_new', 'whsec_audit_kept']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/v\d:|[A-Za-z0-9+/=]{40,}/);
  });
});
