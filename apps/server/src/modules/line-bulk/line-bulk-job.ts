import type { AppContext } from '../../app-context.js';
import {
  publishJobProgress,
  startItemsJob,
  workThroughItems,
  type Lease,
} from '../../platform/leased-job.js';
import type { PeriodicJob } from '../../platform/periodic-job.js';
import { publishBalanceChange } from '../credits/credit-events.js';
import { serversRepository } from '../servers/servers.repository.js';
import type { BulkParams, ItemDone } from './line-bulk-item.js';
import { applyChunk, isChunkAction } from './line-bulk-chunk.js';
import { applyItemChunk } from './line-bulk-item-chunk.js';
import { runMoveRound } from './line-move-job.js';
import { lineMoveRepository } from './line-move.repository.js';
import { lineBulkRepository, openBulkJobs, type BulkJobRow } from './line-bulk.repository.js';

/**
 * A chunk written at once is one transaction of a few statements whatever its size
 * (line-bulk-chunk.ts, line-bulk-item-chunk.ts): large, so a 10,000-line job is a hundred of them,
 * yet each still short next to other writers. It is also the lines between progress reports (and
 * lease renewals).
 */
const WRITE_CHUNK = 100;
/**
 * A move waits on agents between its steps: after a pass it gives its lease back for this long, so
 * other jobs run meanwhile and the next pass comes after the outbox had time to deliver.
 */
const MOVE_PASS_MS = 300;
/**
 * A move whose lines only wait out their grace period looks again this often: soon enough to notice
 * a line seen on its new server (who is online is polled about as often), rare enough over a day.
 */
const GRACE_PASS_MS = 15_000;

/** The job's progress, live to the account that started it. */
export function publishJobChange(ctx: AppContext, job: Pick<BulkJobRow, 'id' | 'accountId'>) {
  return publishJobProgress(ctx, 'line_bulk_jobs', job);
}

/** One change event per owner whose lines a chunk changed (not one per line), and the balance. */
async function publishChunk(ctx: AppContext, job: BulkJobRow, done: ItemDone[]): Promise<void> {
  if (done.length === 0) return;
  const owners = new Set(done.flatMap((item) => item.owners));
  const id = String(done[0]!.lineId);
  const action = job.action === 'delete' ? 'delete' : job.action === 'create' ? 'insert' : 'update';
  if (owners.size === 0) await ctx.bus.publish({ table: 'users', action, id, audience: [] });
  for (const owner of owners) await ctx.bus.publish({ table: 'users', action, id, audience: [owner] });
  // The plans page shows how many lines each plan has.
  if (job.action === 'change_plan') {
    const planId = String((job.params as BulkParams).plan_id);
    await ctx.bus.publish({ table: 'line_plans', action: 'update', id: planId, audience: 'all' });
  }
  if (done.some((item) => item.charged > 0)) {
    const account = await lineBulkRepository.findAccount(ctx.db, job.accountId);
    if (account) await publishBalanceChange(ctx, { id: account.id, ownerId: account.ownerId });
  }
}

/**
 * A leased job's pending items, a chunk at a time: a chunk of renewals, switches, deletes or plan
 * changes commits at once (applyChunk), as does a chunk of creates or of lines given to another
 * account (applyItemChunk).
 */
async function runJob(ctx: AppContext, lease: Lease<BulkJobRow>, signal: AbortSignal) {
  const job = lease.row;
  if (job.action === 'move_server') return runMovePass(ctx, lease, signal);
  const params = job.params as BulkParams;
  const server =
    job.action === 'create' && params.server_id !== undefined
      ? ((await serversRepository.findById(ctx.db, params.server_id)) ?? null)
      : null;
  const chunked = isChunkAction(job.action) ? { ...job, action: job.action } : null;
  const itemChunked =
    job.action === 'create' || job.action === 'move' ? { ...job, action: job.action } : null;
  await workThroughItems(lease, signal, {
    pending: (afterSeq) => lineBulkRepository.pendingItems(ctx.db, job.id, afterSeq, WRITE_CHUNK),
    // Stopping: the items left stay pending, and the job goes back to the queue.
    work: async (batch) => {
      if (chunked) return applyChunk(ctx, chunked, batch, signal);
      if (itemChunked) return applyItemChunk(ctx, itemChunked, batch, server, signal);
      throw new Error(`no bulk path writes ${job.action} items`);
    },
    recount: () => lineBulkRepository.refreshCounts(ctx.db, job.id),
    published: (done) => publishChunk(ctx, job, done),
    announce: () => publishJobChange(ctx, job),
  });
}

/** One pass of a move (`runMoveRound`); the job ends once every line is done or refused. */
async function runMovePass(ctx: AppContext, lease: Lease<BulkJobRow>, signal: AbortSignal) {
  const job = lease.row;
  const before = await lineBulkRepository.findJob(ctx.db, job.id);
  const owners = await runMoveRound(ctx, job, signal, lease.extend);
  const after = await lineBulkRepository.refreshCounts(ctx.db, job.id);
  // One change event per owner whose lines moved on, and one for the admins' lists.
  for (const [owner, lineId] of owners) {
    await ctx.bus.publish({ table: 'users', action: 'update', id: String(lineId), audience: [owner] });
  }
  const [anyLine] = owners.values();
  if (anyLine !== undefined) {
    await ctx.bus.publish({ table: 'users', action: 'update', id: String(anyLine), audience: [] });
  }
  if (await lease.finish()) {
    await publishJobChange(ctx, job);
    return;
  }
  if (before?.succeeded !== after?.succeeded || before?.refused !== after?.refused) {
    await publishJobChange(ctx, job);
  }
  const pause = (await lineMoveRepository.onlyGraceLeft(ctx.db, job.id)) ? GRACE_PASS_MS : MOVE_PASS_MS;
  await lease.release(signal.aborted ? 0 : pause);
}

/**
 * Runs bulk line actions in the background on every instance (platform/leased-job.ts): two instances
 * never run the same job, a job whose instance died is taken over once its lease runs out, carrying
 * on from its first pending line, and a job whose runs keep failing ends dead.
 */
export function startLineBulkJob(ctx: AppContext): PeriodicJob {
  return startItemsJob(ctx, {
    name: 'line-bulk',
    what: 'Bulk line action',
    events: 'line_bulk_jobs',
    queue: openBulkJobs,
    work: (lease, signal) => runJob(ctx, lease, signal),
    // Lines of the slice that failed before the throw are done: the job counts them.
    recount: (id) => lineBulkRepository.refreshCounts(ctx.db, id),
  });
}
