import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addActiveServer, signUpAccount } from './support/line-fixtures.js';
import { startFakeAgent, type FakeAgent } from './support/line-agent.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let agent: FakeAgent;
beforeAll(async () => {
  server = await startTestServer();
  agent = await startFakeAgent();
});
afterAll(async () => {
  await agent?.close();
  await server?.close();
});

async function doneSteps(client: TestClient): Promise<string[]> {
  const res = await client.get('/api/setup-guide');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.steps as { key: string; done: boolean }[]).filter((s) => s.done).map((s) => s.key);
}

describe('first-run guide', () => {
  it('starts with nothing done on a fresh panel and ticks each step from the real data', async () => {
    const admin = await server.admin();
    const fresh = await admin.get('/api/setup-guide');
    expect(fresh.body).toEqual({
      steps: [
        { key: 'server', done: false },
        { key: 'credit_packages', done: false },
        { key: 'contact_details', done: false },
        { key: 'reseller', done: false },
        { key: 'sign_up', done: false },
      ],
      complete: false,
      hidden: false,
    });

    // A server that was only added has not shown it works: the step waits for a passing test.
    const added = await admin.post('/api/servers', {
      server_name: 'Untested',
      host_ip: '127.0.0.1',
      port: 12000,
      api_port: 1,
      username: 'panel',
      password: 'secret-password',
    });
    expect(added.status).toBe(201);
    expect(await doneSteps(admin)).toEqual([]);
    await addActiveServer(admin, { apiPort: agent.port });
    expect(await doneSteps(admin)).toEqual(['server']);

    // An inactive package sells nothing.
    const hiddenPack = await admin.post('/api/credit-packages', {
      name: 'Draft',
      credits: 10,
      price_cents: 900,
      is_active: false,
    });
    expect(hiddenPack.status, JSON.stringify(hiddenPack.body)).toBe(201);
    expect(await doneSteps(admin)).toEqual(['server']);
    const pack = await admin.post('/api/credit-packages', {
      name: 'Starter',
      credits: 50,
      price_cents: 4000,
    });
    expect(pack.status).toBe(201);
    expect(await doneSteps(admin)).toEqual(['server', 'credit_packages']);

    // Opening hours alone give customers no way to reach anyone.
    await admin.put('/api/contact', { hours: 'Mon–Fri 9–17' });
    expect(await doneSteps(admin)).toEqual(['server', 'credit_packages']);
    const contact = await admin.put('/api/contact', { telegram: '@panel_support' });
    expect(contact.status).toBe(200);
    expect(await doneSteps(admin)).toEqual(['server', 'credit_packages', 'contact_details']);

    // A plain user is no reseller; an account created into Resellers is.
    await signUpAccount(server, 'plain-guide@example.com');
    expect(await doneSteps(admin)).not.toContain('reseller');
    const reseller = await admin.post('/api/accounts', {
      email: 'first-reseller@example.com',
      group_id: 2,
    });
    expect(reseller.status).toBe(201);
    expect(await doneSteps(admin)).toEqual(['server', 'credit_packages', 'contact_details', 'reseller']);

    // Sign-up is open on a fresh panel only because nobody chose: keeping it open is a choice too.
    expect((await admin.put('/api/sign-up-settings', { open: true })).status).toBe(200);
    const done = await admin.get('/api/setup-guide');
    expect(done.body.complete).toBe(true);
    expect(done.body.steps.every((s: { done: boolean }) => s.done)).toBe(true);
  });

  it('is hidden per admin, and only for admins', async () => {
    const admin = await server.admin();
    const hidden = await admin.put('/api/setup-guide', { hidden: true });
    expect(hidden.status).toBe(200);
    expect(hidden.body.hidden).toBe(true);
    expect((await admin.get('/api/setup-guide')).body.hidden).toBe(true);

    // A second admin still sees it.
    const other = await signUpAccount(server, 'second-admin@example.com');
    expect((await admin.patch(`/api/accounts/${other.id}`, { group_id: 1 })).status).toBe(200);
    expect((await other.client.get('/api/setup-guide')).body.hidden).toBe(false);

    const shown = await admin.put('/api/setup-guide', { hidden: false });
    expect(shown.body.hidden).toBe(false);

    const reseller = await signUpAccount(server, 'guide-reseller@example.com', 10);
    const refused = await reseller.client.get('/api/setup-guide');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('ADMIN_ONLY');
    expect((await reseller.client.put('/api/setup-guide', { hidden: true })).status).toBe(403);
    expect((await server.client().get('/api/setup-guide')).status).toBe(401);
  });
});
