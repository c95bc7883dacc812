import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAccount, type Account } from './support/line-fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';

// A list's page and its total come from one moment of the database: while a reseller keeps
// generating codes (each one a code and a ledger row), every answer of their codes list and of their
// ledger shows as many rows as its total says, as long as they fit on the page. Read on two
// connections side by side, a change committing between the page and the count answered a total
// that the page did not show (the codes list said "2 void" with none on the page).

const CODES = 60;

describe('a list page and its total', () => {
  let server: TestServer;
  let reseller: Account;

  beforeAll(async () => {
    server = await startTestServer({ SERVER_CHECK_INTERVAL_SECONDS: '0' });
    reseller = await signUpAccount(server, 'page-total@example.com', 10_000);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('agree while rows are being added', async () => {
    let writing = true;
    const writer = (async () => {
      try {
        for (let i = 0; i < CODES; i += 1) {
          const made = await reseller.client.post('/api/activation-codes', {
            count: 1,
            subscription_months: 1,
          });
          expect(made.status, JSON.stringify(made.body)).toBe(201);
        }
      } finally {
        writing = false;
      }
    })();
    const disagreements: string[] = [];
    let reads = 0;
    const readWhileWriting = async (path: string) => {
      while (writing) {
        const res = await reseller.client.get(path);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        reads += 1;
        const shown = (res.body.items as unknown[]).length;
        if (shown !== res.body.total) disagreements.push(`${path}: ${shown} shown, total ${res.body.total}`);
      }
    };
    await Promise.all([
      writer,
      readWhileWriting('/api/activation-codes?page_size=100'),
      readWhileWriting('/api/activation-codes?page_size=100'),
      readWhileWriting('/api/credits/ledger?page_size=100'),
      readWhileWriting('/api/credits/ledger?page_size=100'),
    ]);
    expect(reads).toBeGreaterThan(CODES);
    expect(disagreements).toEqual([]);
    // And the lists end where the writes did: every code, and its ledger row beside the grant.
    expect((await reseller.client.get('/api/activation-codes?page_size=100')).body.total).toBe(CODES);
    expect((await reseller.client.get('/api/credits/ledger?page_size=100')).body.total).toBe(CODES + 1);
  });
});
