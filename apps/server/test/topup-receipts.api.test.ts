import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let admin: TestClient;
let packageId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  const pack = await admin.post('/api/credit-packages', {
    name: 'Reseller 10',
    credits: 10,
    price_cents: 900,
  });
  packageId = pack.body.id;
  const contact = await admin.put('/api/contact', {
    email: 'billing@seller.example',
    telegram: '@seller',
    whatsapp: '+49 30 1234 5678',
    hours: 'Mon–Fri',
    note: 'Seller GmbH, Hauptstr. 1, Berlin',
  });
  expect(contact.status, JSON.stringify(contact.body)).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

let counter = 0;
async function requester() {
  counter += 1;
  const email = `receipt${counter}@example.com`;
  return { client: await server.signUpConfirmed(email), email };
}

async function request(client: TestClient, n: number): Promise<number> {
  const res = await client.post('/api/topups', { package_id: packageId, payment_reference: `transfer ${n}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

const year = new Date().getUTCFullYear();
const receipt = (n: number) => `R-${year}-${String(n).padStart(6, '0')}`;

describe('receipts', () => {
  it('numbers 20 approvals made at once without a gap or a repeat; a rejection takes no number', async () => {
    const people = await Promise.all([requester(), requester(), requester(), requester()]);
    const ids: number[] = [];
    for (let n = 0; n < 20; n += 1) ids.push(await request(people[n % 4]!.client, n));
    const rejected = await request(people[0]!.client, 99);

    const answers = await Promise.all([
      ...ids.map((id) => admin.post(`/api/topups/${id}/approve`)),
      admin.post(`/api/topups/${rejected}/reject`, { reason: 'No payment arrived' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const numbers = answers.slice(0, 20).map((a) => a.body.receipt_number as string);
    expect([...numbers].sort()).toEqual(Array.from({ length: 20 }, (_, i) => receipt(i + 1)));
    expect(answers[20]!.body.receipt_number).toBeNull();

    // The next approval continues the year's count.
    const next = await request(people[1]!.client, 21);
    expect((await admin.post(`/api/topups/${next}/approve`)).body.receipt_number).toBe(receipt(21));
  });

  it('is readable by its requester and admins only, with the seller, buyer, package, price and method', async () => {
    const owner = await requester();
    const other = await requester();
    const id = await request(owner.client, 1);
    const pending = await owner.client.get(`/api/topups/${id}/receipt`);
    expect(pending.status).toBe(409);
    expect(pending.body.error.code).toBe('TOPUP_NO_RECEIPT');

    await admin.post(`/api/topups/${id}/approve`);
    const mine = await owner.client.get(`/api/topups/${id}/receipt`);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body).toMatchObject({
      id,
      receipt_number: expect.stringMatching(/^R-\d{4}-\d{6}$/),
      seller: { email: 'billing@seller.example', note: 'Seller GmbH, Hauptstr. 1, Berlin' },
      buyer: { email: owner.email },
      package_name: 'Reseller 10',
      credits: 10,
      price_cents: 900,
      fee_cents: 0,
      amount_cents: 900,
      currency: 'EUR',
      provider: 'manual',
      payment_reference: 'transfer 1',
      reversal: null,
    });
    expect((await admin.get(`/api/topups/${id}/receipt`)).body).toEqual(mine.body);
    const theirs = await other.client.get(`/api/topups/${id}/receipt`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('TOPUP_NOT_FOUND');
    expect((await server.client().get(`/api/topups/${id}/receipt`)).status).toBe(401);
  });
});
