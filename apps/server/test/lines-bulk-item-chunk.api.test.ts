import { defaultResellerLimits } from '@linedesk/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lineEvents, lines } from '../src/db/schema.js';
import { planForNewLine } from '../src/modules/line-plans/line-plans.service.js';
import { lineBulkRepository, type BulkItemInsert } from '../src/modules/line-bulk/line-bulk.repository.js';
import {
  agentUsers,
  balanceOf,
  bulkJobDone,
  ledgerSum,
  signUpAccount,
  type Account,
} from './support/line-fixtures.js';
import { lineServerFixture } from './support/line-server-fixture.js';
import { waitFor } from './support/wait-for.js';

/**
 * Bulk creates and gives a chunk of lines at a time (one transaction for up to 100 lines), over
 * HTTP against a running server with a real agent: each line still gets the answer a line-by-line
 * job gave it. The jobs here are written as the request writes them, with what changed since (a
 * username taken, a balance spent, a limit reached) already in place when they run.
 */
const suite = lineServerFixture();
let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}${Date.now().toString(36)}`;
const db = () => suite.server.built.ctx.db;

type Item = { result: string; code: string | null; line_id: number | null };

async function writeJob(
  account: Account,
  action: 'create' | 'move',
  params: Record<string, unknown>,
  items: BulkItemInsert[],
) {
  return db().transaction(async (tx) => {
    const row = await lineBulkRepository.insertJob(tx, {
      accountId: account.id,
      isAdmin: false,
      action,
      params,
      total: items.length,
    });
    await lineBulkRepository.insertItems(tx, row.id, items);
    return row;
  });
}

async function itemsOf(jobId: number): Promise<Item[]> {
  const rows = await lineBulkRepository.itemsAfter(db(), jobId, 0, 1000);
  expect(rows.length).toBeGreaterThan(0);
  return rows.map((row) => ({ result: row.result, code: row.code, line_id: row.lineId }));
}

async function createParams() {
  const plan = await planForNewLine(suite.server.built.ctx, undefined);
  const servers = (await suite.admin.get('/api/servers')).body.items as { id: number }[];
  return { subscription_months: 1, server_id: servers[0]!.id, plan_id: plan.id, charge_per_line: 2 };
}

const createItems = (usernames: string[]): BulkItemInsert[] =>
  usernames.map((username, i) => ({ seq: i + 1, username, password: `pw-${i}-secret` }));

async function createdHistory(ids: number[]) {
  return db()
    .select({ lineId: lineEvents.lineId, action: lineEvents.action, details: lineEvents.details })
    .from(lineEvents)
    .where(and(inArray(lineEvents.lineId, ids), eq(lineEvents.action, 'created')))
    .orderBy(asc(lineEvents.lineId));
}

describe('bulk creates and gives, a chunk at a time', () => {
  it('creates a chunk of lines with one answer each: a taken username refused, the others charged, live on the agent', async () => {
    const buyer = await signUpAccount(suite.server, `${unique('bc')}@example.com`, 40);
    const taken = unique('taken');
    const existing = await buyer.client.post('/api/lines', {
      username: taken,
      password: 'pw-1234',
      subscription_months: 1,
    });
    expect(existing.status, JSON.stringify(existing.body)).toBe(201);
    const twice = unique('twice');
    const names = [unique('a'), taken, unique('b'), twice, twice];
    const job = await writeJob(buyer, 'create', await createParams(), createItems(names));
    const done = await bulkJobDone(buyer.client, job.id);
    expect(done).toMatchObject({ total: 5, succeeded: 3, refused: 2, charged: 6 });
    const items = await itemsOf(job.id);
    expect(items.map((item) => [item.result, item.code])).toEqual([
      ['done', null],
      ['refused', 'LINE_USERNAME_TAKEN'],
      ['done', null],
      ['done', null],
      ['refused', 'LINE_USERNAME_TAKEN'],
    ]);
    // 40 - 2 for the single create - 3 × 2 for the chunk: one ledger row a line, ledger = balance.
    expect(await balanceOf(suite.server, buyer.id)).toBe(32);
    expect(await ledgerSum(suite.server, buyer.id)).toBe(32);
    const made = items.flatMap((item) => (item.line_id === null ? [] : [item.line_id]));
    const history = await createdHistory(made);
    expect(history.map((row) => (row.details as { bulk_job_id?: number }).bulk_job_id)).toEqual([
      job.id,
      job.id,
      job.id,
    ]);
    const csv = (await buyer.client.get(`/api/lines/bulk/${job.id}/results.csv`)).body as string;
    expect(csv).toContain(`C: 127.0.0.1 12000 ${names[0]} pw-0-secret`);
    expect(csv.match(/LINE_USERNAME_TAKEN/g)?.length, csv).toBe(2);
    await waitFor(
      () => agentUsers(suite.agent),
      (users) => [names[0], names[2], twice].every((name) => users.some((u) => u.username === name)),
    );
  });

  it('creates what the balance and the line limit still allow, line by line, refusing the rest each with its reason', async () => {
    // 5 credits pay two lines of 2: the job was asked for while the balance covered it.
    const short = await signUpAccount(suite.server, `${unique('bs')}@example.com`, 5);
    const shortJob = await writeJob(
      short,
      'create',
      await createParams(),
      createItems([unique('s'), unique('s'), unique('s'), unique('s')]),
    );
    expect(await bulkJobDone(short.client, shortJob.id)).toMatchObject({
      succeeded: 2,
      refused: 2,
      charged: 4,
    });
    expect((await itemsOf(shortJob.id)).map((item) => item.code)).toEqual([
      null,
      null,
      'INSUFFICIENT_CREDITS',
      'INSUFFICIENT_CREDITS',
    ]);
    expect(await balanceOf(suite.server, short.id)).toBe(1);
    expect(await ledgerSum(suite.server, short.id)).toBe(1);

    // Room for three lines: the first three in the job's order, the fourth refused with the limit.
    const limited = await signUpAccount(suite.server, `${unique('bl')}@example.com`, 100);
    const set = await suite.admin.put(`/api/accounts/${limited.id}/limits`, {
      ...defaultResellerLimits,
      max_lines: 3,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const limitJob = await writeJob(
      limited,
      'create',
      await createParams(),
      createItems([unique('l'), unique('l'), unique('l'), unique('l')]),
    );
    expect(await bulkJobDone(limited.client, limitJob.id)).toMatchObject({
      succeeded: 3,
      refused: 1,
      charged: 6,
    });
    expect((await itemsOf(limitJob.id)).map((item) => item.code)).toEqual([
      null,
      null,
      null,
      'LINE_LIMIT_REACHED',
    ]);
    expect(await balanceOf(suite.server, limited.id)).toBe(94);
    expect(await ledgerSum(suite.server, limited.id)).toBe(94);
  });

  it('gives a chunk of lines: a line no longer in the tree refused, one already there left; with room for one, one', async () => {
    const giver = await signUpAccount(suite.server, `${unique('gv')}@example.com`, 100);
    const other = await signUpAccount(suite.server, `${unique('go')}@example.com`, 100);
    const sub = await giver.client.post('/api/accounts', {
      email: `${unique('gs')}@example.com`,
      password: 'sub-password-1',
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    const target = sub.body.account.id as string;
    // Credits make the account a reseller, one lines may be given to.
    const funded = await giver.client.post(`/api/accounts/${target}/credits`, { amount: 1 });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    const line = async (account: Account) => {
      const res = await account.client.post('/api/lines', {
        username: unique('g'),
        password: 'pw-1234',
        subscription_months: 1,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.line as { id: number; username: string };
    };
    const [mine1, mine2, mine3, mine4, theirs] = [
      await line(giver),
      await line(giver),
      await line(giver),
      await line(giver),
      await line(other),
    ];
    const itemsFor = (chosen: { id: number; username: string }[]) =>
      chosen.map((l, i) => ({ seq: i + 1, lineId: l.id, username: l.username }));
    // One of the giver's lines is already the target's: given again, it stays where it is.
    const first = await giver.client.post('/api/lines/bulk', {
      action: 'move',
      ids: [mine3.id],
      target_owner_id: target,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    await bulkJobDone(giver.client, first.body.id);

    // Room for all: the chunk is decided whole.
    const whole = await writeJob(
      giver,
      'move',
      { target_owner_id: target },
      itemsFor([theirs, mine1, mine3]),
    );
    expect(await bulkJobDone(giver.client, whole.id)).toMatchObject({ total: 3, succeeded: 2, refused: 1 });
    expect((await itemsOf(whole.id)).map((item) => [item.result, item.code])).toEqual([
      ['refused', 'LINE_NOT_FOUND'],
      ['done', null],
      ['done', null],
    ]);

    // Room for one more line in the target's tree (it holds two): the first of two taken.
    const set = await suite.admin.put(`/api/accounts/${target}/limits`, {
      ...defaultResellerLimits,
      max_lines: 3,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const room = await writeJob(giver, 'move', { target_owner_id: target }, itemsFor([mine2, mine4]));
    expect(await bulkJobDone(giver.client, room.id)).toMatchObject({ total: 2, succeeded: 1, refused: 1 });
    expect((await itemsOf(room.id)).map((item) => [item.result, item.code])).toEqual([
      ['done', null],
      ['refused', 'LINE_LIMIT_REACHED'],
    ]);

    const owners = await db()
      .select({ id: lines.id, ownerId: lines.ownerId })
      .from(lines)
      .where(inArray(lines.id, [mine1.id, mine2.id, mine3.id, mine4.id, theirs.id]));
    expect(Object.fromEntries(owners.map((row) => [row.id, row.ownerId]))).toEqual({
      [mine1.id]: target,
      [mine2.id]: target,
      [mine3.id]: target,
      [mine4.id]: giver.id,
      [theirs.id]: other.id,
    });
    const moved = await db()
      .select({ lineId: lineEvents.lineId, details: lineEvents.details })
      .from(lineEvents)
      .where(
        and(
          eq(lineEvents.action, 'moved'),
          inArray(lineEvents.lineId, [mine1.id, mine2.id, mine3.id, mine4.id, theirs.id]),
        ),
      )
      .orderBy(asc(lineEvents.id));
    // One history row per move that changed an owner: mine3 by the first job only.
    expect(moved.map((row) => [row.lineId, (row.details as { bulk_job_id: number }).bulk_job_id])).toEqual([
      [mine3.id, first.body.id],
      [mine1.id, whole.id],
      [mine2.id, room.id],
    ]);
    expect(moved[1]!.details).toMatchObject({ from_id: giver.id, to_id: target, from: giver.email });
  });
});
