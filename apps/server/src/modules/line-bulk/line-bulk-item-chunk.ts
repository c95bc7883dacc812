import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import type { LinePlanRow } from '../line-plans/line-plans.repository.js';
import { planForNewLine } from '../line-plans/line-plans.service.js';
import { lineCreateRepository } from '../lines/line-create.repository.js';
import { assertGiveRoom, giveTarget } from '../lines/line-give-rules.js';
import type { NewLine } from '../lines/line-rules.js';
import { inActorsTree } from '../lines/line-tree.js';
import { linesRepository, type LineRecord } from '../lines/lines.repository.js';
import { assertLineRoom } from '../reseller-terms/buyer-terms.js';
import type { ServerRow } from '../servers/servers.repository.js';
import {
  applyItem,
  checkCreateItem,
  createBuyer,
  createdConnectionLine,
  inChunkTransaction,
  movedDetails,
  NotWhole,
  ownersOf,
  refusalOf,
  wholeOrEach,
  type BulkParams,
  type ItemDone,
} from './line-bulk-item.js';
import {
  lineBulkRepository,
  type BulkItemRow,
  type BulkJobRow,
  type SettledItem,
} from './line-bulk.repository.js';

function refused(item: BulkItemRow, error: AppError): SettledItem {
  return { id: item.id, line_id: null, connection_line: null, ...refusalOf(error) };
}

function settledDone(
  item: BulkItemRow,
  lineId: number,
  charged = 0,
  connectionLine: string | null = null,
): SettledItem {
  return {
    id: item.id,
    result: 'done',
    line_id: lineId,
    charged,
    code: null,
    message: null,
    connection_line: connectionLine,
  };
}

/** A rule that refuses the chunk as a whole (a limit, the target gone): it goes line by line. */
async function orNotWhole<T>(check: Promise<T>): Promise<T> {
  try {
    return await check;
  } catch (error) {
    if (error instanceof AppError) throw new NotWhole();
    throw error;
  }
}

/** Runs `check`, turning a rule's refusal into the item's refused result. */
function checkOrRefuse<T>(item: BulkItemRow, settled: SettledItem[], check: () => T): T | undefined {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    settled.push(refused(item, error));
    return undefined;
  }
}

/**
 * A chunk of a bulk create in one transaction of a few statements, where a line at a time cost a
 * transaction of half a dozen: each line checked by the single create's rule (checkCreateItem), the
 * buyer's tree given room for all of them at once, then the lines with their outbox, history and
 * ledger rows in the two statements of a group commit (insertCreatedMany), and every item settled in
 * one more. The items settle in the lines' transaction, so a job taken over after a crash never
 * creates (nor charges) a line twice. Undefined when the chunk cannot be decided whole: a balance
 * that cannot pay its total, or a line limit that the whole chunk would pass but part of it may not.
 */
async function createChunkOnce(
  ctx: AppContext,
  job: BulkJobRow,
  batch: BulkItemRow[],
  server: ServerRow | null,
  plan: LinePlanRow,
): Promise<ItemDone[] | undefined> {
  return inChunkTransaction(ctx, batch, async (tx, items) => {
    const buyer = await createBuyer(tx, job);
    const settled: SettledItem[] = [];
    const checked: { item: BulkItemRow; line: NewLine }[] = [];
    for (const item of items) {
      const line = checkOrRefuse(item, settled, () => checkCreateItem(job, item, server, plan, buyer));
      if (line) checked.push({ item, line });
    }
    const done: ItemDone[] = [];
    if (checked.length > 0) {
      await orNotWhole(assertLineRoom(tx, buyer.terms, checked.length));
      const written = await lineCreateRepository.insertCreatedMany(
        tx,
        checked.map(({ line }) => ({
          values: line.values,
          outbox: { payload: line.payload, leaseId: null },
          details: { ...line.details, bulk_job_id: job.id },
          charge: line.charge,
        })),
        // Due at once and not leased: the line-sync worker delivers them in its batches.
        { workerAfterMs: 0, leaseMs: null },
      );
      if (written.short.length > 0) throw new NotWhole();
      const created = new Map(written.lines.map((line) => [line.username, line]));
      for (const { item, line } of checked) {
        const row = created.get(line.values.username);
        // Not inserted: an existing line, or an earlier item of the chunk, holds the username.
        if (!row) {
          settled.push(refused(item, new AppError('LINE_USERNAME_TAKEN')));
          continue;
        }
        created.delete(row.username);
        settled.push(settledDone(item, row.id, line.charge, createdConnectionLine(server!, row)));
        done.push({ lineId: row.id, charged: line.charge, owners: [job.accountId] });
      }
    }
    await lineBulkRepository.settleItems(tx, settled);
    return done;
  });
}

/**
 * A chunk of a move to another account in one transaction, by the rules of giving lines checked as
 * the line-by-line path checks them (applyItem): the target still the mover's to give to, the target
 * tree's limited accounts locked first, then the lines; a line no longer in the mover's tree refused
 * as not found, one already the target's left as it is, and room for all the others at once. Their
 * owner changes with a `moved` history row each, and every item settles, in two statements.
 * Undefined when the chunk cannot be decided whole (the target gone, or no room for all of it).
 */
async function giveChunkOnce(
  ctx: AppContext,
  job: BulkJobRow,
  batch: BulkItemRow[],
): Promise<ItemDone[] | undefined> {
  const mover = { id: job.accountId, isAdmin: job.isAdmin } as Actor;
  return inChunkTransaction(ctx, batch, async (tx, items) => {
    const target = await orNotWhole(giveTarget(tx, mover, (job.params as BulkParams).target_owner_id!));
    await orNotWhole(assertGiveRoom(tx, target, [], { lock: true }));
    const lines = await linesRepository.lockByIds(
      tx,
      items.flatMap((item) => (item.lineId === null ? [] : [item.lineId])),
    );
    const lineById = new Map(lines.map((line) => [line.id, line]));
    // Whose tree a line is in is its owner's question: asked once per owner of the chunk.
    const inTree = new Map<string | null, boolean>();
    const settled: SettledItem[] = [];
    const moving: { item: BulkItemRow; line: LineRecord }[] = [];
    const done: ItemDone[] = [];
    for (const item of items) {
      const line = item.lineId === null ? undefined : lineById.get(item.lineId);
      if (line && !inTree.has(line.ownerId)) {
        inTree.set(line.ownerId, await inActorsTree(tx, mover, line.ownerId));
      }
      if (!line || !inTree.get(line.ownerId)) {
        settled.push(refused(item, new AppError('LINE_NOT_FOUND')));
      } else if (line.ownerId === target.id) {
        // Already the target's: nothing to change, and a re-run of the same move stays harmless.
        settled.push(settledDone(item, line.id));
        done.push({ lineId: line.id, charged: 0, owners: [] });
      } else {
        moving.push({ item, line });
      }
    }
    await orNotWhole(
      assertGiveRoom(
        tx,
        target,
        moving.map(({ line }) => line),
      ),
    );
    await lineBulkRepository.moveLines(
      tx,
      moving.map(({ line }) => ({ line_id: line.id, details: movedDetails(job, line, target) })),
      target,
      job.accountId,
    );
    for (const { item, line } of moving) {
      settled.push(settledDone(item, line.id));
      done.push({
        lineId: line.id,
        charged: 0,
        owners: ownersOf(line.ownerId, target.id),
      });
    }
    await lineBulkRepository.settleItems(tx, settled);
    return done;
  });
}

async function planOrNone(ctx: AppContext, job: BulkJobRow): Promise<LinePlanRow | undefined> {
  try {
    return await planForNewLine(ctx, (job.params as BulkParams).plan_id);
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

/** The line-by-line path for one item (applyItem): its own answer, whatever stopped the chunk. */
function oneItem(ctx: AppContext, job: BulkJobRow, server: ServerRow | null) {
  return async (item: BulkItemRow): Promise<ItemDone[]> => {
    const outcome = await applyItem(ctx, job, item, server);
    return outcome.result === 'done' ? [outcome.done] : [];
  };
}

/**
 * A chunk of a bulk create or of a move to another account: whole when it can be (createChunkOnce,
 * giveChunkOnce), else line by line, each line with its own answer (wholeOrEach).
 */
export async function applyItemChunk(
  ctx: AppContext,
  job: BulkJobRow & { action: 'create' | 'move' },
  batch: BulkItemRow[],
  server: ServerRow | null,
  signal: AbortSignal,
): Promise<ItemDone[]> {
  // Read before the transaction: the embedded database runs one statement at a time, so a read
  // outside the open transaction would wait for it forever.
  const plan = job.action === 'create' ? await planOrNone(ctx, job) : null;
  return wholeOrEach(
    batch,
    signal,
    (chunk) => {
      if (job.action === 'move') return giveChunkOnce(ctx, job, chunk);
      // A plan no longer sold: each line gets that refusal of its own, line by line.
      return plan ? createChunkOnce(ctx, job, chunk, server, plan) : Promise.resolve(undefined);
    },
    oneItem(ctx, job, server),
  );
}
