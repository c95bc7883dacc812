import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { type Account, addAgentServer, adminMadeAccount } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let agent: TestAgent;
let admin: TestClient;
let reseller: Account;
let other: Account;
const LINE_PASSWORD = 'pass-1234';

type Line = { id: number; username: string; expiry_date: string };
type Todo = { renewal_requests: { items: { line: Line; requested_at: string }[]; total: number } };

async function account(email: string): Promise<Account> {
  const made = await adminMadeAccount(server, admin, email);
  await made.client.put('/api/portal/settings', { enabled: true, contact: '' });
  return made;
}

/** A line of `who`, whose customer signs in to the portal and asks to renew it. */
async function askedLine(who: Account, username: string): Promise<Line> {
  const created = await who.client.post('/api/lines', {
    username,
    password: LINE_PASSWORD,
    subscription_months: 1,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const customer = server.client();
  const signedIn = await customer.post('/api/portal/sign-in', { username, password: LINE_PASSWORD });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  const asked = await customer.post('/api/portal/renewal-request');
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  return created.body.line as Line;
}

async function requested(client: TestClient): Promise<string[]> {
  const todo = await client.get('/api/dashboard/todo');
  expect(todo.status, JSON.stringify(todo.body)).toBe(200);
  const requests = (todo.body as Todo).renewal_requests;
  expect(requests.total).toBe(requests.items.length);
  return requests.items.map((item) => item.line.username);
}

beforeAll(async () => {
  [server, agent] = await Promise.all([startTestServer(), startLineAgent()]);
  admin = await server.admin();
  await addAgentServer(admin, agent);
  reseller = await account('asked-reseller@example.com');
  other = await account('other-asked-reseller@example.com');
});
afterAll(async () => {
  await server?.close();
  await agent?.stop();
});

describe("a customer's ask to renew on the reseller's to-do list", () => {
  it("is on the line owner's list (and every admin's) with the line, and leaves it once the line is renewed", async () => {
    const line = await askedLine(reseller, 'asks-todo');
    const todo = (await reseller.client.get('/api/dashboard/todo')).body as Todo;
    expect(todo.renewal_requests.items).toHaveLength(1);
    const [item] = todo.renewal_requests.items;
    expect(item!.line).toMatchObject({ id: line.id, username: 'asks-todo', expiry_date: line.expiry_date });
    expect(Date.now() - Date.parse(item!.requested_at)).toBeLessThan(5 * 60_000);
    expect(await requested(admin)).toContain('asks-todo');
    expect(await requested(other.client)).toEqual([]);

    const renewed = await reseller.client.post(`/api/lines/${line.id}/renew`, { subscription_months: 1 });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(await requested(reseller.client)).toEqual([]);
    expect(await requested(admin)).not.toContain('asks-todo');
  });

  it('is dismissed by its owner only; a dismissed or renewed ask cannot be dismissed again', async () => {
    const line = await askedLine(reseller, 'asks-dismiss');
    const stranger = await other.client.delete(`/api/portal/renewal-requests/${line.id}`);
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.code).toBe('LINE_NOT_FOUND');
    expect(await requested(reseller.client)).toEqual(['asks-dismiss']);

    const dismissed = await reseller.client.delete(`/api/portal/renewal-requests/${line.id}`);
    expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(200);
    expect(dismissed.body).toEqual({ line_id: line.id, dismissed: true });
    expect(await requested(reseller.client)).toEqual([]);

    const again = await reseller.client.delete(`/api/portal/renewal-requests/${line.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('PORTAL_RENEWAL_REQUEST_NOT_FOUND');
    // A line nobody asked about has nothing to dismiss either.
    const quiet = await reseller.client.post('/api/lines', {
      username: 'never-asks',
      password: LINE_PASSWORD,
      subscription_months: 1,
    });
    const none = await reseller.client.delete(`/api/portal/renewal-requests/${quiet.body.line.id}`);
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('PORTAL_RENEWAL_REQUEST_NOT_FOUND');
  });

  it('needs a panel sign-in that sells lines', async () => {
    expect((await server.client().get('/api/dashboard/todo')).status).toBe(401);
    expect((await server.client().delete('/api/portal/renewal-requests/1')).status).toBe(401);
  });
});
