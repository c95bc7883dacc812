import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../src/app.js';
import { TestClient } from './support/test-client.js';
import { freePort } from '../../agent/test/ports.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

const onPostgres = Boolean(process.env.LINEDESK_TEST_DATABASE_URL);

let server: TestServer;
let second: BuiltApp | undefined;
let secondUrl: string;
let admin: TestClient;

/**
 * A kept caller lives far longer than any wait below, so a refusal the second instance answers can
 * only come from the change's event, never from its cache entry running out: the tests wait on the
 * event, however busy the machine, without a time limit that a slow machine could miss.
 */
const CALLER_KEPT_SECONDS = 600;
const EVENT_WAIT_MS = 60_000;

beforeAll(async () => {
  server = await startTestServer({ CALLER_CACHE_SECONDS: String(CALLER_KEPT_SECONDS) });
  admin = await server.admin();
  if (!onPostgres) return;
  // A second app instance on the same database (and secret), as behind a load balancer.
  const { buildApp } = await import('../src/app.js');
  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
  const port = await freePort();
  second = await buildApp({ ...server.built.ctx.config, port }, { logStream: quiet });
  await second.app.listen({ port, host: '127.0.0.1' });
  secondUrl = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

/** The same browser (its cookies) talking to the second instance. */
function onSecond(client: TestClient): TestClient {
  const twin = new TestClient(secondUrl, client.ip);
  for (const [name, value] of client.cookies) twin.cookies.set(name, value);
  return twin;
}

/** Refused by the second instance once it hears of the change on the first. */
async function refusedOnceHeard(client: TestClient) {
  const res = await waitFor(
    () => client.get('/api/me'),
    (r) => r.status !== 200,
    EVENT_WAIT_MS,
  );
  expect(res.status).toBe(401);
}

async function signedIn(email: string): Promise<{ client: TestClient; id: string }> {
  const client = await server.signUpConfirmed(email, 'user-password-1');
  const me = await client.get('/api/me');
  expect(me.status).toBe(200);
  return { client, id: me.body.id as string };
}

async function signInAgain(email: string, password = 'user-password-1'): Promise<TestClient> {
  const client = server.client();
  expect((await client.post('/api/auth/sign-in', { email, password })).status).toBe(200);
  return client;
}

/** Known to the second instance: answered (and so cached) there, more than once. */
async function usedOnSecond(client: TestClient): Promise<TestClient> {
  const twin = onSecond(client);
  for (let i = 0; i < 3; i++) expect((await twin.get('/api/me')).status).toBe(200);
  return twin;
}

describe.skipIf(!onPostgres)('sessions across two app instances on one PostgreSQL', () => {
  it('a sign-out on one instance is refused on the other once it hears of it', async () => {
    const { client } = await signedIn('twin-out@example.com');
    const twin = await usedOnSecond(client);
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    await refusedOnceHeard(twin);
  });

  it('a session ended from another device on one instance is refused on the other once it hears of it', async () => {
    const { client: laptop } = await signedIn('twin-end@example.com');
    const phone = await signInAgain('twin-end@example.com');
    const phoneOnSecond = await usedOnSecond(phone);
    const sessions = await laptop.get('/api/auth/sessions');
    const phoneSession = sessions.body.items.find((s: { current: boolean }) => !s.current);
    expect((await laptop.delete(`/api/auth/sessions/${phoneSession.id}`)).status).toBe(200);
    await refusedOnceHeard(phoneOnSecond);
    expect((await onSecond(laptop).get('/api/me')).status).toBe(200);
  });

  it('a ban on one instance is refused on the other once it hears of it, sessions and keys alike', async () => {
    const { client, id } = await signedIn('twin-ban@example.com');
    expect((await admin.patch(`/api/accounts/${id}`, { group_id: 2 })).status).toBe(200);
    const key = (await client.post('/api/api-keys', { name: 'Bot' })).body.key as string;
    const twin = await usedOnSecond(client);
    const script = new TestClient(secondUrl, client.ip);
    const viaKey = () => script.get('/api/me', { authorization: `Bearer ${key}` });
    expect((await viaKey()).status).toBe(200);
    expect((await admin.patch(`/api/accounts/${id}`, { banned: true })).status).toBe(200);
    await refusedOnceHeard(twin);
    const refused = await waitFor(viaKey, (r) => r.status !== 200, EVENT_WAIT_MS);
    expect(refused.status).toBe(401);
  });

  it('a password change on one instance ends the other sessions on the other once it hears of it', async () => {
    const { client: laptop } = await signedIn('twin-password@example.com');
    const phone = await signInAgain('twin-password@example.com');
    const laptopOnSecond = await usedOnSecond(laptop);
    const phoneOnSecond = await usedOnSecond(phone);
    const changed = await phone.post('/api/auth/change-password', {
      current_password: 'user-password-1',
      new_password: 'brand-new-pass',
    });
    expect(changed.status).toBe(200);
    await refusedOnceHeard(laptopOnSecond);
    expect((await phoneOnSecond.get('/api/me')).status).toBe(200);
  });

  it('a group or credit change on one instance shows on the other once it hears of it', async () => {
    const { client, id } = await signedIn('twin-group@example.com');
    const twin = await usedOnSecond(client);
    expect((await twin.get('/api/me')).body.group_id).toBe(3);
    expect((await admin.patch(`/api/accounts/${id}`, { group_id: 2 })).status).toBe(200);
    const regrouped = await waitFor(
      () => twin.get('/api/me'),
      (r) => r.body.group_id === 2,
      EVENT_WAIT_MS,
    );
    expect(regrouped.body.permissions).toContain('add_credits');
    expect((await admin.post(`/api/accounts/${id}/credits`, { amount: 7 })).status).toBe(200);
    const credited = await waitFor(
      () => twin.get('/api/me'),
      (r) => r.body.credits === 7,
      EVENT_WAIT_MS,
    );
    expect(credited.status).toBe(200);
  });
});

describe('sessions on one instance', () => {
  it('a group’s permission change applies to its members’ next request', async () => {
    const { client, id } = await signedIn('perm-change@example.com');
    const group = await admin.post('/api/groups', { name: 'Readers', permissions: ['view_users'] });
    expect(group.status).toBe(201);
    expect((await admin.patch(`/api/accounts/${id}`, { group_id: group.body.id })).status).toBe(200);
    expect((await client.get('/api/me')).body.permissions).toEqual(['view_users']);
    expect((await client.get('/api/lines')).status).toBe(200);
    const patched = await admin.patch(`/api/groups/${group.body.id}`, { permissions: [] });
    expect(patched.status).toBe(200);
    expect((await client.get('/api/me')).body.permissions).toEqual([]);
    expect((await client.get('/api/lines')).status).toBe(403);
  });

  it('slides the 7-day idle window when an hour has passed since the last slide, not on every request', async () => {
    const client = await server.signUpConfirmed('sliding@example.com', 'user-password-1');
    const { authSessions, authUsers } = await import('../src/db/schema.js');
    const { eq, inArray } = await import('drizzle-orm');
    const db = server.built.ctx.db;
    const sessionsOfUser = db
      .select({ id: authSessions.id })
      .from(authSessions)
      .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
      .where(eq(authUsers.email, 'sliding@example.com'));
    const expiry = async () =>
      (
        await db
          .select({ at: authSessions.expiresAt })
          .from(authSessions)
          .where(inArray(authSessions.id, sessionsOfUser))
      )[0]!.at.getTime();
    // Last slid two hours ago (before this instance ever saw the session).
    const stale = Date.now() + 7 * 86_400_000 - 2 * 3_600_000;
    await db
      .update(authSessions)
      .set({ expiresAt: new Date(stale) })
      .where(inArray(authSessions.id, sessionsOfUser));

    const slid = await client.get('/api/me');
    expect(slid.status).toBe(200);
    const renewed = slid.headers.getSetCookie().find((c) => c.includes('session_token='));
    expect(renewed).toMatch(/Max-Age=604800/);
    expect(await expiry()).toBeGreaterThan(stale + 3_600_000);

    const again = await client.get('/api/me');
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie().some((c) => c.includes('session_token='))).toBe(false);
  });

  it('a tampered session cookie is refused', async () => {
    const { client } = await signedIn('tampered@example.com');
    const [name, value] = [...client.cookies].find(([n]) => n.includes('session_token'))!;
    const token = decodeURIComponent(value).split('.')[0]!;
    const forged = server.client();
    forged.cookies.set(name, encodeURIComponent(`${token}.${'A'.repeat(43)}=`));
    expect((await forged.get('/api/me')).status).toBe(401);
    const unsigned = server.client();
    unsigned.cookies.set(name, token);
    expect((await unsigned.get('/api/me')).status).toBe(401);
    expect((await client.get('/api/me')).status).toBe(200);
  });
});
