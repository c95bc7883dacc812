import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.js';
import type { TestClient } from './support/test-client.js';
import { waitFor } from './support/wait-for.js';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer({ API_KEY_RATE_LIMIT_PER_MINUTE: '20' });
  admin = await server.admin();
});
afterAll(async () => server?.close());

/** A client with no cookies and no Origin: what a shop's script looks like. */
function script(key: string) {
  const c = server.client();
  c.origin = null;
  const auth = { authorization: `Bearer ${key}` };
  return {
    get: (path: string) => c.get(path, auth),
    post: (path: string, body?: unknown) => c.post(path, body, auth),
    patch: (path: string, body: unknown) => c.patch(path, body, auth),
    delete: (path: string) => c.delete(path, auth),
  };
}

async function reseller(email: string) {
  const user = await server.signUpConfirmed(email);
  const me = await user.get('/api/me');
  expect((await admin.patch(`/api/accounts/${me.body.id}`, { group_id: 2 })).status).toBe(200);
  return { client: user, id: me.body.id as string };
}

describe('API keys', () => {
  it('a key is shown once, works as its account, and lists with its last use', async () => {
    const { client, id } = await reseller('shop-a@example.com');
    const created = await client.post('/api/api-keys', { name: 'Shop' });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^ld_[\w-]{40,}$/);
    expect(created.body.prefix).toBe(created.body.key.slice(0, created.body.prefix.length));

    const me = await script(created.body.key).get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id, email: 'shop-a@example.com', group_id: 2 });

    const list = await client.get('/api/api-keys');
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: created.body.id, name: 'Shop' });
    expect(list.body[0].last_used_at).not.toBeNull();
    // The key itself (and its hash) never come back.
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);
    expect(list.body[0]).not.toHaveProperty('key');
  });

  it('a reseller key cannot reach admin endpoints or mint more keys', async () => {
    const { client } = await reseller('shop-b@example.com');
    const { body } = await client.post('/api/api-keys', { name: 'Bot' });
    const key = script(body.key);
    expect((await key.get('/api/servers')).status).toBe(403);
    expect((await key.post('/api/groups', { name: 'Mine', permissions: ['manage_users'] })).status).toBe(403);
    const minted = await key.post('/api/api-keys', { name: 'Another' });
    expect(minted.status).toBe(403);
    expect(minted.body.error.code).toBe('API_KEY_SESSION_REQUIRED');
    // Writes with a key need no Origin (there is no cookie a foreign page could ride on), yet the
    // admin-only check still refuses this one.
    expect((await key.post('/api/servers/check')).status).toBe(403);
  });

  it('a key cannot list or end its owner’s browser sessions', async () => {
    const { client } = await reseller('shop-s@example.com');
    const { body } = await client.post('/api/api-keys', { name: 'Bot' });
    const key = script(body.key);
    const mine = await client.get('/api/auth/sessions');
    expect(mine.status).toBe(200);
    const sessionId = mine.body.items[0].id as string;

    const listed = await key.get('/api/auth/sessions');
    expect(listed.status).toBe(403);
    expect(listed.body.error.code).toBe('API_KEY_SESSION_REQUIRED');
    const ended = await key.delete(`/api/auth/sessions/${sessionId}`);
    expect(ended.status).toBe(403);
    expect(ended.body.error.code).toBe('API_KEY_SESSION_REQUIRED');
    // The browser session is untouched.
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('a key cannot change its owner’s password, and the refusal says what to do instead', async () => {
    const { client } = await reseller('shop-p@example.com');
    const { body } = await client.post('/api/api-keys', { name: 'Bot' });
    const key = script(body.key);
    const changed = await key.post('/api/auth/change-password', {
      current_password: 'user-password-1',
      new_password: 'taken-over-password-1',
    });
    expect(changed.status).toBe(403);
    expect(changed.body.error).toEqual({
      code: 'API_KEY_SESSION_REQUIRED',
      message: 'This can only be done when signed in to the panel, not with an API key',
    });
    // The old password still signs in.
    const again = await server
      .client()
      .post('/api/auth/sign-in', { email: 'shop-p@example.com', password: 'user-password-1' });
    expect(again.status).toBe(200);
  });

  it('a revoked key gets 401, and only its owner can revoke it', async () => {
    const { client } = await reseller('shop-c@example.com');
    const other = await reseller('shop-d@example.com');
    const { body } = await client.post('/api/api-keys', { name: 'Old' });
    const foreign = await other.client.delete(`/api/api-keys/${body.id}`);
    expect(foreign.body).toMatchObject({ error: { code: 'API_KEY_NOT_FOUND' } });
    expect(foreign.status).toBe(404);
    expect((await script(body.key).get('/api/me')).status).toBe(200);

    expect((await client.delete(`/api/api-keys/${body.id}`)).status).toBe(204);
    const after = await script(body.key).get('/api/me');
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('UNAUTHENTICATED');
    expect((await client.get('/api/api-keys')).body).toEqual([]);
    expect((await script('ld_not-a-real-key').get('/api/me')).status).toBe(401);
  });

  it('an expired key gets 401; an expiry in the past is refused up front', async () => {
    const { client } = await reseller('shop-e@example.com');
    const past = await client.post('/api/api-keys', { name: 'Late', expires_at: '2001-01-01T00:00:00Z' });
    expect(past.status).toBe(422);
    expect(past.body.error.code).toBe('API_KEY_EXPIRY_PAST');

    const soon = new Date(Date.now() + 5000).toISOString();
    const { body } = await client.post('/api/api-keys', { name: 'Soon', expires_at: soon });
    expect(body.expires_at).toBe(soon);
    expect((await script(body.key).get('/api/me')).status).toBe(200);
    // Refused from its expiry on, although the key was just used (and so is known to this instance);
    // polling may meet the per-key limit (429) before that.
    const after = await waitFor(
      () => script(body.key).get('/api/me'),
      (res) => res.status === 401,
    );
    expect(after.body.error.code).toBe('UNAUTHENTICATED');
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(soon));
  });

  it('a banned account’s keys stop working', async () => {
    const { client, id } = await reseller('shop-f@example.com');
    const { body } = await client.post('/api/api-keys', { name: 'Bot' });
    expect((await script(body.key).get('/api/me')).status).toBe(200);
    expect((await admin.patch(`/api/accounts/${id}`, { banned: true })).status).toBe(200);
    expect((await script(body.key).get('/api/me')).status).toBe(401);
  });

  it('a key works from another origin; a cookie from that origin is still refused', async () => {
    const { client, id } = await reseller('shop-o@example.com');
    const { body } = await client.post('/api/api-keys', { name: 'Shop site' });
    const shop = { origin: 'https://shop.example' };
    const c = server.client();
    c.origin = null;
    const withKey = await c.patch(
      '/api/me',
      { full_name: 'Shop Owner' },
      { ...shop, authorization: `Bearer ${body.key}` },
    );
    expect(withKey.status).toBe(200);
    expect(withKey.body).toMatchObject({ id, full_name: 'Shop Owner' });
    const ticket = await c.post(
      '/api/tickets',
      { title: 'From the shop', description: 'Sent with a key', priority: 'low', category: 'technical' },
      { ...shop, authorization: `Bearer ${body.key}` },
    );
    expect(ticket.status).toBe(201);

    const withCookie = await client.patch('/api/me', { full_name: 'Forged' }, shop);
    expect(withCookie.status).toBe(403);
    expect(withCookie.body.error.code).toBe('CSRF_REJECTED');
    // Something that only looks like a bearer header does not lift the rule for the cookie.
    const fakeKey = await client.patch(
      '/api/me',
      { full_name: 'Forged' },
      { ...shop, authorization: 'Bearer not-a-key' },
    );
    expect(fakeKey.status).toBe(403);
    expect(fakeKey.body.error.code).toBe('CSRF_REJECTED');
    expect((await client.get('/api/me')).body.full_name).toBe('Shop Owner');
  });

  it('with both a cookie and a key, only the key counts: the cookie’s session is never acted on', async () => {
    const visitor = await server.signUpConfirmed('shop-visitor@example.com');
    const visitorId = (await visitor.get('/api/me')).body.id as string;
    const { client, id } = await reseller('shop-k@example.com');
    const { body } = await client.post('/api/api-keys', { name: 'Page key' });
    const shop = { origin: 'https://shop.example', authorization: `Bearer ${body.key}` };

    const changed = await visitor.patch('/api/me', { full_name: 'Changed by a page' }, shop);
    expect(changed.status).toBe(200);
    expect(changed.body.id).toBe(id);
    const seen = await visitor.get('/api/me');
    expect(seen.body.id).toBe(visitorId);
    expect(seen.body.full_name).not.toBe('Changed by a page');

    // Signing out from that page does not end the visitor's session.
    expect((await visitor.post('/api/auth/sign-out', {}, shop)).status).toBe(200);
    expect((await visitor.get('/api/me')).status).toBe(200);

    // A revoked key is refused, and the cookie beside it does not stand in for it.
    expect((await client.delete(`/api/api-keys/${body.id}`)).status).toBe(204);
    const revoked = await visitor.patch('/api/me', { full_name: 'Changed by a page' }, shop);
    expect(revoked.status).toBe(401);
    expect((await visitor.get('/api/me')).body.full_name).not.toBe('Changed by a page');
  });

  it('is rate limited per key', async () => {
    const { client } = await reseller('shop-g@example.com');
    const first = script((await client.post('/api/api-keys', { name: 'Busy' })).body.key);
    const second = script((await client.post('/api/api-keys', { name: 'Calm' })).body.key);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await first.get('/api/me')).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    const limited = await first.get('/api/me');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another key of the same account has its own allowance.
    expect((await second.get('/api/me')).status).toBe(200);
  });
});
