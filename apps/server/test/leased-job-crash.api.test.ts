// kill -9 while bulk line actions run (the leased-job runner, platform/leased-job.ts): a job left
// half-done and still leased by the dead process is taken over once its lease has run out, carried on
// from its first pending line and finished once, every line made and charged exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './support/event-stream.js';
import { queryServerDatabase, signedIn } from './support/killed-server.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, agentUsers } from './support/line-fixtures.js';
import { freePort } from '../../agent/test/ports.js';
import { buildServerBundle, startServerProcess, type ServerProcess } from './support/server-process.js';
import { TestClient } from './support/test-client.js';
import { copyTemplateDatabase, type DatabaseCopy } from './support/database-copy.js';
import { ADMIN } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

/** Jobs of the largest size a bulk create allows: the kill comes while the first or a later one runs. */
const PER_JOB = 500;
const PREFIXES = ['lease-a-', 'lease-b-', 'lease-c-', 'lease-d-'];
const RESELLER = { email: 'lease-crash@example.com', password: 'reseller-password-1' };
const CREDITS = 20_000;

let store: DatabaseCopy;
let agent: TestAgent;
let server: ServerProcess;
let port: number;
let env: Record<string, string>;

const query = <T>(text: string) => queryServerDatabase<T>(store, text);

type JobState = { id: number; status: string; lease_id: string | null; done: number; pending: number };
const jobStates = () =>
  query<JobState>(`select j.id, j.status, j.lease_id,
      (select count(*)::int from line_bulk_items i where i.job_id = j.id and i.result = 'done') as done,
      (select count(*)::int from line_bulk_items i where i.job_id = j.id and i.result = 'pending') as pending
    from line_bulk_jobs j order by j.id`);

beforeAll(async () => {
  buildServerBundle();
  store = await copyTemplateDatabase('ld_lease_crash');
  agent = await startLineAgent();
  port = await freePort();
  env = {
    LINEDESK_DATA_DIR: store.dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LINEDESK_ADMIN_EMAIL: ADMIN.email,
    LINEDESK_ADMIN_PASSWORD: ADMIN.password,
    LINE_SYNC_RETRY_BASE_MS: '200',
    LINE_SYNC_RETRY_MAX_MS: '1000',
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

describe('a crash while bulk jobs run', () => {
  it('takes over the job whose lease ran out and finishes it once, each line made and charged once', async () => {
    const admin = new TestClient(server.url, '127.0.0.1');
    expect((await admin.post('/api/auth/sign-in', ADMIN)).status).toBe(200);
    await addAgentServer(admin, agent);
    const created = await admin.post('/api/accounts', RESELLER);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const resellerId = created.body.account.id as string;
    expect((await admin.post(`/api/accounts/${resellerId}/credits`, { amount: CREDITS })).status).toBe(200);
    const reseller = new TestClient(server.url, '127.0.0.1');
    expect((await reseller.post('/api/auth/sign-in', RESELLER)).status).toBe(200);

    const stream = await openEventStream(server, reseller);
    const jobIds: number[] = [];
    let chargePerLine = 0;
    for (const prefix of PREFIXES) {
      const body = { action: 'create', count: PER_JOB, username_prefix: prefix, subscription_months: 1 };
      const preview = await reseller.post('/api/lines/bulk/preview', body);
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      chargePerLine = preview.body.charge_per_line as number;
      const started = await reseller.post('/api/lines/bulk', body);
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      jobIds.push(started.body.id as number);
    }
    expect(chargePerLine).toBeGreaterThan(0);

    // Killed once the first job has made some of its lines, with most still to make: its progress
    // events (one when it was asked for, one when it started, then one a slice of lines) say when.
    // The stream rather than the job's page, which on the embedded database waits behind the job.
    await waitFor(
      () => stream.about('line_bulk_jobs', jobIds[0]!).length,
      (events) => events >= 3,
    );
    await server.crash();
    stream.close();

    // The dead process still holds the job it was running, most often half-done. On the embedded
    // database a job of 500 lines takes about as long as its events take to arrive, so the kill may
    // fall between two jobs: then the next job is given the state a process that died right after
    // claiming it leaves (running, leased, no line made yet).
    const atKill = await jobStates();
    const open = atKill.filter((job) => job.status !== 'done');
    expect(open.length, JSON.stringify(atKill)).toBeGreaterThan(0);
    let held = open.filter((job) => job.lease_id !== null);
    if (held.length === 0) {
      await query(
        `update line_bulk_jobs set status = 'running', lease_id = 'killed' where id = ${open[0]!.id}`,
      );
      held = [open[0]!];
    }
    console.log(`leased-job crash test: at the kill ${JSON.stringify(atKill)}`);
    // Time passing beyond the lease, without the test waiting a whole lease for it.
    await query(
      `update line_bulk_jobs set leased_until = now() - interval '1 second' where lease_id is not null`,
    );

    server = await startServerProcess(port, env);
    const after = signedIn(server.url, reseller);
    for (const id of jobIds) {
      const job = await waitFor(
        () => after.get(`/api/lines/bulk/${id}`),
        (res) => res.body.status === 'done',
        110_000,
      );
      expect(job.body).toMatchObject({
        total: PER_JOB,
        succeeded: PER_JOB,
        refused: 0,
        charged: PER_JOB * chargePerLine,
      });
    }
    const me = await after.get('/api/me');
    expect(me.body.credits).toBe(CREDITS - PREFIXES.length * PER_JOB * chargePerLine);
    // Every line reaches the agent, once.
    const onAgent = await waitFor(
      () => agentUsers(agent),
      (users) => users.filter((u) => u.username.startsWith('lease-')).length === PREFIXES.length * PER_JOB,
    );
    expect(new Set(onAgent.map((u) => u.username)).size).toBe(onAgent.length);
    await server.stop();

    // The job taken over was carried on from where the dead process left it, not begun again.
    const atEnd = await jobStates();
    for (const job of held) {
      const ended = atEnd.find((row) => row.id === job.id)!;
      expect(ended).toMatchObject({ status: 'done', lease_id: null, done: PER_JOB, pending: 0 });
    }
    const checks: Record<string, string> = {
      'lines made other than once per item': `select abs((select count(*) from users where username like 'lease-%')
          - ${PREFIXES.length * PER_JOB})::int as n`,
      'items without their own line': `select (count(*) - count(distinct line_id))::int
          + count(*) filter (where line_id is null)::int as n from line_bulk_items`,
      'lines charged other than once': `select count(*)::int as n from users l where l.username like 'lease-%'
          and (select count(*) from credit_ledger c where c.reason = 'line_create' and c.ref_id = l.id::text) <> 1`,
      'balances that differ from their ledger': `select count(*)::int as n from auth_users u
          where credits <> coalesce((select sum(delta) from credit_ledger c where c.account_id = u.id), 0)`,
    };
    for (const [what, sql] of Object.entries(checks)) {
      const [row] = await query<{ n: number }>(sql);
      expect(row!.n, what).toBe(0);
    }
  }, 600_000);
});
