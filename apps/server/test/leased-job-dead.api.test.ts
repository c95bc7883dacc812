// A bulk job and an import whose every run fails (the leased-job runner's retry, platform/leased-job.ts)
// are tried again after the backoff and end dead after the configured attempts: what was done before
// the failure stays done (and charged once), the rest is reported as not done, and the owner reads
// the state and its reason. The failure is real: the database refuses new lines past a quota (a
// trigger the test adds, as an operator's would), so the runs fail at the same line every time.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, balanceOf, signUpAccount } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

const MAX_ATTEMPTS = 3;
/** Lines the database takes with each prefix before it refuses more. */
const BULK_QUOTA = 130;
/**
 * A bulk create writes its lines 100 at a time, each chunk in one transaction: the first chunk is
 * made, the second passes the quota and is rolled back whole on every attempt.
 */
const BULK_TOTAL = 160;
const BULK_MADE = 100;
const IMPORT_QUOTA = 500;

describe('a job that fails on every run', () => {
  let server: TestServer;
  let admin: TestClient;
  let agent: TestAgent;
  let serverId: number;

  const lineCount = async (prefix: string) => {
    const res = await admin.get(`/api/lines?search=${prefix}&page_size=1`);
    return res.body.total as number;
  };

  beforeAll(async () => {
    server = await startTestServer({
      LINE_JOB_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      LINE_JOB_RETRY_BASE_MS: '100',
      LINE_JOB_RETRY_MAX_MS: '400',
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
    });
    admin = await server.admin();
    agent = await startLineAgent();
    serverId = (await addAgentServer(admin, agent)).id;
    const db = server.built.ctx.db;
    await db.execute(
      sql.raw(`create function refuse_past_quota() returns trigger language plpgsql as $$
        begin
          if new.username like tg_argv[0] || '%'
            and (select count(*) from users where username like tg_argv[0] || '%') >= tg_argv[1]::int then
            raise exception 'the database takes no more than % lines named %*', tg_argv[1], tg_argv[0];
          end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_bulk_past_quota before insert on users for each row
        execute function refuse_past_quota('quotab-', '${BULK_QUOTA}')`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_import_past_quota before insert on users for each row
        execute function refuse_past_quota('quotai-', '${IMPORT_QUOTA}')`),
    );
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
  });

  it('gives a bulk create up after its attempts, its lines made before the failure kept and charged once', async () => {
    const buyer = await signUpAccount(server, 'dead-bulk@example.com', 1000);
    const body = { action: 'create', count: BULK_TOTAL, username_prefix: 'quotab-', subscription_months: 1 };
    const preview = await buyer.client.post('/api/lines/bulk/preview', body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const perLine = preview.body.charge_per_line as number;
    expect(perLine).toBeGreaterThan(0);
    const started = await buyer.client.post('/api/lines/bulk', body);
    expect(started.status, JSON.stringify(started.body)).toBe(202);

    const job = await waitFor(
      () => buyer.client.get(`/api/lines/bulk/${started.body.id}`),
      (res) => res.body.status === 'dead',
      120_000,
    );
    expect(job.body).toMatchObject({
      status: 'dead',
      attempts: MAX_ATTEMPTS,
      total: BULK_TOTAL,
      succeeded: BULK_MADE,
      refused: 0,
      done: BULK_MADE,
      charged: BULK_MADE * perLine,
    });
    expect(job.body.last_error).toContain(`no more than ${BULK_QUOTA} lines`);
    expect(await lineCount('quotab-')).toBe(BULK_MADE);
    expect(await balanceOf(server, buyer.id)).toBe(1000 - BULK_MADE * perLine);
    // The result lists the lines not done as still pending, none of them made.
    const csv = await buyer.client.get(`/api/lines/bulk/${started.body.id}/results.csv`);
    expect(csv.status).toBe(200);
    const results = (csv.body as string).trim().split('\r\n').slice(1);
    expect(results.filter((row) => row.includes(',pending,'))).toHaveLength(BULK_TOTAL - BULK_MADE);
    // Dead stays dead: a job asked for after it runs to its end, and the dead one was not taken again.
    const next = await buyer.client.post('/api/lines/bulk', { ...body, count: 1, username_prefix: 'after-' });
    expect(next.status, JSON.stringify(next.body)).toBe(202);
    await waitFor(
      () => buyer.client.get(`/api/lines/bulk/${next.body.id}`),
      (answer) => answer.body.status === 'done',
      60_000,
    );
    const later = await buyer.client.get(`/api/lines/bulk/${started.body.id}`);
    expect(later.body).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS, succeeded: BULK_MADE });
  }, 200_000);

  it('gives an import up after its attempts, the chunk that failed rolled back whole', async () => {
    const total = IMPORT_QUOTA + 20;
    const expiry = `${new Date().getUTCFullYear() + 1}-06-30`;
    const csv = `username,password,expiry\n${Array.from({ length: total }, (_, i) => `quotai-${i},pw${i},${expiry}`).join('\n')}\n`;
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'quota.csv');
    const uploaded = await admin.post('/api/line-imports', form);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const started = await admin.post(`/api/line-imports/${uploaded.body.id}/start`, {
      mapping: uploaded.body.suggested_mapping,
      charge: false,
      server_id: serverId,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);

    const record = await waitFor(
      () => admin.get(`/api/line-imports/${uploaded.body.id}`),
      (answer) => answer.body.status === 'dead',
      300_000,
    );
    // The first chunk (500 rows) was imported; the second failed as a whole on every attempt.
    expect(record.body).toMatchObject({
      status: 'dead',
      attempts: MAX_ATTEMPTS,
      total,
      imported: IMPORT_QUOTA,
      skipped: 0,
      refused: 0,
      done: IMPORT_QUOTA,
    });
    expect(record.body.last_error).toContain(`no more than ${IMPORT_QUOTA} lines`);
    expect(record.body.results.imported.length).toBeGreaterThan(0);
    expect(await lineCount('quotai-')).toBe(IMPORT_QUOTA);
  }, 400_000);
});
