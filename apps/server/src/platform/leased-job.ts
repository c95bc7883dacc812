import { randomUUID } from 'node:crypto';
import type { EventTable } from '@linedesk/shared';
import type { AppContext } from '../app-context.js';
import { backoffMs, type Backoff } from './backoff.js';
import { AppError } from './errors.js';
import {
  itemsJobStatuses,
  leasedQueue,
  type LeasedQueue,
  type LeasedTable,
  type RetriedTable,
  type RetryStatuses,
} from './leased-queue.js';
import { startPeriodicJob, type PeriodicJob } from './periodic-job.js';

/** One row of work, held by this runner until it is finished, released, failed, or lost. */
export type Lease<Row> = {
  row: Row;
  /** Keeps the row this runner's for another lease; false once another runner took it over. */
  extend: () => Promise<boolean>;
  /** Gives the row back; `pauseMs`: nobody claims it again before then. */
  release: (pauseMs?: number) => Promise<void>;
  /** The work is done; false while the queue's `finishedWhen` does not hold yet (or the row is lost). */
  finish: () => Promise<boolean>;
};

/** How a kind whose table counts attempts tries a failed row again, until it is given up (`dead`). */
export type RetryPolicy = {
  backoff: Backoff;
  maxAttempts: number;
  statuses: RetryStatuses;
  /** A failure that no later attempt can mend: the row is dead at once. */
  isFinal?: (error: unknown) => boolean;
  /** Logged, with the error and the row, for each failed attempt. */
  failedMessage: string;
  /** Once a failed attempt is written (the row waiting for its next, or dead): tells its owner. */
  afterFailure?: (id: number) => Promise<void>;
};

/**
 * A failure as kept on its row (its last error): an error code with its reason, or the message of
 * the innermost error (the driver's, not the query text Drizzle wraps it in).
 */
export function failureText(error: unknown): string {
  if (error instanceof AppError) {
    const params = (error.details as { params?: Record<string, unknown> } | undefined)?.params;
    return params?.reason ? `${error.code}: ${String(params.reason)}` : error.code;
  }
  let inner: unknown = error;
  for (let depth = 0; depth < 6 && inner instanceof Error && inner.cause instanceof Error; depth += 1) {
    inner = inner.cause;
  }
  return inner instanceof Error ? inner.message : String(inner);
}

export type LeasedJob<T extends LeasedTable> = {
  /** The job's name on the status page (platform/job-monitor.ts). */
  name: string;
  /** Logged, with the error, when a round fails. */
  failureMessage: string;
  /** Pause between the end of one round and the start of the next; `firstAfterMs` before the first. */
  everyMs: number;
  firstAfterMs?: number;
  /** How long a claimed row stays this runner's without `extend`: a runner that died loses it then. */
  leaseMs: number;
  /** Rows per claim, worked side by side (1: one job at a time). */
  perClaim?: number;
  queue: LeasedQueue<T>;
  /** Each round's first step, before any claim. */
  beforeClaims?: () => Promise<unknown>;
  /**
   * Works one leased row. Returning with the row neither finished nor released keeps it leased until
   * its lease runs out (a lost lease, or a kind that retries by lease), unless the app is stopping:
   * then the runner gives it back.
   */
  work: (lease: Lease<T['$inferSelect']>, signal: AbortSignal) => Promise<void>;
  /**
   * Given (only for a table that counts attempts): a row whose work throws gets its next attempt
   * after the backoff, and is dead after `maxAttempts`. Without it a throw fails the round, and the
   * row is taken again once its lease runs out.
   */
  retry?: T extends RetriedTable ? RetryPolicy : never;
};

type Row = { id: number };

async function workOne<T extends LeasedTable>(
  ctx: AppContext,
  job: LeasedJob<T>,
  row: T['$inferSelect'] & Row,
  leaseId: string,
  signal: AbortSignal,
): Promise<void> {
  const { table } = job.queue;
  let settled = false;
  const lease: Lease<T['$inferSelect']> = {
    row,
    extend: () => leasedQueue.extend(ctx.db, table, row.id, leaseId, job.leaseMs),
    release: async (pauseMs) => {
      settled = true;
      await leasedQueue.release(ctx.db, table, row.id, leaseId, pauseMs);
    },
    finish: async () => {
      const finished = await leasedQueue.finish(ctx.db, job.queue, row.id, leaseId);
      settled ||= finished;
      return finished;
    },
  };
  try {
    await job.work(lease, signal);
  } catch (error) {
    const retry = job.retry as RetryPolicy | undefined;
    if (!retry) throw error;
    ctx.log.warn({ err: error, job: job.name, row: row.id }, retry.failedMessage);
    const attempts = (row as { attempts?: number }).attempts ?? 0;
    await leasedQueue.fail(ctx.db, table as unknown as RetriedTable, retry.statuses, row.id, leaseId, {
      error: failureText(error),
      retryMs: backoffMs(attempts, retry.backoff),
      maxAttempts: retry.isFinal?.(error) ? 0 : retry.maxAttempts,
    });
    await retry.afterFailure?.(row.id);
    return;
  }
  if (signal.aborted && !settled) await leasedQueue.release(ctx.db, table, row.id, leaseId);
}

/**
 * The one runner of the panel's leased background work (notices to send, bulk line actions, moves,
 * imports). It runs in every app instance: each round claims rows of the kind's queue
 * (platform/leased-queue.ts) under a fresh lease id and works them until none is left or the app
 * stops, when what was claimed and not started, or not finished, is given back. A row whose runner
 * died keeps its lease until it runs out and is then taken over by whichever runner claims next, so
 * a kind's work must be safe to run again from where the row's committed state says it stands (each
 * item of a job commits with its result, and is skipped once it has one). Each round is recorded on
 * the status page through the periodic loop (platform/periodic-job.ts).
 */
export function startLeasedJob<T extends LeasedTable>(ctx: AppContext, job: LeasedJob<T>): PeriodicJob {
  return startPeriodicJob(ctx, {
    name: job.name,
    everyMs: job.everyMs,
    firstAfterMs: job.firstAfterMs,
    failureMessage: job.failureMessage,
    round: async (signal) => {
      await job.beforeClaims?.();
      let worked = 0;
      while (!signal.aborted) {
        const leaseId = randomUUID();
        const rows = (await leasedQueue.claim(
          ctx.db,
          job.queue,
          job.perClaim ?? 1,
          job.leaseMs,
          leaseId,
        )) as (T['$inferSelect'] & Row)[];
        if (rows.length === 0) break;
        await Promise.all(
          rows.map((row) =>
            signal.aborted
              ? leasedQueue.release(ctx.db, job.queue.table, row.id, leaseId)
              : workOne(ctx, job, row, leaseId, signal),
          ),
        );
        worked += rows.length;
      }
      return worked;
    },
  });
}

/** Long enough for a slice of items on a slow database; a dead instance's job is taken over after it. */
const ITEMS_LEASE_MS = 60_000;
const ITEMS_POLL_MS = 500;

/** A job of many items run for an account (a bulk line action, an import of lines). */
export type ItemsJob<T extends RetriedTable> = Pick<LeasedJob<T>, 'name' | 'queue' | 'work'> & {
  /** What the job is, for the log: "<what> round failed", "<what> failed" (one attempt). */
  what: string;
  /** The job's events, live to the account that started it. */
  events: EventTable;
  /** Recounts the job from its items: after a failed attempt, and once it is dead. */
  recount: (id: number) => Promise<{ id: number; accountId: string } | undefined>;
};

/**
 * Runs a kind of items job on the leased-job runner, one job at a time per instance, with the one
 * retry rule of such jobs: a run that throws (an item refused does not: that is the item's result)
 * is tried again after the backoff (`LINE_JOB_RETRY_*`), and the job is dead after the last attempt
 * (`LINE_JOB_MAX_ATTEMPTS`). Each item commits with its result, so a dead job's done items stay done
 * and the rest stay pending: recounted, and reported to its owner as not done, never half-applied.
 */
export function startItemsJob<T extends RetriedTable>(ctx: AppContext, job: ItemsJob<T>): PeriodicJob {
  const retry: RetryPolicy = {
    ...ctx.config.lineJobs,
    statuses: itemsJobStatuses,
    failedMessage: `${job.what} failed`,
    afterFailure: async (id) => {
      const counted = await job.recount(id);
      if (counted) await publishJobProgress(ctx, job.events, counted);
    },
  };
  return startLeasedJob<T>(ctx, {
    name: job.name,
    failureMessage: `${job.what} round failed`,
    everyMs: ITEMS_POLL_MS,
    firstAfterMs: 0,
    leaseMs: ITEMS_LEASE_MS,
    queue: job.queue,
    work: job.work,
    retry: retry as LeasedJob<T>['retry'],
  });
}

/** A job's items, worked a slice at a time in their order (`seq`), each slice reported as progress. */
export type ItemSteps<Item extends { seq: number }, Done> = {
  /** The items still to do after `afterSeq`, at most a slice of them. */
  pending: (afterSeq: number) => Promise<Item[]>;
  /** Does a slice; each item commits on its own (or the slice as one), with its result. */
  work: (items: Item[]) => Promise<Done>;
  /** Counts the job's results from its items. */
  recount: () => Promise<unknown>;
  /** Tells others what a slice changed (its lines, balances). */
  published: (done: Done) => Promise<void>;
  /** Tells the job's owner its progress (and, at the end, that it finished). */
  announce: () => Promise<void>;
};

/**
 * Works through a leased job's pending items in order: after each slice the job is recounted, its
 * progress announced and its lease renewed; once none is pending it is finished. Stopping anywhere
 * (the app stopping, a crash, the lease lost to another runner) leaves every item done or still
 * pending, so whoever holds the job next carries on from its first pending item.
 */
export async function workThroughItems<Item extends { seq: number }, Done>(
  lease: Lease<unknown>,
  signal: AbortSignal,
  steps: ItemSteps<Item, Done>,
): Promise<void> {
  await steps.announce();
  let afterSeq = 0;
  for (;;) {
    if (signal.aborted) return;
    const items = await steps.pending(afterSeq);
    if (items.length === 0) break;
    const done = await steps.work(items);
    afterSeq = items[items.length - 1]!.seq;
    await steps.recount();
    await steps.published(done);
    await steps.announce();
    // Another runner took the job over (this one stalled past its lease): it carries on.
    if (!(await lease.extend())) return;
  }
  await steps.recount();
  if (await lease.finish()) await steps.announce();
}

/** A job's progress (and its end), live to the account that started it; `table` names the job's events. */
export async function publishJobProgress(
  ctx: AppContext,
  table: EventTable,
  job: { id: number; accountId: string },
): Promise<void> {
  await ctx.bus.publish({ table, action: 'update', id: String(job.id), audience: [job.accountId] });
}
