// kill -9 in the middle of a burst of credit operations: after a restart no credit and no line is
// lost or made up, and the card-sharing server ends up equal to the panel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, agentUsers, display } from './support/line-fixtures.js';
import { queryServerDatabase, signedIn } from './support/killed-server.js';
import { buildServerBundle, startServerProcess, type ServerProcess } from './support/server-process.js';
import { TestClient } from './support/test-client.js';
import { copyTemplateDatabase, type DatabaseCopy } from './support/database-copy.js';
import { freePort } from '../../agent/test/ports.js';
import { ADMIN } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

const OPERATIONS = 1000;
const CONCURRENCY = 40;
/** The process is killed once this many operations have answered, with many more in flight. */
const KILL_AFTER = 300;
const RESELLERS = 4;

let store: DatabaseCopy;
let agent: TestAgent;
let server: ServerProcess;
let port: number;
let env: Record<string, string>;

type Reseller = { client: TestClient; id: string; subId: string; lines: number[]; codes: string[] };

const query = <T>(sql: string) => queryServerDatabase<T>(store, sql);

beforeAll(async () => {
  buildServerBundle();
  store = await copyTemplateDatabase('ld_crash');
  agent = await startLineAgent();
  port = await freePort();
  env = {
    LINEDESK_DATA_DIR: store.dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LINEDESK_ADMIN_EMAIL: ADMIN.email,
    LINEDESK_ADMIN_PASSWORD: ADMIN.password,
    LINE_SYNC_RETRY_BASE_MS: '200',
    LINE_SYNC_RETRY_MAX_MS: '1000',
    // A delivery in flight at the kill is retried once its lease (three times this, plus 5 s) has run
    // out: the test waits that long for the agent to match the panel. A busy machine's slow agent
    // call fails and is retried, which the test tolerates.
    SERVER_API_TIMEOUT_MS: '10000',
    ...store.env,
  };
  server = await startServerProcess(port, env);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await agent?.cleanup();
  await store?.drop();
});

describe('a crash in the middle of credit operations', () => {
  it('loses no credit and no line, and the agent ends equal to the panel', async () => {
    const admin = new TestClient(server.url, '127.0.0.1');
    expect((await admin.post('/api/auth/sign-in', ADMIN)).status).toBe(200);
    await addAgentServer(admin, agent);

    // Resellers with credits, each with a sub-account, a few lines to renew and codes to redeem.
    const resellers: Reseller[] = [];
    for (let r = 0; r < RESELLERS; r += 1) {
      const email = `crash-reseller-${r}@example.com`;
      const created = await admin.post('/api/accounts', { email, password: 'reseller-password-1' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.account.id as string;
      expect((await admin.post(`/api/accounts/${id}/credits`, { amount: 5000 })).status).toBe(200);
      const client = new TestClient(server.url, '127.0.0.1');
      expect(
        (await client.post('/api/auth/sign-in', { email, password: 'reseller-password-1' })).status,
      ).toBe(200);
      const sub = await client.post('/api/accounts', {
        email: `crash-sub-${r}@example.com`,
        password: 'sub-password-1',
      });
      expect(sub.status, JSON.stringify(sub.body)).toBe(201);
      const lines: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const line = await client.post('/api/lines', {
          username: `crash-${r}-base-${i}`,
          password: 'pass-1234',
          subscription_months: 1,
        });
        expect(line.status, JSON.stringify(line.body)).toBe(201);
        lines.push(line.body.line.id);
      }
      const codes = await admin.post('/api/redeem-codes', { credits: 3, count: 100 });
      expect(codes.status, JSON.stringify(codes.body)).toBe(201);
      resellers.push({
        client,
        id,
        subId: sub.body.account.id,
        lines,
        codes: codes.body.items.map((c: { code: string }) => c.code),
      });
    }

    // 1,000 operations, 40 at a time: line sales, renewals, transfers and redemptions.
    const operation = (n: number) => {
      const reseller = resellers[n % RESELLERS]!;
      const kind = n % 20;
      if (kind < 8) {
        return reseller.client.post('/api/lines', {
          username: `crash-${n}`,
          password: 'pass-1234',
          subscription_months: [1, 3, 6][n % 3],
        });
      }
      if (kind < 13) {
        return reseller.client.post(`/api/lines/${reseller.lines[n % reseller.lines.length]}/renew`, {
          subscription_months: 1,
        });
      }
      if (kind < 17) return reseller.client.post(`/api/accounts/${reseller.subId}/transfer`, { amount: 1 });
      return reseller.client.post('/api/redeem', { code: reseller.codes.pop() });
    };
    let next = 0;
    let answered = 0;
    let succeeded = 0;
    let cut = 0;
    let crashed: Promise<void> | undefined;
    const run = async (retarget?: (client: TestClient) => TestClient) => {
      if (retarget) for (const reseller of resellers) reseller.client = retarget(reseller.client);
      const worker = async () => {
        while (next < OPERATIONS && !(crashed && !retarget)) {
          const n = next;
          next += 1;
          try {
            const res = await operation(n);
            answered += 1;
            if (res.status < 300) succeeded += 1;
            else expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
          } catch {
            cut += 1; // in flight when the process died
          }
          if (answered === KILL_AFTER && !crashed) crashed = server.crash();
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    };
    await run();
    await crashed;
    expect(cut, 'operations in flight at the kill').toBeGreaterThan(0);

    // The same database and the same agent after the crash; the rest of the operations go to it.
    server = await startServerProcess(port, env);
    await run((client) => signedIn(server.url, client));
    console.log(
      `crash test: ${next} operations tried, ${answered} answered (${succeeded} succeeded), ${cut} in flight at kill -9`,
    );
    expect(next).toBe(OPERATIONS);
    const after = signedIn(server.url, admin);
    const status = await waitFor(
      async () => (await after.get('/api/system/status')).body,
      (s) => s?.outbox?.pending === 0 && s?.outbox?.failing === 0,
      120_000,
    );
    expect(status.outbox.pending).toBe(0);

    // The agent holds exactly the panel's lines, with the panel's expiry dates.
    const panelLines: { username: string; expiry_date: string; enabled: boolean }[] = [];
    for (let page = 1; ; page += 1) {
      const res = await after.get(`/api/lines?page=${page}&page_size=100&sort=username&order=asc`);
      expect(res.status).toBe(200);
      panelLines.push(...res.body.items);
      if (res.body.items.length < 100) break;
    }
    const onAgent = await agentUsers(agent);
    expect(onAgent.map((u) => [u.username, u.expiryDate])).toEqual(
      panelLines.map((l) => [l.username, display(l.expiry_date)]).sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
    await server.stop();

    // Every balance is its ledger's sum; every charge has its line and every reseller's line its charge.
    const [counts] = await query<{ accounts: number; ledger: number; lines: number }>(
      `select (select count(*)::int from auth_users) as accounts, (select count(*)::int from credit_ledger) as ledger,
                (select count(*)::int from users) as lines`,
    );
    const checks: Record<string, string> = {
      'balances that differ from their ledger': `select count(*)::int as n from auth_users u
          where credits <> coalesce((select sum(delta) from credit_ledger c where c.account_id = u.id), 0)`,
      'sale charges without their line': `select count(*)::int as n from credit_ledger c
          where reason = 'line_create' and not exists (select 1 from users l where l.id::text = c.ref_id)`,
      "resellers' lines without their charge": `select count(*)::int as n from users l
          where l.owner_id in (${resellers.map((r) => `'${r.id}'`).join(',')})
            and (select count(*) from credit_ledger c where c.reason = 'line_create' and c.ref_id = l.id::text) <> 1`,
      'renewal charges that differ from the renewals recorded': `select count(*)::int as n from users l
          where (select count(*) from credit_ledger c where c.reason = 'line_renew' and c.ref_id = l.id::text)
             <> (select count(*) from line_events e where e.action = 'renewed' and e.line_id = l.id)`,
      'transfers without their other half': `select abs((select count(*) from credit_ledger where reason = 'transfer_out')
             - (select count(*) from credit_ledger where reason = 'transfer_in'))::int
             + abs(coalesce((select sum(delta) from credit_ledger where reason in ('transfer_out', 'transfer_in')), 0))::int as n`,
      'codes whose uses differ from their redemptions': `select count(*)::int as n from redeem_codes r
          where times_used <> (select count(*) from credit_ledger c where c.reason = 'redeem' and c.ref_id = r.id::text)`,
    };
    for (const [what, sql] of Object.entries(checks)) {
      const [row] = await query<{ n: number }>(sql);
      expect(row!.n, what).toBe(0);
    }
    console.log(
      `crash test: checked ${counts!.accounts} accounts, ${counts!.ledger} ledger rows, ${counts!.lines} lines and ${onAgent.length} agent entries`,
    );
  }, 600_000);
});
