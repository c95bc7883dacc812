import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lines } from '../src/db/schema.js';
import type { TestClient } from './support/test-client.js';
import { ADMIN, startTestServer, type TestServer } from './support/test-server.js';

const PASSWORD = 'account-password-1';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(async () => server?.close());

/** Creates an account as `by` (admin or reseller) and signs it in. */
async function createAccount(by: TestClient, email: string, extra: Record<string, unknown> = {}) {
  const res = await by.post('/api/accounts', { email, password: PASSWORD, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const client = server.client();
  const signIn = await client.post('/api/auth/sign-in', { email, password: PASSWORD });
  expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
  return { id: res.body.account.id as string, client, account: res.body.account };
}

describe('accounts', () => {
  it('lists accounts for admins with the spec fields, the lines count and admins shown as 1000 credits', async () => {
    const reseller = await createAccount(admin, 'list.reseller@example.com', { full_name: 'List Reseller' });
    await admin.post(`/api/accounts/${reseller.id}/credits`, { amount: 7 });
    // Line users are another area's table; two rows owned by the reseller are enough for the count.
    await server.built.ctx.db.insert(lines).values([
      { username: 'list-line-1', password: 'x', expiryDate: '2030-01-01', ownerId: reseller.id },
      { username: 'list-line-2', password: 'x', expiryDate: '2030-01-01', ownerId: reseller.id },
    ]);

    const res = await admin.get('/api/accounts?search=list.reseller');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toMatchObject({
      email: 'list.reseller@example.com',
      username: 'list.reseller',
      full_name: 'List Reseller',
      credits: 7,
      group_id: 2,
      group_name: 'Resellers',
      display_group_id: 2,
      display_credits: 7,
      status: 'active',
      lines_count: 2,
      owner_id: null,
      owner_email: null,
      email_verified: true,
    });
    expect(res.body.items[0].last_sign_in_at).not.toBeNull();

    const me = await admin.get(`/api/accounts?search=${encodeURIComponent(ADMIN.email)}`);
    expect(me.body.items[0]).toMatchObject({ group_id: 1, display_group_id: 1, display_credits: 1000 });

    const byLines = await admin.get('/api/accounts?sort=lines_count&order=desc&page_size=1');
    expect(byLines.body.items[0].email).toBe('list.reseller@example.com');
    const suspended = await admin.get('/api/accounts?status=suspended');
    expect(suspended.body.items.every((a: { status: string }) => a.status === 'suspended')).toBe(true);
  });

  it('creates an account with a password that can sign in at once; a taken email is refused', async () => {
    const created = await createAccount(admin, 'new.one@example.com', { full_name: 'New One', notes: 'vip' });
    expect(created.account).toMatchObject({ group_id: 3, credits: 0, notes: 'vip', full_name: 'New One' });
    const again = await admin.post('/api/accounts', { email: 'NEW.ONE@example.com', password: PASSWORD });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('EMAIL_TAKEN');
    const short = await admin.post('/api/accounts', { email: 'short@example.com', password: 'short' });
    expect(short.status).toBe(422);
    expect(short.body.error.message).toBe('Password must be at least 8 characters');
  });

  it('invites by mail: the link sets the password, confirms the email and is single-use', async () => {
    const res = await admin.post('/api/accounts', { email: 'invited@example.com', full_name: 'Invited' });
    expect(res.status).toBe(201);
    expect(res.body.invited).toBe(true);
    expect(res.body.account.email_verified).toBe(false);

    const line = [...server.logs].reverse().find((l) => l.includes('Mail to invited@example.com:'));
    const link = line?.match(/https?:\/\/\S+\/set-password\?token=[^\s"]+/)?.[0];
    expect(link, 'invite mail with a set-password link').toBeTruthy();
    const token = new URL(link!).searchParams.get('token')!;

    const client = server.client();
    const before = await client.post('/api/auth/sign-in', {
      email: 'invited@example.com',
      password: PASSWORD,
    });
    expect(before.status).not.toBe(200);

    const accepted = await client.post('/api/accounts/invite/accept', { token, password: PASSWORD });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const signIn = await client.post('/api/auth/sign-in', {
      email: 'invited@example.com',
      password: PASSWORD,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.email_verified).toBe(true);

    const reused = await server
      .client()
      .post('/api/accounts/invite/accept', { token, password: 'other-pass-1' });
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe('INVALID_TOKEN');
  });

  it('changes group, notes and name; banning ends the sessions and shows the account as suspended', async () => {
    const target = await createAccount(admin, 'ban.me@example.com');
    expect((await target.client.get('/api/me')).status).toBe(200);

    const moved = await admin.patch(`/api/accounts/${target.id}`, {
      group_id: 2,
      notes: 'moved',
      full_name: 'Ban Me',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ group_id: 2, notes: 'moved', full_name: 'Ban Me' });

    const banned = await admin.patch(`/api/accounts/${target.id}`, { banned: true });
    expect(banned.body).toMatchObject({ banned: true, status: 'suspended' });
    expect((await target.client.get('/api/me')).status).toBe(401);
    const signIn = await server
      .client()
      .post('/api/auth/sign-in', { email: 'ban.me@example.com', password: PASSWORD });
    expect(signIn.status).toBe(403);

    const unbanned = await admin.patch(`/api/accounts/${target.id}`, { banned: false });
    expect(unbanned.body.status).toBe('active');
    const back = await server
      .client()
      .post('/api/auth/sign-in', { email: 'ban.me@example.com', password: PASSWORD });
    expect(back.status).toBe(200);

    const missingGroup = await admin.patch(`/api/accounts/${target.id}`, { group_id: 999 });
    expect(missingGroup.body.error).toEqual({ code: 'GROUP_NOT_FOUND', message: 'Group not found' });
  });

  it("answers 'Invalid user ID' for a malformed id and 'User not found' for an unknown one", async () => {
    const malformed = await admin.patch('/api/accounts/not%20an%20id!', { notes: 'x' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.error).toMatchObject({ code: 'INVALID_USER_ID', message: 'Invalid user ID' });
    const unknown = await admin.patch('/api/accounts/unknown-account-id', { notes: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'USER_NOT_FOUND', message: 'User not found' });
  });

  it('lets a reseller create, see and edit only its own sub-accounts', async () => {
    const reseller = await createAccount(admin, 'scoped.reseller@example.com');
    const other = await createAccount(admin, 'other.reseller@example.com');
    await admin.post(`/api/accounts/${reseller.id}/credits`, { amount: 5 });
    await admin.post(`/api/accounts/${other.id}/credits`, { amount: 5 });
    // Credits moved both to Resellers; a fresh session picks up the new group.
    const resellerClient = server.client();
    await resellerClient.post('/api/auth/sign-in', {
      email: 'scoped.reseller@example.com',
      password: PASSWORD,
    });
    const otherClient = server.client();
    await otherClient.post('/api/auth/sign-in', { email: 'other.reseller@example.com', password: PASSWORD });

    const sub = await createAccount(resellerClient, 'sub.account@example.com');
    expect(sub.account).toMatchObject({ owner_id: reseller.id, group_id: 3 });
    const withGroup = await resellerClient.post('/api/accounts', {
      email: 'sneaky@example.com',
      password: PASSWORD,
      group_id: 1,
    });
    expect(withGroup.status).toBe(403);

    const mine = await resellerClient.get('/api/accounts');
    expect(mine.body.items.map((a: { email: string }) => a.email)).toEqual(['sub.account@example.com']);
    expect((await otherClient.get('/api/accounts')).body.items).toEqual([]);

    const edited = await resellerClient.patch(`/api/accounts/${sub.id}`, { notes: 'my customer' });
    expect(edited.status).toBe(200);
    expect(edited.body.notes).toBe('my customer');
    const banBySeller = await resellerClient.patch(`/api/accounts/${sub.id}`, { banned: true });
    expect(banBySeller.status).toBe(403);

    const foreign = await otherClient.patch(`/api/accounts/${sub.id}`, { notes: 'mine now' });
    expect(foreign.status).toBe(404);
    expect((await otherClient.get(`/api/accounts/${sub.id}`)).status).toBe(404);
    expect((await resellerClient.get(`/api/accounts/${sub.id}`)).body.email).toBe('sub.account@example.com');

    const filtered = await admin.get(`/api/accounts?owner_id=${reseller.id}`);
    expect(filtered.body.items.map((a: { owner_email: string }) => a.owner_email)).toEqual([
      'scoped.reseller@example.com',
    ]);

    // A plain user (group 3) owns no accounts and may not create any.
    const plain = await createAccount(admin, 'plain.user@example.com');
    const refused = await plain.client.post('/api/accounts', { email: 'x@example.com', password: PASSWORD });
    expect(refused.status).toBe(403);
  });

  it('ends all sessions of an account (admin only)', async () => {
    const target = await createAccount(admin, 'sessions@example.com');
    const refused = await target.client.delete(`/api/accounts/${target.id}/sessions`);
    expect(refused.status).toBe(403);
    const ended = await admin.delete(`/api/accounts/${target.id}/sessions`);
    expect(ended.body.ended).toBeGreaterThanOrEqual(1);
    expect((await target.client.get('/api/me')).status).toBe(401);
  });
});
