// kill -9 while a bulk renewal runs (line-bulk-chunk.ts writes a chunk of lines in one transaction,
// falling back to line by line when the payer cannot pay a whole chunk): after a restart on the same
// database the job is carried on, every line renewed and charged exactly once, the agent holding each
// line's new expiry; a payer whose balance runs out mid-job is never charged below zero.
import { isoDate, renewedExpiry } from '@linedesk/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './support/event-stream.js';
import { queryServerDatabase, signedIn } from './support/killed-server.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, agentUsers, display } from './support/line-fixtures.js';
import { freePort } from '../../agent/test/ports.js';
import { buildServerBundle, startServerProcess, type ServerProcess } from './support/server-process.js';
import { TestClient } from './support/test-client.js';
import { copyTemplateDatabase, type DatabaseCopy } from './support/database-copy.js';
import { ADMIN } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

/** The largest bulk create: five of the renewal's chunks of 100, so the kill comes between two. */
const LINES = 500;
const PASSWORD = 'reseller-password-1';

type Panel = {
  store: DatabaseCopy;
  agent: TestAgent;
  server: ServerProcess;
  port: number;
  env: Record<string, string>;
  query: <T>(sql: string) => Promise<T[]>;
};
const panels: Panel[] = [];

/** A panel process on its own copy of the database, with an agent server added. */
async function startPanel(prefix: string): Promise<Panel> {
  const store = await copyTemplateDatabase(prefix);
  const agent = await startLineAgent();
  const port = await freePort();
  const env = {
    LINEDESK_DATA_DIR: store.dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LINEDESK_ADMIN_EMAIL: ADMIN.email,
    LINEDESK_ADMIN_PASSWORD: ADMIN.password,
    LINE_SYNC_RETRY_BASE_MS: '200',
    LINE_SYNC_RETRY_MAX_MS: '1000',
    SERVER_API_TIMEOUT_MS: '10000',
    ...store.env,
  };
  const panel: Panel = {
    store,
    agent,
    port,
    env,
    server: await startServerProcess(port, env),
    query: (sql) => queryServerDatabase(store, sql),
  };
  panels.push(panel);
  return panel;
}

/** A reseller with `credits` and LINES lines of one month (a bulk create, waited for). */
async function resellerWithLines(panel: Panel, email: string, credits: number) {
  const admin = new TestClient(panel.server.url, '127.0.0.1');
  expect((await admin.post('/api/auth/sign-in', ADMIN)).status).toBe(200);
  await addAgentServer(admin, panel.agent);
  const created = await admin.post('/api/accounts', { email, password: PASSWORD });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.account.id as string;
  expect((await admin.post(`/api/accounts/${id}/credits`, { amount: credits })).status).toBe(200);
  const client = new TestClient(panel.server.url, '127.0.0.1');
  expect((await client.post('/api/auth/sign-in', { email, password: PASSWORD })).status).toBe(200);
  const body = { action: 'create', count: LINES, username_prefix: 'renew-crash-', subscription_months: 1 };
  const started = await client.post('/api/lines/bulk', body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const made = await waitFor(
    () => client.get(`/api/lines/bulk/${started.body.id}`),
    (res) => res.body.status === 'done',
    110_000,
  );
  expect(made.body).toMatchObject({ succeeded: LINES, refused: 0 });
  return { admin, client, id };
}

type PanelLine = { id: number; username: string; expiry_date: string };
async function linesOf(client: TestClient): Promise<PanelLine[]> {
  const all: PanelLine[] = [];
  for (let page = 1; ; page += 1) {
    const res = await client.get(`/api/lines?page=${page}&page_size=100&sort=username&order=asc`);
    expect(res.status).toBe(200);
    all.push(...res.body.items);
    if (res.body.items.length < 100) return all;
  }
}

type ItemCounts = { status: string; lease_id: string | null; done: number; refused: number; pending: number };
const itemCounts = async (panel: Panel, jobId: number) => {
  const [row] = await panel.query<ItemCounts>(`select j.status, j.lease_id,
      (select count(*)::int from line_bulk_items i where i.job_id = j.id and i.result = 'done') as done,
      (select count(*)::int from line_bulk_items i where i.job_id = j.id and i.result = 'refused') as refused,
      (select count(*)::int from line_bulk_items i where i.job_id = j.id and i.result = 'pending') as pending
    from line_bulk_jobs j where j.id = ${jobId}`);
  return row!;
};

/**
 * Kills the panel, checks the job was caught half-done, lets its lease run out (without the test
 * waiting a whole lease) and starts the panel again on the same database.
 */
async function crashAndRestart(panel: Panel, jobId: number): Promise<ItemCounts> {
  await panel.server.crash();
  const atKill = await itemCounts(panel, jobId);
  console.log(`bulk renew crash test: at the kill ${JSON.stringify(atKill)}`);
  expect(atKill.status, JSON.stringify(atKill)).not.toBe('done');
  expect(atKill.done + atKill.refused, JSON.stringify(atKill)).toBeGreaterThan(0);
  expect(atKill.pending, JSON.stringify(atKill)).toBeGreaterThan(0);
  await panel.query(
    `update line_bulk_jobs set leased_until = now() - interval '1 second' where lease_id is not null`,
  );
  panel.server = await startServerProcess(panel.port, panel.env);
  return atKill;
}

/**
 * What the user and the books show once the job is done: each renewed line's expiry moved once by a
 * month (the agent holding it), each other line untouched; one ledger row of `charge` and one
 * `renewed` history row per renewed line, the job charging their sum; every balance its ledger's sum.
 */
async function checkOutcome(
  panel: Panel,
  reseller: { client: TestClient; admin: TestClient; id: string },
  jobId: number,
  before: PanelLine[],
  charge: number,
) {
  const client = signedIn(panel.server.url, reseller.client);
  const admin = signedIn(panel.server.url, reseller.admin);
  const job = await waitFor(
    () => client.get(`/api/lines/bulk/${jobId}`),
    (res) => res.body.status === 'done',
    110_000,
  );
  const after = new Map((await linesOf(client)).map((line) => [line.id, line]));
  const day = isoDate(new Date());
  const renewed = before.filter((line) => after.get(line.id)!.expiry_date !== line.expiry_date);
  for (const line of before) {
    const now = after.get(line.id)!.expiry_date;
    if (now !== line.expiry_date) expect(now, line.username).toBe(renewedExpiry(line.expiry_date, 1, day));
  }
  expect(job.body).toMatchObject({
    total: LINES,
    succeeded: renewed.length,
    refused: LINES - renewed.length,
  });
  const balance = (await client.get('/api/me')).body.credits as number;
  expect(balance).toBeGreaterThanOrEqual(0);
  expect(job.body.charged).toBe(renewed.length * charge);

  // The agent holds every line's expiry as the panel has it, once the outbox has delivered.
  const status = await waitFor(
    async () => (await admin.get('/api/system/status')).body,
    (s) => s?.outbox?.pending === 0 && s?.outbox?.failing === 0,
    110_000,
  );
  expect(status.outbox.pending).toBe(0);
  const onAgent = await agentUsers(panel.agent);
  expect(onAgent.map((u) => [u.username, u.expiryDate])).toEqual(
    [...after.values()]
      .map((line) => [line.username, display(line.expiry_date)])
      .sort((a, b) => a[0]!.localeCompare(b[0]!)),
  );
  await panel.server.stop();

  const renewedIds = renewed.map((line) => line.id).join(',') || 'null';
  const [ledger] = await panel.query<{ rows: number; lines: number; other: number }>(
    `select count(*)::int as rows, count(distinct ref_id)::int as lines,
        count(*) filter (where delta <> -${charge})::int as other
      from credit_ledger where account_id = '${reseller.id}' and reason = 'line_renew'`,
  );
  expect(ledger).toEqual({ rows: renewed.length, lines: renewed.length, other: 0 });
  const checks: Record<string, string> = {
    'renewed lines without exactly one renewal charge': `select count(*)::int as n from users l where l.id in (${renewedIds})
        and (select count(*) from credit_ledger c where c.reason = 'line_renew' and c.ref_id = l.id::text) <> 1`,
    "renewed lines without exactly one of the job's history rows": `select count(*)::int as n from users l
        where l.id in (${renewedIds}) and (select count(*) from line_events e where e.line_id = l.id
          and e.action = 'renewed' and (e.details->>'bulk_job_id')::int = ${jobId}) <> 1`,
    'history rows of the job beyond its renewed lines': `select (count(*) - ${renewed.length})::int as n
        from line_events e where e.action = 'renewed' and (e.details->>'bulk_job_id')::int = ${jobId}`,
    'items not settled': `select count(*)::int as n from line_bulk_items
        where job_id = ${jobId} and result = 'pending'`,
    'items done whose line was not renewed': `select count(*)::int as n from line_bulk_items
        where job_id = ${jobId} and result = 'done' and line_id not in (${renewedIds})`,
    'balances that differ from their ledger': `select count(*)::int as n from auth_users u
        where credits <> coalesce((select sum(delta) from credit_ledger c where c.account_id = u.id), 0)`,
  };
  for (const [what, sql] of Object.entries(checks)) {
    const [row] = await panel.query<{ n: number }>(sql);
    expect(row!.n, what).toBe(0);
  }
  return { renewed, balance };
}

beforeAll(() => {
  buildServerBundle();
}, 240_000);

afterEach(async () => {
  for (const panel of panels.splice(0)) {
    await panel.server.stop();
    await panel.agent.cleanup();
    await panel.store.drop();
  }
});

describe('a crash while a bulk renewal runs', () => {
  it('carries the job on after kill -9 and renews, charges and delivers every line exactly once', async () => {
    const panel = await startPanel('ld_renew_crash');
    const reseller = await resellerWithLines(panel, 'renew-crash@example.com', 3 * LINES * 2);
    const before = await linesOf(reseller.client);
    expect(before).toHaveLength(LINES);
    const body = { action: 'renew', filter: {}, subscription_months: 1 };
    const preview = await reseller.client.post('/api/lines/bulk/preview', body);
    expect(preview.body).toMatchObject({ count: LINES, sufficient: true });
    const startBalance = preview.body.balance as number;
    const charge = preview.body.charge_per_line as number;

    const stream = await openEventStream(panel.server, reseller.client);
    const started = await reseller.client.post('/api/lines/bulk', body);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const jobId = started.body.id as number;
    // Its progress events (asked for, started, then one a chunk) say when a chunk has committed.
    await waitFor(
      () => stream.about('line_bulk_jobs', jobId).length,
      (events) => events >= 3,
    );
    stream.close();
    const atKill = await crashAndRestart(panel, jobId);
    expect(atKill.refused).toBe(0);

    const { renewed, balance } = await checkOutcome(panel, reseller, jobId, before, charge);
    expect(renewed).toHaveLength(LINES);
    expect(balance).toBe(startBalance - LINES * charge);
  }, 600_000);
});
