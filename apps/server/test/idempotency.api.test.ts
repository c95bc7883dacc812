import { describe, expect, it } from 'vitest';
import { balanceOf, signUpAccount } from './support/line-fixtures.js';
import { lineServerFixture } from './support/line-server-fixture.js';

const suite = lineServerFixture();

const reused = (res: { status: number; body: any }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.error).toMatchObject({
    code: 'IDEMPOTENCY_KEY_REUSED',
    message: 'This Idempotency-Key was already used for a different request',
  });
};

describe('Idempotency-Key on line creation', () => {
  it('answers a retry with the first result and refuses the key with another body: one line, one charge', async () => {
    const seller = await signUpAccount(suite.server, 'idem-lines@example.com', 20);
    const headers = { 'idempotency-key': 'create-line-1' };
    const body = { username: 'idemline1', password: 'pw-1234', subscription_months: 1 };
    const first = await seller.client.post('/api/lines', body, headers);
    expect(first.status, JSON.stringify(first.body)).toBe(201);

    reused(await seller.client.post('/api/lines', { ...body, username: 'idemline2' }, headers));
    // Same body, keys in another order: the same request.
    const retry = await seller.client.post(
      '/api/lines',
      { subscription_months: 1, password: 'pw-1234', username: 'idemline1' },
      headers,
    );
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.line.id).toBe(first.body.line.id);
    expect(retry.body.charged).toBe(first.body.charged);

    const mine = await seller.client.get('/api/lines');
    expect(mine.body.items.map((l: { username: string }) => l.username)).toEqual(['idemline1']);
    expect(await balanceOf(suite.server, seller.id)).toBe(20 - first.body.charged);
  });

  it('is refused on a renew with another body or another line', async () => {
    const seller = await signUpAccount(suite.server, 'idem-renew@example.com', 50);
    const a = await seller.client.post('/api/lines', {
      username: 'idemrenA',
      password: 'pw-1234',
      is_trial: true,
    });
    const b = await seller.client.post('/api/lines', {
      username: 'idemrenB',
      password: 'pw-1234',
      is_trial: true,
    });
    const headers = { 'idempotency-key': 'renew-1' };
    const first = await seller.client.post(
      `/api/lines/${a.body.line.id}/renew`,
      { subscription_months: 1 },
      headers,
    );
    expect(first.status).toBe(200);
    reused(
      await seller.client.post(`/api/lines/${a.body.line.id}/renew`, { subscription_months: 3 }, headers),
    );
    reused(
      await seller.client.post(`/api/lines/${b.body.line.id}/renew`, { subscription_months: 1 }, headers),
    );
    reused(
      await seller.client.post(
        '/api/lines',
        { username: 'idemrenC', password: 'pw-1234', is_trial: true },
        headers,
      ),
    );
  });
});

describe('Idempotency-Key on credit moves', () => {
  it('refuses the key with another body on add, set and transfer', async () => {
    const seller = await signUpAccount(suite.server, 'idem-credits@example.com', 50);
    const sub = await seller.client.post('/api/accounts', {
      email: 'idem-sub@example.com',
      password: 'sub-password-1',
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    const subId = sub.body.account.id as string;

    const add = { 'idempotency-key': 'add-1' };
    expect((await suite.admin.post(`/api/accounts/${seller.id}/credits`, { amount: 5 }, add)).status).toBe(
      200,
    );
    reused(await suite.admin.post(`/api/accounts/${seller.id}/credits`, { amount: 6 }, add));

    const set = { 'idempotency-key': 'set-1' };
    expect((await suite.admin.put(`/api/accounts/${subId}/credits`, { credits: 3 }, set)).status).toBe(200);
    reused(await suite.admin.put(`/api/accounts/${subId}/credits`, { credits: 4 }, set));

    const transfer = { 'idempotency-key': 'transfer-1' };
    expect(
      (await seller.client.post(`/api/accounts/${subId}/transfer`, { amount: 2 }, transfer)).status,
    ).toBe(200);
    reused(await seller.client.post(`/api/accounts/${subId}/transfer`, { amount: 4 }, transfer));
    expect(await balanceOf(suite.server, subId)).toBe(5);
  });
});

describe('Idempotency-Key on redeem and top-up approval', () => {
  it('refuses the key for another code or another top-up request', async () => {
    const codes = await suite.admin.post('/api/redeem-codes', { credits: 2, count: 2 });
    expect(codes.status, JSON.stringify(codes.body)).toBe(201);
    const [one, two] = codes.body.items as { code: string }[];
    const user = await signUpAccount(suite.server, 'idem-redeem@example.com');
    const headers = { 'idempotency-key': 'redeem-1' };
    expect((await user.client.post('/api/redeem', { code: one!.code }, headers)).status).toBe(200);
    reused(await user.client.post('/api/redeem', { code: two!.code }, headers));
    reused(await user.client.post('/api/redeem', { code: 'NOPE-NOPE-NOPE' }, headers));

    const pack = await suite.admin.post('/api/credit-packages', {
      name: 'Idem',
      credits: 10,
      price_cents: 500,
    });
    const requests = [];
    for (const reference of ['IDEM-1', 'IDEM-2']) {
      const res = await user.client.post('/api/topups', {
        package_id: pack.body.id,
        payment_reference: reference,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      requests.push(res.body.id as number);
    }
    const approve = { 'idempotency-key': 'approve-1' };
    expect((await suite.admin.post(`/api/topups/${requests[0]}/approve`, {}, approve)).status).toBe(200);
    reused(await suite.admin.post(`/api/topups/${requests[1]}/approve`, {}, approve));
    expect(await balanceOf(suite.server, user.id)).toBe(12);
  });
});
