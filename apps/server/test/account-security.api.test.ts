import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authVerifications } from '../src/db/schema.js';
import { signUpAccount } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { ADMIN, startTestServer, type TestServer } from './support/test-server.js';
import { totpCode } from './support/totp.js';
import { waitFor } from './support/wait-for.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const RESET_ANSWER = 'If an account exists for this email, we sent a link to reset its password.';

function mailLines(email: string): string[] {
  return server.logs.filter((l) =>
    l.includes(`Mail to ${email.toLowerCase()}: Reset your Linedesk password`),
  );
}

/** The newest reset link mailed to `email` (the log transport, as without SMTP). */
async function resetToken(email: string, count: number): Promise<string> {
  const lines = await waitFor(
    () => mailLines(email),
    (found) => found.length >= count,
  );
  const line = lines.at(-1)!;
  const link = line.match(/https?:\/\/\S+\/reset-password\?token=[^\s"]+/)?.[0];
  if (!link) throw new Error(`No reset link in: ${line}`);
  return new URL(link).searchParams.get('token')!;
}

async function signIn(client: TestClient, email: string, password: string) {
  return client.post('/api/auth/sign-in', { email, password });
}

/** Turns two-factor sign-in on for a signed-in client; the secret and backup codes it was shown. */
async function enableTwoFactor(client: TestClient, password: string) {
  const setup = await client.post('/api/auth/two-factor/enable', { password });
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  expect(setup.body.totp_uri).toContain(`secret=${secret}`);
  expect(setup.body.backup_codes).toHaveLength(10);
  const firstCode = totpCode(secret);
  const confirmed = await client.post('/api/auth/two-factor/confirm', { code: firstCode });
  expect(confirmed.status).toBe(200);
  expect(confirmed.body.two_factor).toEqual({ enabled: true, setup_required: false });
  return { secret, firstCode, backupCodes: setup.body.backup_codes as string[] };
}

describe('forgot password', () => {
  it('answers the same for an unknown email, and mails a link only to an existing account', async () => {
    await signUpAccount(server, 'forgetful@example.com');
    const known = await server.client().post('/api/auth/forgot-password', { email: 'Forgetful@Example.com' });
    const unknown = await server.client().post('/api/auth/forgot-password', { email: 'nobody@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: RESET_ANSWER });
    expect(unknown.body).toEqual(known.body);
    await resetToken('forgetful@example.com', 1);
    expect(server.logs.some((l) => l.includes('Mail to nobody@example.com'))).toBe(false);
  });

  it('limits reset mails per email from one IP (3 an hour) and per IP (10 an hour), known address or not', async () => {
    const c = server.client();
    for (let i = 0; i < 3; i += 1) {
      expect((await c.post('/api/auth/forgot-password', { email: 'ghost@example.com' })).status).toBe(200);
    }
    const fourth = await c.post('/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please try again later.',
    });
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(fourth.headers.get('retry-after'))).toBeLessThanOrEqual(60 * 60);

    const ip = server.client();
    for (let i = 0; i < 10; i += 1) {
      expect((await ip.post('/api/auth/forgot-password', { email: `spray-${i}@example.com` })).status).toBe(
        200,
      );
    }
    const over = await ip.post('/api/auth/forgot-password', { email: 'spray-new@example.com' });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a stranger asking for someone’s reset again and again does not block the owner’s own request', async () => {
    const email = 'reset-owner@example.com';
    const { client: owner } = await signUpAccount(server, email);
    const stranger = server.client();
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push((await stranger.post('/api/auth/forgot-password', { email })).status);
    }
    expect(answers).toEqual([200, 200, 200, 429, 429]);
    const mailsBefore = mailLines(email).length;

    const own = await server.client({ ip: owner.ip }).post('/api/auth/forgot-password', { email });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ message: RESET_ANSWER });
    await resetToken(email, mailsBefore + 1);
  });

  it('sets a new password once, ends every session of the account, and the old password stops working', async () => {
    const email = 'resetter@example.com';
    const { client: oldSession } = await signUpAccount(server, email);
    const second = server.client();
    expect((await signIn(second, email, 'user-password-1')).status).toBe(200);

    await server.client().post('/api/auth/forgot-password', { email });
    const token = await resetToken(email, 1);

    const short = await server.client().post('/api/auth/reset-password', { token, new_password: 'seven77' });
    expect(short.status).toBe(422);
    expect(short.body.error).toMatchObject({
      code: 'PASSWORD_TOO_SHORT',
      message: 'Password must be at least 8 characters',
    });

    const reset = await server
      .client()
      .post('/api/auth/reset-password', { token, new_password: 'brand-new-pass-2' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: 'Password successfully changed' });

    // Both sessions that existed before the reset are over (on this instance's cache too).
    expect((await oldSession.get('/api/me')).status).toBe(401);
    expect((await second.get('/api/me')).status).toBe(401);

    const again = await server
      .client()
      .post('/api/auth/reset-password', { token, new_password: 'another-pass-3' });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('INVALID_RESET_TOKEN');

    expect((await signIn(server.client(), email, 'user-password-1')).status).toBe(401);
    const fresh = server.client();
    expect((await signIn(fresh, email, 'brand-new-pass-2')).status).toBe(200);
    expect((await fresh.get('/api/me')).body.email).toBe(email);
  });

  it('ends every API key of the account', async () => {
    const email = 'reset-keys@example.com';
    const { client } = await signUpAccount(server, email);
    const made = await client.post('/api/api-keys', { name: 'Shop sync' });
    const bearer = { authorization: `Bearer ${made.body.key}` };
    expect((await server.client().get('/api/me', bearer)).status).toBe(200);

    await server.client().post('/api/auth/forgot-password', { email });
    const token = await resetToken(email, 1);
    const reset = await server
      .client()
      .post('/api/auth/reset-password', { token, new_password: 'brand-new-pass-4' });
    expect(reset.status).toBe(200);

    const after = await server.client().get('/api/me', bearer);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('UNAUTHENTICATED');
    const fresh = server.client();
    expect((await signIn(fresh, email, 'brand-new-pass-4')).status).toBe(200);
    expect((await fresh.get('/api/api-keys')).body).toEqual([]);
  });

  it('refuses an expired link and a made-up one', async () => {
    const email = 'late@example.com';
    await signUpAccount(server, email);
    await server.client().post('/api/auth/forgot-password', { email });
    const token = await resetToken(email, 1);
    await server.built.ctx.db
      .update(authVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(authVerifications.identifier, `reset-password:%`));
    const expired = await server
      .client()
      .post('/api/auth/reset-password', { token, new_password: 'late-pass-123' });
    expect(expired.status).toBe(400);
    expect(expired.body.error).toMatchObject({
      code: 'INVALID_RESET_TOKEN',
      message: 'This password reset link is invalid or has expired. Please ask for a new one.',
    });
    const madeUp = await server
      .client()
      .post('/api/auth/reset-password', { token: 'x'.repeat(24), new_password: 'late-pass-123' });
    expect(madeUp.status).toBe(400);
    expect((await signIn(server.client(), email, 'user-password-1')).status).toBe(200);
  });
});

describe('two-factor sign-in', () => {
  it('once on, sign-in asks for a code; a wrong code is refused, the right one signs in', async () => {
    const email = 'totp@example.com';
    const { client } = await signUpAccount(server, email);
    expect((await client.get('/api/me')).body.two_factor).toEqual({ enabled: false, setup_required: false });

    const wrongPassword = await client.post('/api/auth/two-factor/enable', { password: 'not-my-password' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error.code).toBe('WRONG_PASSWORD');
    const { secret, firstCode } = await enableTwoFactor(client, 'user-password-1');
    // The session that turned it on stays signed in, and a profile edit answers with the state too.
    expect((await client.get('/api/me')).body.two_factor.enabled).toBe(true);
    const edited = await client.patch('/api/me', { full_name: 'Tess Totp' });
    expect(edited.body.two_factor).toEqual({ enabled: true, setup_required: false });

    const c = server.client();
    const step1 = await signIn(c, email, 'user-password-1');
    expect(step1.status).toBe(200);
    expect(step1.body).toEqual({ two_factor_required: true });
    expect((await c.get('/api/me')).status).toBe(401);

    const wrong = await c.post('/api/auth/two-factor/verify', {
      code: totpCode(secret, Date.now() - 600_000),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({
      code: 'INVALID_TWO_FACTOR_CODE',
      message: 'Invalid code. Check your authenticator app and try again.',
    });
    expect((await c.get('/api/me')).status).toBe(401);

    // The code that turned it on was seen once: typed again (still within its 30 s) it is refused.
    const replayed = await c.post('/api/auth/two-factor/verify', { code: firstCode });
    expect(replayed.status).toBe(401);
    expect(replayed.body.error.code).toBe('INVALID_TWO_FACTOR_CODE');

    const right = await c.post('/api/auth/two-factor/verify', {
      code: totpCode(secret, Date.now() + 30_000),
    });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ email, two_factor: { enabled: true, setup_required: false } });
    expect((await c.get('/api/me')).body.email).toBe(email);

    // Without a password step first there is no challenge to answer.
    const noChallenge = await server.client().post('/api/auth/two-factor/verify', { code: totpCode(secret) });
    expect(noChallenge.status).toBe(401);
    expect(noChallenge.body.error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
  });

  it('ends the account’s API keys when turned on with revoke_api_keys, and keeps them without', async () => {
    for (const revoke of [true, false]) {
      const email = `keys-2fa-${revoke}@example.com`;
      const { client } = await signUpAccount(server, email);
      const made = await client.post('/api/api-keys', { name: 'Shop sync' });
      const bearer = { authorization: `Bearer ${made.body.key}` };
      expect((await server.client().get('/api/me', bearer)).status).toBe(200);

      const setup = await client.post('/api/auth/two-factor/enable', { password: 'user-password-1' });
      expect(setup.status).toBe(200);
      const confirmed = await client.post('/api/auth/two-factor/confirm', {
        code: totpCode(setup.body.secret),
        ...(revoke ? { revoke_api_keys: true } : {}),
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.two_factor.enabled).toBe(true);

      const after = await server.client().get('/api/me', bearer);
      expect(after.status).toBe(revoke ? 401 : 200);
      expect((await client.get('/api/api-keys')).body).toHaveLength(revoke ? 0 : 1);
    }
  });

  it('counts wrong codes like wrong passwords: from many addresses they slow the account down, never lock it', async () => {
    const email = 'guessed@example.com';
    const { client } = await signUpAccount(server, email);
    const { secret } = await enableTwoFactor(client, 'user-password-1');
    const stale = totpCode(secret, Date.now() - 600_000);
    let wrongAnswers = 0;
    // Each challenge ends after 5 wrong codes, so the guesser signs in with the password again.
    for (let round = 0; round < 3 && wrongAnswers < 10; round += 1) {
      const c = server.client();
      expect((await signIn(c, email, 'user-password-1')).body).toEqual({ two_factor_required: true });
      for (let i = 0; i < 4 && wrongAnswers < 10; i += 1) {
        expect((await c.post('/api/auth/two-factor/verify', { code: stale })).status).toBe(401);
        wrongAnswers += 1;
      }
    }
    expect(wrongAnswers).toBe(10);
    // Guessed from several addresses, the account is slowed down, not locked: from a fresh address
    // the right password still leads to the code step.
    const c = server.client();
    expect((await signIn(c, email, 'user-password-1')).body).toEqual({ two_factor_required: true });
  });

  it('refuses an address after 5 wrong codes for the account, with Retry-After', async () => {
    const email = 'guessed-codes@example.com';
    const { client } = await signUpAccount(server, email);
    const { secret } = await enableTwoFactor(client, 'user-password-1');
    const stale = totpCode(secret, Date.now() - 600_000);
    const c = server.client();
    expect((await signIn(c, email, 'user-password-1')).body).toEqual({ two_factor_required: true });
    for (let i = 0; i < 4; i += 1) {
      expect((await c.post('/api/auth/two-factor/verify', { code: stale })).status).toBe(401);
    }
    // The fifth wrong code reaches the limit of this address for the account.
    expect((await c.post('/api/auth/two-factor/verify', { code: stale })).status).toBe(401);
    const limited = await c.post('/api/auth/two-factor/verify', { code: totpCode(secret) });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn(c, email, 'user-password-1')).status).toBe(429);
  });

  it('takes each backup code once, and turns off with the password', async () => {
    const email = 'backup@example.com';
    const { client } = await signUpAccount(server, email);
    const { backupCodes } = await enableTwoFactor(client, 'user-password-1');

    const c = server.client();
    expect((await signIn(c, email, 'user-password-1')).body).toEqual({ two_factor_required: true });
    const used = await c.post('/api/auth/two-factor/verify', { code: backupCodes[0] });
    expect(used.status).toBe(200);
    expect(used.body.email).toBe(email);

    const d = server.client();
    expect((await signIn(d, email, 'user-password-1')).body).toEqual({ two_factor_required: true });
    const reused = await d.post('/api/auth/two-factor/verify', { code: backupCodes[0] });
    expect(reused.status).toBe(401);
    expect(reused.body.error.code).toBe('INVALID_TWO_FACTOR_CODE');
    expect((await d.post('/api/auth/two-factor/verify', { code: backupCodes[1] })).status).toBe(200);

    const wrong = await client.post('/api/auth/two-factor/disable', { password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    const off = await client.post('/api/auth/two-factor/disable', { password: 'user-password-1' });
    expect(off.status).toBe(200);
    expect(off.body.two_factor).toEqual({ enabled: false, setup_required: false });
    const plain = server.client();
    const signedIn = await signIn(plain, email, 'user-password-1');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.email).toBe(email);
  });

  it('an admin can require it for resellers: a reseller without it can do nothing else until it is on', async () => {
    const admin = await server.admin();
    const reseller = await signUpAccount(server, 'must-enable@example.com', 10);
    const plainUser = await signUpAccount(server, 'plain-user@example.com');

    expect((await reseller.client.get('/api/security-settings')).status).toBe(403);
    // An admin's API key cannot lift (or set) the requirement, nor turn two-factor sign-in on.
    const { body: adminKey } = await admin.post('/api/api-keys', { name: 'Ops script' });
    const keyAuth = { authorization: `Bearer ${adminKey.key}` };
    const byKey = await server
      .client()
      .request('PATCH', '/api/security-settings', { require_two_factor_resellers: true }, keyAuth);
    expect(byKey.status).toBe(403);
    expect(byKey.body.error.code).toBe('API_KEY_SESSION_REQUIRED');
    // Reading it is harmless: an admin's script may check what is required.
    const readByKey = await server.client().request('GET', '/api/security-settings', undefined, keyAuth);
    expect(readByKey.status).toBe(200);
    expect(readByKey.body).toEqual({ require_two_factor_admins: false, require_two_factor_resellers: false });
    const enableByKey = await server
      .client()
      .request('POST', '/api/auth/two-factor/enable', { password: ADMIN.password }, keyAuth);
    expect(enableByKey.body.error.code).toBe('API_KEY_SESSION_REQUIRED');
    const set = await admin.patch('/api/security-settings', { require_two_factor_resellers: true });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ require_two_factor_admins: false, require_two_factor_resellers: true });

    const blocked = await reseller.client.get('/api/lines');
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toMatchObject({
      code: 'TWO_FACTOR_SETUP_REQUIRED',
      message: 'Set up two-factor sign-in before you continue.',
    });
    expect((await reseller.client.get('/api/me')).body.two_factor).toEqual({
      enabled: false,
      setup_required: true,
    });
    // The setup lists the account's keys, so it can offer to end them.
    const keys = await reseller.client.get('/api/api-keys');
    expect(keys.status).toBe(200);
    expect(keys.body).toEqual([]);
    // Users are not covered by the setting, and the admin is not required either.
    expect((await plainUser.client.get('/api/auth/sessions')).status).toBe(200);
    expect((await admin.get('/api/lines')).status).toBe(200);

    await enableTwoFactor(reseller.client, 'user-password-1');
    expect((await reseller.client.get('/api/lines')).status).toBe(200);
    const keepOn = await reseller.client.post('/api/auth/two-factor/disable', {
      password: 'user-password-1',
    });
    expect(keepOn.status).toBe(403);
    expect(keepOn.body.error.code).toBe('TWO_FACTOR_REQUIRED_BY_ADMIN');

    // Required for admins: the admin is sent to set it up on the next request, whatever the session.
    await admin.patch('/api/security-settings', { require_two_factor_admins: true });
    const adminBlocked = await admin.get('/api/security-settings');
    expect(adminBlocked.status).toBe(403);
    expect(adminBlocked.body.error.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    const { secret } = await enableTwoFactor(admin, ADMIN.password);
    expect((await admin.get('/api/security-settings')).status).toBe(200);
    const c = server.client();
    expect((await signIn(c, ADMIN.email, ADMIN.password)).body).toEqual({ two_factor_required: true });
    const next = totpCode(secret, Date.now() + 30_000);
    expect((await c.post('/api/auth/two-factor/verify', { code: next })).status).toBe(200);
    expect(
      (
        await c.patch('/api/security-settings', {
          require_two_factor_admins: false,
          require_two_factor_resellers: false,
        })
      ).status,
    ).toBe(200);
  });
});
