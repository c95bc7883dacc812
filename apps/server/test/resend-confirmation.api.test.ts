import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESEND_CONFIRMATION_ANSWER } from '@linedesk/shared';
import { signUpAccount } from './support/line-fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const mailsTo = (email: string) => server.logs.filter((l) => l.includes(`Mail to ${email}:`)).length;

describe('resend confirmation from the sign-in refusal', () => {
  it('mails a new working link to an unconfirmed account and answers every address alike', async () => {
    const email = 'late-confirmer@example.com';
    const c = server.client();
    expect((await c.post('/api/auth/sign-up', { email, password: 'user-password-1' })).status).toBe(201);
    expect((await c.post('/api/auth/sign-in', { email, password: 'user-password-1' })).body.error.code).toBe(
      'EMAIL_NOT_VERIFIED',
    );

    const before = mailsTo(email);
    const res = await c.post('/api/auth/resend-confirmation', { email: 'Late-Confirmer@Example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: RESEND_CONFIRMATION_ANSWER });
    expect(mailsTo(email)).toBe(before + 1);
    const link = new URL(server.confirmationLink(email));
    // The link is a signed token with its expiry in whole seconds: a resend within the same second
    // may carry the same text as the first mail, so what counts is that the mailed link works.
    expect(link.pathname).toBe('/callback');
    const confirmed = await c.post('/api/auth/verify-email', { token: link.searchParams.get('token') });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.email_verified).toBe(true);

    // A confirmed account and an unknown address get the same answer and no mail.
    const confirmedBefore = mailsTo(email);
    const again = await server.client().post('/api/auth/resend-confirmation', { email });
    const unknown = await server
      .client()
      .post('/api/auth/resend-confirmation', { email: 'nobody@example.com' });
    expect([again.status, unknown.status]).toEqual([200, 200]);
    expect(again.body).toEqual(res.body);
    expect(unknown.body).toEqual(res.body);
    expect(mailsTo(email)).toBe(confirmedBefore);
    expect(mailsTo('nobody@example.com')).toBe(0);
  });

  it('limits requests per email and per client address, whether or not the address has an account', async () => {
    for (const email of ['limit-unknown@example.com']) {
      const answers = [];
      // Each request from its own client address, so only the per-email limit applies.
      for (let i = 0; i < 4; i += 1) {
        answers.push((await server.client().post('/api/auth/resend-confirmation', { email })).status);
      }
      expect(answers).toEqual([200, 200, 200, 429]);
    }
    const signUp = server.client();
    await signUp.post('/api/auth/sign-up', { email: 'limit-known@example.com', password: 'user-password-1' });
    const known = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await server
        .client()
        .post('/api/auth/resend-confirmation', { email: 'limit-known@example.com' });
      known.push(res.status);
      if (res.status === 429) {
        expect(res.body.error.code).toBe('RATE_LIMITED');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(known).toEqual([200, 200, 200, 429]);

    // One client address asking for many different addresses is stopped after 10.
    const one = server.client();
    const statuses = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (await one.post('/api/auth/resend-confirmation', { email: `spray-${i}@example.com` })).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('resend confirmation by an admin', () => {
  it("sends a signed-up account's confirmation mail, an invited account a new invite, and refuses when confirmed", async () => {
    const admin = await server.admin();
    const email = 'admin-resend@example.com';
    await server.client().post('/api/auth/sign-up', { email, password: 'user-password-1' });
    const list = await admin.get(`/api/accounts?search=${encodeURIComponent(email)}`);
    const account = list.body.items[0];
    expect(account.email_verified).toBe(false);
    const before = mailsTo(email);
    const sent = await admin.post(`/api/accounts/${account.id}/resend-confirmation`);
    expect(sent.status).toBe(200);
    expect(sent.body.sent).toBe('confirmation');
    expect(mailsTo(email)).toBe(before + 1);
    const link = new URL(server.confirmationLink(email));
    expect(
      (await server.client().post('/api/auth/verify-email', { token: link.searchParams.get('token') }))
        .status,
    ).toBe(200);

    const again = await admin.post(`/api/accounts/${account.id}/resend-confirmation`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ACCOUNT_ALREADY_CONFIRMED');

    const invited = await admin.post('/api/accounts', { email: 'invite-again@example.com' });
    const invite = await admin.post(`/api/accounts/${invited.body.account.id}/resend-confirmation`);
    expect(invite.body.sent).toBe('invite');
    const inviteMails = server.logs.filter(
      (l) => l.includes('Mail to invite-again@example.com:') && l.includes('/set-password?token='),
    );
    expect(inviteMails).toHaveLength(2);

    expect((await admin.post('/api/accounts/no-such-account/resend-confirmation')).status).toBe(404);
    const reseller = await signUpAccount(server, 'resend-reseller@example.com', 10);
    const refused = await reseller.client.post(
      `/api/accounts/${invited.body.account.id}/resend-confirmation`,
    );
    expect(refused.status).toBe(403);
  });
});
