import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMadeAccount, grantCredits } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

// GET /api/accounts?subtree=true, what the reports page's account picker lists: a reseller's whole
// tree (not only its direct sub-accounts) with each account's level and parent, searchable; an
// admin's every account; nobody else's accounts.

const PASSWORD = 'subtree-password-1';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(async () => server?.close());

/** A sub-account `by` creates, made a reseller by credits and signed in. */
async function subReseller(by: TestClient, email: string) {
  const created = await by.post('/api/accounts', { email, password: PASSWORD });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.account.id as string;
  await grantCredits(server, id, 10);
  const client = server.client();
  expect((await client.post('/api/auth/sign-in', { email, password: PASSWORD })).status).toBe(200);
  return { id, client };
}

type Row = { email: string; depth?: number; owner_email: string | null };
const rows = (body: { items: Row[] }) =>
  body.items.map((row) => ({ email: row.email, depth: row.depth, owner_email: row.owner_email }));

describe('the accounts of a tree', () => {
  it("lists a reseller's whole tree with levels and parents, searchable, and nothing outside it", async () => {
    const top = await adminMadeAccount(server, admin, 'tree.top@example.com');
    const middle = await subReseller(top.client, 'tree.middle@example.com');
    await subReseller(middle.client, 'tree.bottom@example.com');
    const other = await adminMadeAccount(server, admin, 'tree.other@example.com');
    await subReseller(other.client, 'tree.foreign@example.com');

    const direct = await top.client.get('/api/accounts?sort=email&order=asc');
    expect(direct.body.items.map((row: Row) => row.email)).toEqual(['tree.middle@example.com']);

    const whole = await top.client.get('/api/accounts?subtree=true&sort=email&order=asc');
    expect(whole.status).toBe(200);
    expect(rows(whole.body)).toEqual([
      { email: 'tree.bottom@example.com', depth: 2, owner_email: 'tree.middle@example.com' },
      { email: 'tree.middle@example.com', depth: 1, owner_email: 'tree.top@example.com' },
    ]);
    expect(whole.body.total).toBe(2);

    const searched = await top.client.get('/api/accounts?subtree=true&search=bottom');
    expect(rows(searched.body)).toEqual([
      { email: 'tree.bottom@example.com', depth: 2, owner_email: 'tree.middle@example.com' },
    ]);
    // Another tree's account is not found by name either.
    expect((await top.client.get('/api/accounts?subtree=true&search=foreign')).body.items).toEqual([]);

    const fromMiddle = await middle.client.get('/api/accounts?subtree=true');
    expect(rows(fromMiddle.body)).toEqual([
      { email: 'tree.bottom@example.com', depth: 1, owner_email: 'tree.middle@example.com' },
    ]);
  });

  it('lists every account for an admin, each at its level from the top of its tree', async () => {
    const top = await adminMadeAccount(server, admin, 'panel.top@example.com');
    await subReseller(top.client, 'panel.sub@example.com');
    const all = await admin.get('/api/accounts?subtree=true&search=panel.&sort=email&order=asc');
    expect(rows(all.body)).toEqual([
      { email: 'panel.sub@example.com', depth: 2, owner_email: 'panel.top@example.com' },
      { email: 'panel.top@example.com', depth: 1, owner_email: null },
    ]);
  });

  it('refuses a subtree flag that is not true or false', async () => {
    const res = await admin.get('/api/accounts?subtree=yes');
    expect(res.status).toBe(422);
  });
});
