import { connectionLine } from '@linedesk/shared';
import { assertLineRoom, buyerTerms, type BuyerTerms } from '../reseller-terms/buyer-terms.js';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import type { ServerRow } from '../servers/servers.repository.js';
import type { LinePlanRow } from '../line-plans/line-plans.repository.js';
import { planForNewLine, planOfLine } from '../line-plans/line-plans.service.js';
import { writeNewLine } from '../lines/line-create-write.js';
import { checkNewLine, type NewLine } from '../lines/line-rules.js';
import { today } from '../lines/line-scope.js';
import type { OutboxDelivery } from '../lines/line-write.js';
import type { LineRecord } from '../lines/lines.repository.js';
import { lineHistoryRepository } from '../lines/line-history.repository.js';
import { assertGiveRoom, giveTarget, type GiveTarget } from '../lines/line-give-rules.js';
import { lockLineInTree } from '../lines/line-tree.js';
import { lineBulkRepository, type BulkItemRow, type BulkJobRow } from './line-bulk.repository.js';

/** What a job keeps in `params`, fixed when it was asked for. */
/**
 * Never more per line than the preview showed: a price raised while the job runs refuses the line
 * (nothing charged, nothing changed) instead of charging what nobody confirmed. One rule for every
 * bulk path that charges (create, and the chunks of renewals and plan changes).
 */
export function assertPreviewedCharge(job: BulkJobRow, charge: number): void {
  const params = job.params as BulkParams;
  if (!job.isAdmin && params.charge_per_line !== undefined && charge > params.charge_per_line) {
    throw new AppError('LINE_BULK_PRICE_CHANGED', {
      params: { previewed: params.charge_per_line, current: charge },
    });
  }
}

/** A job's plan by id, read once per job step however many of its lines share it. */
export async function planOnce(
  tx: Db,
  plans: Map<number, LinePlanRow>,
  planId: number,
): Promise<LinePlanRow> {
  let plan = plans.get(planId);
  if (!plan) {
    plan = await planOfLine(tx, planId);
    plans.set(plan.id, plan);
  }
  return plan;
}

export type BulkParams = {
  subscription_months?: number;
  target_owner_id?: string;
  target_owner_email?: string;
  server_id?: number;
  /** change_plan, create: the plan the lines go to. */
  plan_id?: number;
  /** change_plan: false drops the lines' own values, so the new plan applies whole (absent: kept). */
  keep_overrides?: boolean;
  /** The price of one line when the action was asked for (0 for admins), as the preview showed it. */
  charge_per_line?: number;
  /** move_server: where the lines go, and the server whose lines all move (when chosen so). */
  target_server_id?: number;
  source_server_id?: number;
  /** move_server: hours the old entry stays once the target has the line (absent: none, as before). */
  grace_hours?: number;
};

/** A line the action changed: whose lists to refresh. */
export type ItemDone = { lineId: number; charged: number; owners: string[] };

export function ownersOf(...ids: (string | null | undefined)[]): string[] {
  return ids.filter((id): id is string => typeof id === 'string');
}

/**
 * Due at once and not leased: the line-sync worker delivers a job's changes in its batches (one
 * POST /batch per server for up to 200 lines), rather than the job waiting on each server.
 */
const WORKER_NOW = 0;
const TO_WORKER: OutboxDelivery = { workerAfterMs: WORKER_NOW };

type Applied = { done: ItemDone; connectionLine?: string };

/** A given line's `moved` history row: from whom, to whom, by which job. */
export function movedDetails(job: BulkJobRow, line: LineRecord, target: GiveTarget) {
  return {
    from: line.ownerEmail,
    to: target.email,
    from_id: line.ownerId,
    to_id: target.id,
    bulk_job_id: job.id,
  };
}

/**
 * One line of a move to another account, by the rules of giving lines (line-give-rules.ts) checked
 * again as it is moved: the target is still the mover's to give to, the line still in the mover's
 * tree, and the target's tree still has room for it (its limited accounts locked first, as a create
 * takes them, then the line; a line that no longer fits is refused with LINE_LIMIT_REACHED). The line keeps
 * its history, renewals and dates; only its owner changes, with a `moved` row in its history.
 */
async function moveLine(tx: Db, job: BulkJobRow, item: BulkItemRow, params: BulkParams): Promise<Applied> {
  const mover = { id: job.accountId, isAdmin: job.isAdmin } as Actor;
  const target: GiveTarget = await giveTarget(tx, mover, params.target_owner_id!);
  const base = { lineId: item.lineId! };
  await assertGiveRoom(tx, target, [], { lock: true });
  const current = await lockLineInTree(tx, mover, item.lineId!);
  // Already the target's: nothing to change, and a re-run of the same move stays harmless.
  if (current.ownerId === target.id) return { done: { ...base, charged: 0, owners: [] } };
  await assertGiveRoom(tx, target, [current]);
  await lineBulkRepository.moveLine(tx, current.id, target);
  await lineHistoryRepository.insert(tx, {
    lineId: current.id,
    ownerId: target.id,
    actorId: job.accountId,
    action: 'moved',
    details: movedDetails(job, current, target),
  });
  return { done: { ...base, charged: 0, owners: ownersOf(current.ownerId, target.id) } };
}

/** What a bulk create checks of its payer once per transaction, however many of its lines it writes. */
export type CreateBuyer = { email: string | null; terms: BuyerTerms };

export async function createBuyer(tx: Db, job: BulkJobRow): Promise<CreateBuyer> {
  const owner = await lineBulkRepository.findAccount(tx, job.accountId);
  return {
    email: owner?.email ?? null,
    terms: await buyerTerms(tx, { id: job.accountId, isAdmin: job.isAdmin }),
  };
}

/**
 * One line of a bulk create checked again by the single create's rule: the server, the plan, the
 * buyer's price or limits may have changed since the job was asked for, and the line is priced as it
 * is written, never above what the preview showed. One rule for the line-by-line and the chunk paths.
 */
export function checkCreateItem(
  job: BulkJobRow,
  item: BulkItemRow,
  server: ServerRow | null,
  plan: LinePlanRow,
  buyer: CreateBuyer,
): NewLine {
  if (!server || server.status !== 'active') throw new AppError('SERVER_NOT_FOUND');
  const checked = checkNewLine({
    plan,
    server,
    username: item.username!,
    password: item.password!,
    months: (job.params as BulkParams).subscription_months,
    trialDays: null,
    buyer: { id: job.accountId, email: buyer.email, isAdmin: job.isAdmin, terms: buyer.terms },
    today: today(),
  });
  assertPreviewedCharge(job, checked.charge);
  return checked;
}

/** The customer's connection line of a created line, for the credentials CSV. */
export function createdConnectionLine(server: ServerRow, line: Pick<LineRecord, 'username' | 'password'>) {
  return connectionLine(
    {
      host_ip: server.hostIp,
      hostname: server.hostname,
      port: server.port,
      protocol: server.protocol,
      newcamd_des_key: server.newcamdDesKey,
    },
    { username: line.username, password: line.password },
  );
}

async function applyCreate(
  tx: Db,
  job: BulkJobRow,
  item: BulkItemRow,
  server: ServerRow | null,
  plan: LinePlanRow,
): Promise<Applied> {
  const buyer = await createBuyer(tx, job);
  const checked = checkCreateItem(job, item, server, plan, buyer);
  await assertLineRoom(tx, buyer.terms);
  const { line } = await writeNewLine(tx, checked, {
    actorId: job.accountId,
    delivery: TO_WORKER,
    details: { bulk_job_id: job.id },
  });
  return {
    done: { lineId: line.id, charged: checked.charge, owners: ownersOf(job.accountId) },
    connectionLine: createdConnectionLine(server!, line),
  };
}

/**
 * A chunk of a job's lines written whole when `whole` can decide it (undefined: it could not, such as
 * a payer who cannot pay the chunk's total or a limit the whole chunk would pass); otherwise its lines
 * one at a time, so the lines still possible are done and each other one gets its own refusal. Stops
 * between lines once `signal` is aborted: the items left stay pending.
 */
export async function wholeOrEach(
  batch: BulkItemRow[],
  signal: AbortSignal,
  whole: (batch: BulkItemRow[]) => Promise<ItemDone[] | undefined>,
  each: (item: BulkItemRow) => Promise<ItemDone[]>,
): Promise<ItemDone[]> {
  if (signal.aborted) return [];
  const all = batch.length > 1 ? await whole(batch) : undefined;
  if (all) return all;
  const done: ItemDone[] = [];
  for (const item of batch) {
    if (signal.aborted) break;
    done.push(...(await each(item)));
  }
  return done;
}

/** A chunk that cannot be decided whole (a balance or a limit): `inChunkTransaction` answers undefined. */
export class NotWhole extends Error {}

/**
 * `write` in one transaction holding the row locks of the chunk's items still pending, in the chunk's
 * order (the others another runner settled); undefined, with nothing kept, when `write` throws
 * NotWhole, so `wholeOrEach` takes the chunk line by line.
 */
export async function inChunkTransaction(
  ctx: AppContext,
  batch: BulkItemRow[],
  write: (tx: Db, items: BulkItemRow[]) => Promise<ItemDone[]>,
): Promise<ItemDone[] | undefined> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const locked = await lineBulkRepository.lockPendingItems(
        tx,
        batch.map((item) => item.id),
      );
      const pending = new Set(locked.map((item) => item.id));
      const items = batch.filter((item) => pending.has(item.id));
      return items.length === 0 ? [] : write(tx, items);
    });
  } catch (error) {
    if (error instanceof NotWhole) return undefined;
    throw error;
  }
}

/** An item refused by a rule: its result, code and text, nothing charged. */
export function refusalOf(error: AppError) {
  return { result: 'refused' as const, charged: 0, code: error.code, message: error.message };
}

export type ItemOutcome =
  { result: 'done'; done: ItemDone } | { result: 'refused'; code: string } | { result: 'skipped' };

/**
 * One line of a create or a move to another account, in one transaction: the line change, its charge with its ledger row, its outbox
 * entry and the item's result commit together, under the item's row lock. A job taken over after a
 * crash therefore never applies (nor charges) an item twice. A refusal (not the caller's line, not
 * enough credits, a taken username) rolls the line back and is kept with its code and text.
 */
export async function applyItem(
  ctx: AppContext,
  job: BulkJobRow,
  item: BulkItemRow,
  server: ServerRow | null,
): Promise<ItemOutcome> {
  const params = job.params as BulkParams;
  try {
    // Read before the transaction: the embedded database runs one statement at a time, so a read
    // outside the open transaction would wait for it forever.
    const plan = job.action === 'create' ? await planForNewLine(ctx, params.plan_id) : null;
    return await ctx.db.transaction(async (tx) => {
      if (!(await lineBulkRepository.lockPendingItem(tx, item.id))) return { result: 'skipped' as const };
      if (job.action !== 'create' && job.action !== 'move') {
        // The other actions' lines are written a chunk at a time (line-bulk-chunk.ts).
        throw new Error(`${job.action} items are applied by applyChunk`);
      }
      const applied =
        job.action === 'create'
          ? await applyCreate(tx, job, item, server, plan!)
          : await moveLine(tx, job, item, params);
      await lineBulkRepository.settleItem(tx, item.id, {
        result: 'done',
        lineId: applied.done.lineId,
        charged: applied.done.charged,
        connectionLine: applied.connectionLine ?? null,
      });
      return { result: 'done' as const, done: applied.done };
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const settled = await lineBulkRepository.settleItem(ctx.db, item.id, refusalOf(error));
    return settled ? { result: 'refused', code: error.code } : { result: 'skipped' };
  }
}
