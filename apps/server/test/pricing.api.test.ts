import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let admin: TestClient;
let user: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  user = await server.signUpConfirmed('pricing.user@example.com');
});
afterAll(async () => server?.close());

describe('credit packages and pricing', () => {
  it('lets admins create, edit and delete packages; everyone signed in sees the active ones in order', async () => {
    const big = await admin.post('/api/credit-packages', {
      name: 'Big',
      credits: 100,
      price_cents: 7900,
      currency: 'EUR',
      highlight: true,
      sort_order: 2,
    });
    expect(big.status).toBe(201);
    expect(big.body).toMatchObject({
      name: 'Big',
      credits: 100,
      price_cents: 7900,
      highlight: true,
      is_active: true,
    });
    const small = await admin.post('/api/credit-packages', {
      name: 'Small',
      credits: 10,
      price_cents: 999,
      sort_order: 1,
    });
    expect(small.body.currency).toBe('EUR');
    const hidden = await admin.post('/api/credit-packages', {
      name: 'Hidden',
      credits: 5,
      price_cents: 500,
      is_active: false,
    });

    const seen = await user.get('/api/credit-packages');
    expect(seen.status).toBe(200);
    expect(seen.body.items.map((p: { name: string }) => p.name)).toEqual(['Small', 'Big']);
    // Only admins see inactive packages.
    expect((await user.get('/api/credit-packages?include_inactive=true')).body.items).toHaveLength(2);
    expect((await admin.get('/api/credit-packages?include_inactive=true')).body.items).toHaveLength(3);

    // A PATCH changes only what it names.
    const renamed = await admin.patch(`/api/credit-packages/${big.body.id}`, { name: 'Large' });
    expect(renamed.body).toMatchObject({ name: 'Large', highlight: true, sort_order: 2, price_cents: 7900 });

    expect(
      (await user.post('/api/credit-packages', { name: 'Mine', credits: 1, price_cents: 1 })).status,
    ).toBe(403);
    expect((await user.patch(`/api/credit-packages/${big.body.id}`, { price_cents: 1 })).status).toBe(403);
    const zero = await admin.post('/api/credit-packages', { name: 'Free', credits: 0, price_cents: 0 });
    expect(zero.body.error.message).toBe('Credits must be greater than 0');

    expect((await admin.delete(`/api/credit-packages/${hidden.body.id}`)).status).toBe(204);
    const missing = await admin.delete(`/api/credit-packages/${hidden.body.id}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Credit package not found');
    expect((await server.client().get('/api/credit-packages')).status).toBe(401);
  });

  it("serves the price list's line prices and the active packages on /api/pricing", async () => {
    const res = await user.get('/api/pricing');
    expect(res.status).toBe(200);
    expect(res.body.line_prices).toEqual([
      { months: 1, credits: 2 },
      { months: 3, credits: 4 },
      { months: 6, credits: 6 },
      { months: 12, credits: 10 },
      { months: 24, credits: 15 },
    ]);
    expect(res.body.trial_credits).toBe(0);
    expect(res.body.packages.map((p: { name: string }) => p.name)).toEqual(['Small', 'Large']);
  });
});
