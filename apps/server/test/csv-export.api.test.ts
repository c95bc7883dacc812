import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, signUpAccount } from './support/line-fixtures.js';
import { parseCsv } from './support/parse-csv.js';
import { startTestServer, type TestServer } from './support/test-server.js';

describe('CSV exports neutralise formulas', () => {
  let server: TestServer;
  let agent: TestAgent;
  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
    });
    agent = await startLineAgent();
    await addAgentServer(await server.admin(), agent);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
  });

  it('prefixes an apostrophe to every line cell starting with = + - @, tab or CR, credentials included', async () => {
    const seller = await signUpAccount(server, 'csv-seller@example.com', 50);
    const formulas = [
      {
        username: '@SUM(1+1)',
        password: '-1+1',
        notes: '\t=1+1',
        name: '\r=2+2',
        company: '+HYPERLINK("x")',
      },
      { username: '+cmd|x', password: '+1+1', notes: '-2', name: '@me', company: '=1' },
    ];
    for (const f of formulas) {
      const res = await seller.client.post('/api/lines', { ...f, subscription_months: 1 });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const csv = await seller.client.get('/api/lines/export.csv?sort=username&order=asc');
    expect(csv.status).toBe(200);
    const [header, ...rows] = parseCsv(String(csv.body));
    const column = (name: string) => header!.indexOf(name);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      for (const name of ['username', 'password', 'notes', 'name', 'company']) {
        expect(row[column(name)], `${name}: ${JSON.stringify(row[column(name)])}`).toMatch(/^'[=+\-@\t\r]/);
      }
    }
    expect(rows.map((r) => r[column('username')]).sort()).toEqual(["'+cmd|x", "'@SUM(1+1)"]);
  });
});
