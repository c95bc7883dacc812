import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmTopUp } from '../src/modules/topups/topups.service.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let admin: TestClient;
let packageId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  const pack = await admin.post('/api/credit-packages', { name: 'Starter', credits: 50, price_cents: 2500 });
  packageId = pack.body.id;
});
afterAll(async () => server?.close());

let counter = 0;
async function requester() {
  counter += 1;
  const email = `topup${counter}@example.com`;
  const client = await server.signUpConfirmed(email);
  const me = await client.get('/api/me');
  return { client, id: me.body.id as string, email };
}

async function request(client: TestClient, reference = 'SEPA-123') {
  const res = await client.post('/api/topups', { package_id: packageId, payment_reference: reference });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number };
}

describe('top-up requests', () => {
  it('records a request with a copy of the package; the owner and admins see it, with a pending badge count', async () => {
    const { client, email } = await requester();
    const created = await client.post('/api/topups', {
      package_id: packageId,
      payment_reference: '  PP-77 ',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      package_name: 'Starter',
      credits: 50,
      price_cents: 2500,
      currency: 'EUR',
      payment_reference: 'PP-77',
      status: 'pending',
      account_email: email,
      provider: null,
    });
    const missingRef = await client.post('/api/topups', { package_id: packageId, payment_reference: ' ' });
    expect(missingRef.body.error.code).toBe('PAYMENT_REFERENCE_REQUIRED');
    const unknown = await client.post('/api/topups', { package_id: 99999, payment_reference: 'x' });
    expect(unknown.status).toBe(404);

    expect((await client.get('/api/topups')).body.items.map((t: { id: number }) => t.id)).toEqual([
      created.body.id,
    ]);
    const other = await requester();
    expect((await other.client.get('/api/topups')).body.total).toBe(0);
    const pending = await admin.get('/api/topups?status=pending');
    expect(pending.body.items.map((t: { id: number }) => t.id)).toContain(created.body.id);
    const count = await admin.get('/api/topups/pending-count');
    expect(count.body.count).toBeGreaterThanOrEqual(1);
    expect((await client.get('/api/topups/pending-count')).status).toBe(403);
  });

  it('approves once even when clicked twice at the same time; credits arrive through the ledger with a message', async () => {
    const { client, id } = await requester();
    const { id: requestId } = await request(client);
    const before = (await admin.get('/api/topups/pending-count')).body.count;

    const clicks = await Promise.all([
      admin.post(`/api/topups/${requestId}/approve`),
      admin.post(`/api/topups/${requestId}/approve`),
    ]);
    expect(clicks.map((c) => c.status).sort()).toEqual([200, 409]);
    const refused = clicks.find((c) => c.status === 409)!;
    expect(refused.body.error.message).toBe('This top-up request has already been decided');
    const approved = clicks.find((c) => c.status === 200)!;
    expect(approved.body).toMatchObject({
      status: 'approved',
      decided_by_email: 'admin@example.com',
      provider: 'manual',
    });

    const me = await client.get('/api/me');
    expect(me.body).toMatchObject({ credits: 50, group_id: 2 });
    const ledger = await client.get('/api/credits/ledger');
    expect(ledger.body.items).toHaveLength(1);
    expect(ledger.body.items[0]).toMatchObject({
      reason: 'topup',
      delta: 50,
      ref_type: 'topup_request',
      ref_id: String(requestId),
    });
    expect((await admin.get('/api/topups/pending-count')).body.count).toBe(before - 1);

    const messages = await client.get('/api/messages');
    expect(messages.status).toBe(200);
    expect(JSON.stringify(messages.body)).toContain('Top-up approved');
    expect(id).toBeTruthy();

    const reject = await admin.post(`/api/topups/${requestId}/reject`, { reason: 'late' });
    expect(reject.status).toBe(409);
    expect((await client.post(`/api/topups/${requestId}/approve`)).status).toBe(403);
  });

  it('replays an approval retried with the same Idempotency-Key', async () => {
    const { client } = await requester();
    const { id: requestId } = await request(client);
    const headers = { 'idempotency-key': `approve-${requestId}` };
    const first = await admin.post(`/api/topups/${requestId}/approve`, {}, headers);
    const retry = await admin.post(`/api/topups/${requestId}/approve`, {}, headers);
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect((await client.get('/api/me')).body.credits).toBe(50);
  });

  it('rejects with a reason and tells the requester; nothing is credited', async () => {
    const { client } = await requester();
    const { id: requestId } = await request(client);
    const noReason = await admin.post(`/api/topups/${requestId}/reject`, { reason: '' });
    expect(noReason.body.error.code).toBe('REJECT_REASON_REQUIRED');
    const rejected = await admin.post(`/api/topups/${requestId}/reject`, { reason: 'No payment received' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', reject_reason: 'No payment received' });
    expect((await client.get('/api/me')).body.credits).toBe(0);
    expect(JSON.stringify((await client.get('/api/messages')).body)).toContain('No payment received');
    expect((await admin.post(`/api/topups/${requestId}/approve`)).status).toBe(409);
    expect((await admin.post('/api/topups/99999/approve')).status).toBe(404);
  });

  it('lets a payment provider confirm through confirmTopUp, once per payment', async () => {
    const { client } = await requester();
    const { id: requestId } = await request(client);
    const ctx = server.built.ctx;
    const confirmedBy = { kind: 'provider', provider: 'stripe', paymentId: 'pi_123' } as const;
    const first = await confirmTopUp(ctx, { requestId, confirmedBy });
    expect(first.body).toMatchObject({
      status: 'approved',
      provider: 'stripe',
      provider_payment_id: 'pi_123',
    });
    // Providers resend notifications: the same payment again is a no-op, not a second payout.
    const resent = await confirmTopUp(ctx, { requestId, confirmedBy });
    expect(resent.body.status).toBe('approved');
    expect((await client.get('/api/me')).body.credits).toBe(50);
    await expect(
      confirmTopUp(ctx, {
        requestId,
        confirmedBy: { kind: 'provider', provider: 'stripe', paymentId: 'pi_999' },
      }),
    ).rejects.toMatchObject({ code: 'TOPUP_ALREADY_DECIDED' });
  });
});
