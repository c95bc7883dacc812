import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('sign-up', () => {
  it('refuses a short password with the spec text', async () => {
    const res = await server
      .client()
      .post('/api/auth/sign-up', { email: 'short@example.com', password: 'seven77' });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'PASSWORD_TOO_SHORT',
      message: 'Password must be at least 8 characters',
    });
  });

  it('refuses a password over 128 characters and a malformed email', async () => {
    const long = await server
      .client()
      .post('/api/auth/sign-up', { email: 'long@example.com', password: 'x'.repeat(129) });
    expect(long.status).toBe(422);
    expect(long.body.error.code).toBe('PASSWORD_TOO_LONG');
    const bad = await server
      .client()
      .post('/api/auth/sign-up', { email: 'not-an-email', password: 'long-enough-1' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('INVALID_EMAIL');
  });

  it('sends a confirmation link to /callback, which confirms and signs in; defaults follow the spec', async () => {
    const c = server.client();
    const res = await c.post('/api/auth/sign-up', {
      email: 'New.User@Example.com',
      password: 'user-password-1',
    });
    expect(res.status).toBe(201);

    const blocked = await c.post('/api/auth/sign-in', {
      email: 'new.user@example.com',
      password: 'user-password-1',
    });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe('EMAIL_NOT_VERIFIED');

    const link = new URL(server.confirmationLink('new.user@example.com'));
    expect(link.origin + link.pathname).toBe(`${server.url}/callback`);
    const confirmed = await c.post('/api/auth/verify-email', { token: link.searchParams.get('token') });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      email: 'new.user@example.com',
      username: 'new.user',
      profile_username: 'new.user@example.com',
      full_name: '',
      credits: 0,
      group_id: 3,
      is_admin: false,
      status: 'active',
      email_verified: true,
      permissions: [],
    });
    const me = await c.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.last_sign_in_at).not.toBeNull();

    const again = await server
      .client()
      .post('/api/auth/verify-email', { token: link.searchParams.get('token') });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_CONFIRMED');
  });

  it('keeps full_name and username given at sign-up; a taken email reveals nothing and mails the owner', async () => {
    const c = await server.signUpConfirmed('named@example.com', 'user-password-1', {
      full_name: 'Nora Named',
      username: 'nora',
    });
    const me = await c.get('/api/me');
    expect(me.body).toMatchObject({ full_name: 'Nora Named', profile_username: 'nora', username: 'named' });
    const dup = await server
      .client()
      .post('/api/auth/sign-up', { email: 'named@example.com', password: 'other-password' });
    expect(dup.status).toBe(201);
    // The mail may follow the answer; expect.poll's 1 s default limit is too short on a busy machine.
    await waitFor(
      () =>
        server.logs.some((l) => l.includes('Mail to named@example.com: You already have a Linedesk account')),
      (sent) => sent,
    );
    const stolen = await server
      .client()
      .post('/api/auth/sign-in', { email: 'named@example.com', password: 'other-password' });
    expect(stolen.status).toBe(401);
  });

  it('rejects a forged confirmation token', async () => {
    const res = await server
      .client()
      .post('/api/auth/verify-email', { token: 'eyJhbGciOiJIUzI1NiJ9.e30.bad' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_TOKEN');
  });

  it('cannot grant itself credits, a group or admin rights through sign-up fields', async () => {
    const c = server.client();
    await c.post('/api/auth/sign-up', {
      email: 'sneaky@example.com',
      password: 'user-password-1',
      credits: 999,
      group_id: 1,
      is_admin: true,
    });
    const token = new URL(server.confirmationLink('sneaky@example.com')).searchParams.get('token');
    const me = await c.post('/api/auth/verify-email', { token });
    expect(me.body).toMatchObject({ credits: 0, group_id: 3, is_admin: false });
  });
});

describe('sign-in, session and sign-out', () => {
  it('signs in with an httpOnly SameSite=Lax cookie, and signs out', async () => {
    await server.signUpConfirmed('session@example.com', 'user-password-1');
    const c = server.client();
    const res = await c.post('/api/auth/sign-in', {
      email: 'session@example.com',
      password: 'user-password-1',
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((v) => v.startsWith('linedesk.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(cookie).toMatch(/Max-Age=604800/);
    expect((await c.get('/api/me')).status).toBe(200);

    expect((await c.post('/api/auth/sign-out')).status).toBe(200);
    const after = await c.get('/api/me');
    expect(after.status).toBe(401);
    expect(after.body.error).toEqual({ code: 'UNAUTHENTICATED', message: 'No authenticated user found' });
  });

  it('answers a wrong password with 401 and no cookie', async () => {
    const c = server.client();
    const res = await c.post('/api/auth/sign-in', { email: ADMIN.email, password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('INVALID_CREDENTIALS');
    expect(c.cookies.size).toBe(0);
    // An empty password is refused by the schema, with the same code and the same status.
    const empty = await c.post('/api/auth/sign-in', { email: ADMIN.email, password: '' });
    expect(empty.status).toBe(401);
    expect(empty.body.error).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
    });
  });

  it('stores passwords as argon2id with 19 MiB and two passes', async () => {
    await server.signUpConfirmed('hash@example.com', 'user-password-1');
    const { authAccounts, authUsers } = await import('../src/db/schema.js');
    const { eq } = await import('drizzle-orm');
    const [row] = await server.built.ctx.db
      .select({ password: authAccounts.password })
      .from(authAccounts)
      .innerJoin(authUsers, eq(authUsers.id, authAccounts.userId))
      .where(eq(authUsers.email, 'hash@example.com'));
    expect(row?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('lists my sessions and ends another one', async () => {
    await server.signUpConfirmed('multi@example.com', 'user-password-1');
    const laptop = server.client();
    const phone = server.client();
    await laptop.post(
      '/api/auth/sign-in',
      { email: 'multi@example.com', password: 'user-password-1' },
      { 'user-agent': 'Laptop' },
    );
    await phone.post(
      '/api/auth/sign-in',
      { email: 'multi@example.com', password: 'user-password-1' },
      { 'user-agent': 'Phone' },
    );
    const list = await laptop.get('/api/auth/sessions');
    expect(list.status).toBe(200);
    const current = list.body.items.filter((s: { current: boolean }) => s.current);
    expect(current).toHaveLength(1);
    const other = list.body.items.find(
      (s: { user_agent: string | null; current: boolean }) => s.user_agent === 'Phone',
    );
    expect(other).toBeDefined();
    expect((await laptop.delete(`/api/auth/sessions/${other.id}`)).status).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await laptop.get('/api/me')).status).toBe(200);
    const missing = await laptop.delete(`/api/auth/sessions/${other.id}`);
    expect(missing.status).toBe(404);
  });

  it('lets an admin end all sessions of another account', async () => {
    const user = await server.signUpConfirmed('ended@example.com', 'user-password-1');
    const me = await user.get('/api/me');
    const admin = await server.admin();
    const res = await admin.delete(`/api/accounts/${me.body.id}/sessions`);
    expect(res.status).toBe(200);
    expect(res.body.ended).toBeGreaterThanOrEqual(1);
    expect((await user.get('/api/me')).status).toBe(401);
    const notAdmin = await server.signUpConfirmed('notadmin@example.com', 'user-password-1');
    const refused = await notAdmin.delete(`/api/accounts/${me.body.id}/sessions`);
    expect(refused.status).toBe(403);
  });
});

describe('password change', () => {
  it('checks the current password, the new length, and then answers with the spec text', async () => {
    const c = await server.signUpConfirmed('changer@example.com', 'user-password-1');
    const wrong = await c.post('/api/auth/change-password', {
      current_password: 'nope-nope-1',
      new_password: 'brand-new-pass',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('WRONG_PASSWORD');
    const short = await c.post('/api/auth/change-password', {
      current_password: 'user-password-1',
      new_password: 'short',
    });
    expect(short.status).toBe(422);
    expect(short.body.error.message).toBe('Password must be at least 8 characters');
    const ok = await c.post('/api/auth/change-password', {
      current_password: 'user-password-1',
      new_password: 'brand-new-pass',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Password successfully changed');
    const oldPw = await server
      .client()
      .post('/api/auth/sign-in', { email: 'changer@example.com', password: 'user-password-1' });
    expect(oldPw.status).toBe(401);
    const newPw = await server
      .client()
      .post('/api/auth/sign-in', { email: 'changer@example.com', password: 'brand-new-pass' });
    expect(newPw.status).toBe(200);
  });

  it('ends every other session of the account, and keeps the one that changed it', async () => {
    await server.signUpConfirmed('two-devices@example.com', 'user-password-1');
    const laptop = server.client();
    const phone = server.client();
    for (const device of [laptop, phone]) {
      const signedIn = await device.post('/api/auth/sign-in', {
        email: 'two-devices@example.com',
        password: 'user-password-1',
      });
      expect(signedIn.status).toBe(200);
      expect((await device.get('/api/me')).status).toBe(200);
    }
    // Even when the client does not ask for it: whoever knew the old password may hold a session.
    const changed = await phone.post('/api/auth/change-password', {
      current_password: 'user-password-1',
      new_password: 'brand-new-pass',
      revoke_other_sessions: false,
    });
    expect(changed.status).toBe(200);
    expect((await laptop.get('/api/me')).status).toBe(401);
    expect((await phone.get('/api/me')).status).toBe(200);
    const sessions = await phone.get('/api/auth/sessions');
    expect(sessions.body.items).toHaveLength(1);
    expect(sessions.body.items[0].current).toBe(true);
  });

  it('ends every API key of the account, on this instance at once, and new keys work again', async () => {
    const c = await server.signUpConfirmed('key-holder@example.com', 'user-password-1');
    const made = await c.post('/api/api-keys', { name: 'Shop sync' });
    expect(made.status).toBe(201);
    const bearer = { authorization: `Bearer ${made.body.key}` };
    // Used once, so this instance has the key's caller cached when the password changes.
    expect((await server.client().get('/api/me', bearer)).status).toBe(200);

    const changed = await c.post('/api/auth/change-password', {
      current_password: 'user-password-1',
      new_password: 'brand-new-pass',
      revoke_other_sessions: true,
    });
    expect(changed.status).toBe(200);
    const after = await server.client().get('/api/me', bearer);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('UNAUTHENTICATED');
    expect((await c.get('/api/api-keys')).body).toEqual([]);

    const again = await c.post('/api/api-keys', { name: 'Shop sync' });
    expect((await server.client().get('/api/me', { authorization: `Bearer ${again.body.key}` })).status).toBe(
      200,
    );
  });

  it('needs a signed-in user', async () => {
    const res = await server
      .client()
      .post('/api/auth/change-password', { current_password: 'a', new_password: 'brand-new-pass' });
    expect(res.status).toBe(401);
  });
});

describe('rate limits', () => {
  it('never locks the owner out: guesses from many addresses slow the account down and tell its owner once', async () => {
    const owner = await server.signUpConfirmed('target@example.com', 'user-password-1');
    for (let i = 0; i < 12; i += 1) {
      // A new address each time: no address reaches its own limit.
      const res = await server
        .client()
        .post('/api/auth/sign-in', { email: 'target@example.com', password: `wrong-${i}-xx` });
      expect(res.status).toBe(401);
    }
    // The right password from the owner's address signs in, as does one from an address never seen.
    const home = server.client({ ip: owner.ip });
    const signedIn = await home.post('/api/auth/sign-in', {
      email: 'target@example.com',
      password: 'user-password-1',
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.email).toBe('target@example.com');
    const fresh = await server
      .client()
      .post('/api/auth/sign-in', { email: 'target@example.com', password: 'user-password-1' });
    expect(fresh.status).toBe(200);

    // One message for the episode, however many guesses came after the threshold.
    const inbox = await owner.get('/api/messages');
    const warnings = inbox.body.items.filter(
      (m: { title: string }) => m.title === 'Someone is trying to sign in to your account',
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0].content).toContain('Failed sign-ins to your account');
  });

  it('refuses an address that keeps guessing one account, with Retry-After, and only that address', async () => {
    await server.signUpConfirmed('guessed-here@example.com', 'user-password-1');
    const attacker = server.client({ ip: '203.0.113.61' });
    for (let i = 0; i < 5; i += 1) {
      const res = await attacker.post('/api/auth/sign-in', {
        email: 'guessed-here@example.com',
        password: `wrong-${i}-zz`,
      });
      expect(res.status).toBe(401);
    }
    const refused = await attacker.post('/api/auth/sign-in', {
      email: 'guessed-here@example.com',
      password: 'user-password-1',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const owner = await server
      .client()
      .post('/api/auth/sign-in', { email: 'guessed-here@example.com', password: 'user-password-1' });
    expect(owner.status).toBe(200);
  });

  it('allows at most 10 failed sign-ins per IP across accounts', async () => {
    await server.signUpConfirmed('victim@example.com', 'user-password-1');
    const ip = '203.0.113.77';
    for (let i = 0; i < 10; i += 1) {
      const res = await server
        .client({ ip })
        .post('/api/auth/sign-in', { email: `guess${i}@example.com`, password: 'wrong-pass-1' });
      expect(res.status).toBe(401);
    }
    const blocked = await server
      .client({ ip })
      .post('/api/auth/sign-in', { email: 'victim@example.com', password: 'user-password-1' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const elsewhere = await server
      .client()
      .post('/api/auth/sign-in', { email: 'victim@example.com', password: 'user-password-1' });
    expect(elsewhere.status).toBe(200);
  });

  it('holds the limit under concurrent guesses', async () => {
    await server.signUpConfirmed('burst@example.com', 'user-password-1');
    // From one address: that address's limit for the account (5) is what must hold.
    const ip = '203.0.113.62';
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        server
          .client({ ip })
          .post('/api/auth/sign-in', { email: 'burst@example.com', password: `wrong-${i}-yy` }),
      ),
    );
    const failures = results.filter((r) => r.status === 401).length;
    expect(failures).toBeLessThanOrEqual(5);
    const refused = results.filter((r) => r.status === 429);
    expect(refused.length).toBe(20 - failures);
    for (const r of refused) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated write without our Origin, and accepts it with our Origin', async () => {
    const c = await server.signUpConfirmed('csrf@example.com', 'user-password-1');
    const noOrigin = await c.patch('/api/me', { full_name: 'X' }, { origin: '' });
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.body.error.code).toBe('CSRF_REJECTED');
    c.origin = null;
    const missing = await c.patch('/api/me', { full_name: 'X' });
    expect(missing.status).toBe(403);
    const foreign = await c.patch('/api/me', { full_name: 'X' }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    c.origin = server.url;
    const ok = await c.patch('/api/me', { full_name: 'Real Name' });
    expect(ok.status).toBe(200);
    expect(ok.body.full_name).toBe('Real Name');
  });

  it('refuses a sign-in posted from a foreign page', async () => {
    const res = await server.client().post('/api/auth/sign-in', ADMIN, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });
});

describe('banned accounts', () => {
  it('lose their sessions at once and cannot sign in', async () => {
    const user = await server.signUpConfirmed('banned@example.com', 'user-password-1');
    const me = await user.get('/api/me');
    const admin = await server.admin();
    const ban = await admin.patch(`/api/accounts/${me.body.id}`, { banned: true });
    expect(ban.status).toBe(200);
    expect(ban.body.status).toBe('suspended');
    expect((await user.get('/api/me')).status).toBe(401);
    const signIn = await server
      .client()
      .post('/api/auth/sign-in', { email: 'banned@example.com', password: 'user-password-1' });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error.code).toBe('ACCOUNT_BANNED');

    await admin.patch(`/api/accounts/${me.body.id}`, { banned: false });
    const back = await server
      .client()
      .post('/api/auth/sign-in', { email: 'banned@example.com', password: 'user-password-1' });
    expect(back.status).toBe(200);
  });
});

describe('session lifetime', () => {
  it('ends a session 30 days after sign-in even when it was used every day', async () => {
    const c = await server.signUpConfirmed('old-session@example.com');
    const { authSessions, authUsers } = await import('../src/db/schema.js');
    const { eq, inArray } = await import('drizzle-orm');
    const db = server.built.ctx.db;
    const [user] = await db
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(eq(authUsers.email, 'old-session@example.com'));
    const sessions = db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.userId, user!.id));
    // Used a minute ago, so the idle window is fine, but created 31 days ago.
    await db
      .update(authSessions)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000), updatedAt: new Date(Date.now() - 60_000) })
      .where(inArray(authSessions.id, sessions));
    expect((await c.get('/api/me')).status).toBe(401);
  });

  it('ends a session after 7 idle days', async () => {
    const c = await server.signUpConfirmed('idle-session@example.com');
    const { authSessions, authUsers } = await import('../src/db/schema.js');
    const { eq } = await import('drizzle-orm');
    const db = server.built.ctx.db;
    const [user] = await db
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(eq(authUsers.email, 'idle-session@example.com'));
    await db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.userId, user!.id));
    expect((await c.get('/api/me')).status).toBe(401);
  });
});
