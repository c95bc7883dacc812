import { addMonths, isoDate, renewedExpiry } from '@linedesk/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, lineEvents } from '../src/db/schema.js';
import { lineBulkRepository } from '../src/modules/line-bulk/line-bulk.repository.js';
import { openEventStream, readPastNow } from './support/event-stream.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import {
  addAgentServer,
  agentUsers,
  balanceOf,
  bulkJobDone,
  display,
  ledgerSum,
  signUpAccount,
  type Account,
} from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

const today = () => isoDate(new Date());

describe('bulk line actions', () => {
  let server: TestServer;
  let admin: TestClient;
  let agent: TestAgent;
  let resellerA: Account;
  let resellerB: Account;
  let counter = 0;
  const name = () => `bulk${++counter}x${Date.now().toString(36)}`;

  const create = async (account: Account, months = 1) => {
    const res = await account.client.post('/api/lines', {
      username: name(),
      password: 'pw-1234',
      subscription_months: months,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.line as { id: number; username: string; expiry_date: string };
  };

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      LINE_SYNC_RETRY_BASE_MS: '200',
    });
    admin = await server.admin();
    agent = await startLineAgent();
    await addAgentServer(admin, agent);
    [resellerA, resellerB] = await Promise.all([
      signUpAccount(server, 'bulk-a@example.com', 100),
      signUpAccount(server, 'bulk-b@example.com', 100),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
  });

  it('previews the total, charges exactly that line by line, reports progress live and keeps ledger = balance', async () => {
    const lines: Awaited<ReturnType<typeof create>>[] = [];
    for (let i = 0; i < 6; i += 1) lines.push(await create(resellerA));
    const before = await balanceOf(server, resellerA.id);
    expect(before).toBe(100 - 6 * 2);

    const body = { action: 'renew', filter: {}, subscription_months: 3 };
    const preview = await resellerA.client.post('/api/lines/bulk/preview', body);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      action: 'renew',
      count: 6,
      refused: 0,
      charge_per_line: 4,
      charge_total: 24,
      balance: before,
      sufficient: true,
      refusal: null,
    });
    // The preview charged nothing.
    expect(await balanceOf(server, resellerA.id)).toBe(before);

    const streamA = await openEventStream(server, resellerA.client);
    const streamB = await openEventStream(server, resellerB.client);
    const started = await resellerA.client.post('/api/lines/bulk', body);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({ action: 'renew', total: 6 });
    const job = await bulkJobDone(resellerA.client, started.body.id);
    expect(job).toMatchObject({ status: 'done', total: 6, done: 6, succeeded: 6, refused: 0, charged: 24 });
    expect(await balanceOf(server, resellerA.id)).toBe(before - preview.body.charge_total);
    expect(await ledgerSum(server, resellerA.id)).toBe(await balanceOf(server, resellerA.id));

    // Progress went to the caller's event stream, not to another reseller's.
    expect(await streamA.next('line_bulk_jobs', (e) => e.data.id === String(job.id))).not.toBeNull();
    // B's stream has read past the job's events before none is asserted.
    await readPastNow(admin, streamB, { recipient_email: resellerB.email });
    expect(streamB.about('line_bulk_jobs', job.id)).toEqual([]);
    streamA.close();
    streamB.close();

    for (const line of lines) {
      const now = (await resellerA.client.get(`/api/lines/${line.id}`)).body;
      expect(now.expiry_date).toBe(renewedExpiry(line.expiry_date, 3, today()));
    }
    // Delivered to the server through the outbox.
    await waitFor(
      () => agentUsers(agent),
      (users) =>
        lines.every((line) =>
          users.some(
            (u) => u.username === line.username && u.expiryDate === display(addMonths(line.expiry_date, 3)),
          ),
        ),
    );
  });

  it('renews line by line what the balance still covers when it cannot pay a whole chunk, one ledger and history row a line', async () => {
    const short = await signUpAccount(server, 'bulk-short@example.com', 4 * 2 + 5);
    const lines: Awaited<ReturnType<typeof create>>[] = [];
    for (let i = 0; i < 4; i += 1) lines.push(await create(short));
    expect(await balanceOf(server, short.id)).toBe(5);
    // A job asked for while the balance covered it, the balance spent elsewhere before it ran (the
    // request refuses a job the balance cannot cover, so it is written as the request writes it).
    const job = await server.built.ctx.db.transaction(async (tx) => {
      const row = await lineBulkRepository.insertJob(tx, {
        accountId: short.id,
        isAdmin: false,
        action: 'renew',
        params: { subscription_months: 1, charge_per_line: 2 },
        total: lines.length,
      });
      await lineBulkRepository.insertItems(
        tx,
        row.id,
        lines.map((line, i) => ({ seq: i + 1, lineId: line.id, username: line.username })),
      );
      return row;
    });
    const done = await bulkJobDone(short.client, job.id);
    // 5 credits pay two renewals of 2: the first two lines in the job's order, the others refused.
    expect(done).toMatchObject({ total: 4, succeeded: 2, refused: 2, charged: 4 });
    expect(await balanceOf(server, short.id)).toBe(1);
    expect(await ledgerSum(server, short.id)).toBe(1);
    const renewals = await server.built.ctx.db
      .select({ refId: creditLedger.refId, delta: creditLedger.delta })
      .from(creditLedger)
      .where(and(eq(creditLedger.accountId, short.id), eq(creditLedger.reason, 'line_renew')))
      .orderBy(asc(creditLedger.id));
    expect(renewals).toEqual([
      { refId: String(lines[0]!.id), delta: -2 },
      { refId: String(lines[1]!.id), delta: -2 },
    ]);
    const history = await server.built.ctx.db
      .select({ lineId: lineEvents.lineId, details: lineEvents.details })
      .from(lineEvents)
      .where(
        and(
          inArray(
            lineEvents.lineId,
            lines.map((line) => line.id),
          ),
          eq(lineEvents.action, 'renewed'),
        ),
      )
      .orderBy(asc(lineEvents.lineId));
    expect(history.map((row) => [row.lineId, (row.details as { bulk_job_id?: number }).bulk_job_id])).toEqual(
      [
        [lines[0]!.id, job.id],
        [lines[1]!.id, job.id],
      ],
    );
    const csv = (await short.client.get(`/api/lines/bulk/${job.id}/results.csv`)).body as string;
    expect(csv.match(/INSUFFICIENT_CREDITS/g)?.length, csv).toBe(2);
  });

  it('refuses the whole action before charging anything when the balance does not cover every line', async () => {
    const poor = await signUpAccount(server, 'bulk-poor@example.com', 6);
    for (let i = 0; i < 3; i += 1) await create(poor);
    expect(await balanceOf(server, poor.id)).toBe(0);
    const body = { action: 'renew', filter: {}, subscription_months: 1 };
    const preview = await poor.client.post('/api/lines/bulk/preview', body);
    expect(preview.body).toMatchObject({ count: 3, charge_total: 6, balance: 0, sufficient: false });
    const started = await poor.client.post('/api/lines/bulk', body);
    expect(started.status).toBe(402);
    expect(started.body.error).toEqual({
      code: 'INSUFFICIENT_CREDITS',
      message: 'Insufficient credits. Required: 6, Available: 0',
      details: { params: { required: 6, available: 0 } },
    });
    expect(await balanceOf(server, poor.id)).toBe(0);
    expect(await ledgerSum(server, poor.id)).toBe(0);
  });

  it("refuses another reseller's lines, by ids (one by one, as not found) and by filter", async () => {
    const ofA = await create(resellerA);
    const ofB = await create(resellerB);
    const balanceB = await balanceOf(server, resellerB.id);

    const preview = await resellerB.client.post('/api/lines/bulk/preview', {
      action: 'renew',
      ids: [ofA.id, ofB.id],
      subscription_months: 1,
    });
    expect(preview.body).toMatchObject({ count: 1, refused: 1, charge_total: 2 });
    const started = await resellerB.client.post('/api/lines/bulk', {
      action: 'renew',
      ids: [ofA.id, ofB.id],
      subscription_months: 1,
    });
    expect(started.status).toBe(202);
    const job = await bulkJobDone(resellerB.client, started.body.id);
    expect(job).toMatchObject({ succeeded: 1, refused: 1, charged: 2 });
    expect(job.refusals).toEqual([
      {
        line_id: ofA.id,
        username: null,
        result: 'refused',
        code: 'LINE_NOT_FOUND',
        message: 'Line not found',
        charged: 0,
      },
    ]);
    expect((await admin.get(`/api/lines/${ofA.id}`)).body.expiry_date).toBe(ofA.expiry_date);
    expect(await balanceOf(server, resellerB.id)).toBe(balanceB - 2);

    // A's lines are simply not among the lines B's filter can match.
    const byFilter = await resellerB.client.post('/api/lines/bulk', {
      action: 'delete',
      filter: { owner_id: resellerA.id },
    });
    expect(byFilter.status).toBe(422);
    expect(byFilter.body.error.code).toBe('LINE_BULK_NOTHING_SELECTED');
    expect((await admin.get(`/api/lines/${ofA.id}`)).status).toBe(200);

    // Nor may B read A's jobs or their results.
    const jobsOfA = await resellerA.client.post('/api/lines/bulk', { action: 'disable', ids: [ofA.id] });
    expect((await resellerB.client.get(`/api/lines/bulk/${jobsOfA.body.id}`)).status).toBe(404);
    expect((await resellerB.client.get(`/api/lines/bulk/${jobsOfA.body.id}/results.csv`)).status).toBe(404);

    // Nor give lines to another reseller outside its own tree.
    const move = await resellerB.client.post('/api/lines/bulk', {
      action: 'move',
      ids: [ofB.id],
      target_owner_id: resellerA.id,
    });
    expect(move.status).toBe(404);
    expect(move.body.error.code).toBe('LINE_TRANSFER_TARGET_NOT_FOUND');
    expect((await resellerB.client.get(`/api/lines/${ofB.id}`)).status).toBe(200);

    // An account without lines (group 3) has no bulk actions either; signed out is 401.
    const plain = await signUpAccount(server, 'bulk-plain@example.com');
    for (const res of [
      await plain.client.post('/api/lines/bulk/preview', {
        action: 'renew',
        filter: {},
        subscription_months: 1,
      }),
      await plain.client.post('/api/lines/bulk', {
        action: 'create',
        count: 1,
        username_prefix: 'x',
        subscription_months: 1,
      }),
      await plain.client.get(`/api/lines/bulk/${jobsOfA.body.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
    expect(
      (await server.client().post('/api/lines/bulk/preview', { action: 'delete', filter: {} })).status,
    ).toBe(401);
  });

  it('disables, enables, moves (admin) and deletes selected lines, with a result CSV per line', async () => {
    const lines = [await create(resellerA), await create(resellerA)];
    const ids = lines.map((line) => line.id);
    const run = async (client: TestClient, body: Record<string, unknown>) => {
      const res = await client.post('/api/lines/bulk', body);
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      return bulkJobDone(client, res.body.id);
    };
    await run(resellerA.client, { action: 'disable', ids });
    for (const id of ids) expect((await resellerA.client.get(`/api/lines/${id}`)).body.enabled).toBe(false);
    await waitFor(
      () => agentUsers(agent),
      (users) => lines.every((line) => users.some((u) => u.username === line.username && !u.enabled)),
    );
    await run(resellerA.client, { action: 'enable', ids });
    for (const id of ids) expect((await resellerA.client.get(`/api/lines/${id}`)).body.enabled).toBe(true);

    const moved = await run(admin, { action: 'move', ids: [ids[0]], target_owner_id: resellerB.id });
    expect(moved).toMatchObject({ succeeded: 1 });
    expect((await resellerB.client.get(`/api/lines/${ids[0]}`)).body.owner_id).toBe(resellerB.id);
    expect((await resellerA.client.get(`/api/lines/${ids[0]}`)).status).toBe(404);

    const deleted = await run(resellerA.client, { action: 'delete', ids });
    expect(deleted).toMatchObject({ succeeded: 1, refused: 1 });
    expect((await admin.get(`/api/lines/${ids[1]}`)).status).toBe(404);
    expect((await admin.get(`/api/lines/${ids[0]}`)).status).toBe(200);
    await waitFor(
      () => agentUsers(agent),
      (users) => !users.some((u) => u.username === lines[1]!.username),
    );

    const csv = await resellerA.client.get(`/api/lines/bulk/${deleted.id}/results.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = (csv.body as string).trim().split('\r\n');
    expect(rows[0]).toBe('username,password,connection_line,result,code,message,charged,line_id');
    expect(rows).toContain(`${lines[1]!.username},,,done,,,0,${ids[1]}`);
    // The line moved away before the action was asked for: refused without showing whose it is now.
    expect(rows).toContain(`,,,refused,LINE_NOT_FOUND,Line not found,0,${ids[0]}`);
  });

  it('creates N lines with a prefix and random passwords, charged per line, with a credentials CSV', async () => {
    const buyer = await signUpAccount(server, 'bulk-create@example.com', 20);
    const body = { action: 'create', count: 4, username_prefix: '+shop-', subscription_months: 1 };
    const preview = await buyer.client.post('/api/lines/bulk/preview', body);
    expect(preview.body).toMatchObject({ count: 4, charge_per_line: 2, charge_total: 8, balance: 20 });
    const key = { 'idempotency-key': `bulk-create-${Date.now()}` };
    const started = await buyer.client.post('/api/lines/bulk', body, key);
    expect(started.status).toBe(202);
    // A retry with the same key answers the same job and starts nothing more.
    const retried = await buyer.client.post('/api/lines/bulk', body, key);
    expect(retried.body.id).toBe(started.body.id);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    const job = await bulkJobDone(buyer.client, started.body.id);
    expect(job).toMatchObject({ total: 4, succeeded: 4, charged: 8 });
    expect(await balanceOf(server, buyer.id)).toBe(12);
    expect(await ledgerSum(server, buyer.id)).toBe(12);

    const csv = (await buyer.client.get(`/api/lines/bulk/${job.id}/results.csv`)).body as string;
    const rows = csv.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(4);
    const listed = (await buyer.client.get('/api/lines?page_size=100')).body.items as {
      username: string;
      password: string;
    }[];
    expect(listed).toHaveLength(4);
    for (const row of rows) {
      // The prefix starts with '+', so every cell holding it is neutralised for spreadsheets.
      const [username, password, connection, result] = row.split(',');
      expect(username).toMatch(/^'\+shop-[a-z2-9]{6}$/);
      const line = listed.find((l) => `'${l.username}` === username)!;
      expect(password).toBe(line.password);
      expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
      expect(connection).toBe(`C: 127.0.0.1 12000 ${line.username} ${line.password}`);
      expect(result).toBe('done');
    }
    await waitFor(
      () => agentUsers(agent),
      (users) => listed.every((line) => users.some((u) => u.username === line.username)),
    );

    const tooMany = await buyer.client.post('/api/lines/bulk/preview', { ...body, count: 501 });
    expect(tooMany.body.error.code).toBe('LINE_BULK_INVALID_COUNT');
    const badPrefix = await buyer.client.post('/api/lines/bulk/preview', { ...body, username_prefix: 'a b' });
    expect(badPrefix.body.error.code).toBe('LINE_BULK_INVALID_PREFIX');
  });

  it("refuses a bulk create whose usernames exceed CCcam's 20 characters, in the preview and the job, charging nothing", async () => {
    const buyer = await signUpAccount(server, 'bulk-long@example.com', 20);
    // 15 characters plus the 6 random ones: 21, one too many for the CCcam agent.
    const body = { action: 'create', count: 2, username_prefix: 'abcdefghij12345', subscription_months: 1 };
    for (const path of ['/api/lines/bulk/preview', '/api/lines/bulk']) {
      const refused = await buyer.client.post(path, body);
      expect(refused.status, path).toBe(422);
      expect(refused.body.error.code).toBe('LINE_USERNAME_TOO_LONG_FOR_CCCAM');
      expect(refused.body.error.details.params).toEqual({ max: 20 });
    }
    expect(await balanceOf(server, buyer.id)).toBe(20);
    expect(await ledgerSum(server, buyer.id)).toBe(20);
    expect((await buyer.client.get('/api/lines')).body.total).toBe(0);

    // One character less fits: 20.
    const fits = await buyer.client.post('/api/lines/bulk/preview', {
      ...body,
      username_prefix: 'abcdefghij1234',
    });
    expect(fits.status).toBe(200);
    expect(fits.body).toMatchObject({ count: 2, charge_total: 4, sufficient: true });
  });
});
