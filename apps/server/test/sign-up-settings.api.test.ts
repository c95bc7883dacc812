import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAccount } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
});

type Message = { title: string; content: string };
const messagesOf = async (client: TestClient): Promise<Message[]> =>
  (await client.get('/api/messages?page_size=100')).body.items as Message[];

describe('open sign-up', () => {
  it('is open on a fresh panel, and every admin is told of each sign-up, in their own language', async () => {
    expect((await server.client().get('/api/sign-up-settings')).body).toEqual({ open: true });
    // A second admin who reads German.
    const german = await signUpAccount(server, 'zweiter-admin@example.com');
    expect((await admin.patch(`/api/accounts/${german.id}`, { group_id: 1 })).status).toBe(200);
    expect((await german.client.put('/api/me/language', { language: 'de', chosen: true })).status).toBe(200);

    const walkIn = await signUpAccount(server, 'walk-in@example.com');

    // Each admin is told, and reads the notice in their own language (an admin's list holds every
    // message, each rendered for the one reading it).
    const told = (await messagesOf(admin)).filter((m) => m.title.includes('walk-in@example.com'));
    expect(told.map((m) => m.title)).toEqual([
      'New account signed up: walk-in@example.com',
      'New account signed up: walk-in@example.com',
    ]);
    const toldGerman = (await messagesOf(german.client)).filter((m) =>
      m.title.includes('walk-in@example.com'),
    );
    expect(toldGerman.map((m) => m.title)).toEqual([
      'Neues Konto registriert: walk-in@example.com',
      'Neues Konto registriert: walk-in@example.com',
    ]);
    expect(told.find((m) => m.title.startsWith('New'))?.content).toContain('Sign-up is open to anyone');
    // The one who signed up is told nothing of the kind.
    expect((await messagesOf(walkIn.client)).some((m) => m.title.startsWith('New account'))).toBe(false);
  });

  it('closed by an admin, refuses sign-up with SIGN_UP_CLOSED and tells nobody; reopened, it works again', async () => {
    const closed = await admin.put('/api/sign-up-settings', { open: false });
    expect(closed.status).toBe(200);
    expect(closed.body).toEqual({ open: false });
    expect((await server.client().get('/api/sign-up-settings')).body).toEqual({ open: false });

    const before = (await messagesOf(admin)).length;
    const refused = await server
      .client()
      .post('/api/auth/sign-up', { email: 'closed-door@example.com', password: 'user-password-1' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'SIGN_UP_CLOSED',
      message: 'Sign-up is closed on this panel. Ask its administrator for an account.',
    });
    // No account was made: an admin's list does not hold it, and signing in fails.
    const listed = await admin.get('/api/accounts?search=closed-door');
    expect(listed.body.total).toBe(0);
    expect((await messagesOf(admin)).length).toBe(before);

    // An admin still creates accounts while sign-up is closed.
    const made = await admin.post('/api/accounts', { email: 'made-by-admin@example.com', group_id: 2 });
    expect(made.status).toBe(201);

    expect((await admin.put('/api/sign-up-settings', { open: true })).body).toEqual({ open: true });
    await signUpAccount(server, 'door-open-again@example.com');
  });

  it('only an admin changes it; anyone may read it', async () => {
    const reseller = await signUpAccount(server, 'settings-reseller@example.com', 5);
    const refused = await reseller.client.put('/api/sign-up-settings', { open: false });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('ADMIN_ONLY');
    expect((await server.client().put('/api/sign-up-settings', { open: false })).status).toBe(401);
    expect((await reseller.client.get('/api/sign-up-settings')).body).toEqual({ open: true });
    // A change is in the audit log, as other settings are.
    await admin.put('/api/sign-up-settings', { open: false });
    const audit = await admin.get('/api/audit-log?page_size=5');
    expect(JSON.stringify(audit.body.items[0])).toContain('sign_up_settings');
    await admin.put('/api/sign-up-settings', { open: true });
  });
});
