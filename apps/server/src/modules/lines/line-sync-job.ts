import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { mapLimited } from '../servers/map-limited.js';
import { lineOutboxRepository } from './line-outbox.repository.js';
import { deliverLeased, leaseMs, syncTiming } from './line-sync.js';

export type LineSyncJob = {
  stop: () => Promise<void>;
  /** Runs one round now (tests, and after a server comes back); resolves when it is done. */
  runOnce: () => Promise<void>;
};

/** Rows one instance leases per claim, and delivers at the same time. */
const BATCH = 20;
const CONCURRENCY = 4;
const MIN_POLL_MS = 100;
const MAX_POLL_MS = 5000;

/**
 * Retries line deliveries that failed (server down, 5xx, timeouts) until they succeed: every due
 * outbox row is leased by one instance (FOR UPDATE SKIP LOCKED), delivered, and either removed or
 * given its next attempt time with exponential backoff (LINE_SYNC_RETRY_BASE_MS doubling up to
 * LINE_SYNC_RETRY_MAX_MS). Requests deliver their own change right away, so this only sees failures
 * and changes whose request ended early.
 */
export function startLineSyncJob(ctx: AppContext): LineSyncJob {
  const timing = syncTiming(ctx);
  const pollMs = Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, timing.retryBaseMs / 2));
  const aborter = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const round = async () => {
    try {
      while (!aborter.signal.aborted) {
        const leaseId = randomUUID();
        const rows = await lineOutboxRepository.claimDue(ctx.db, BATCH, leaseMs(timing), leaseId);
        if (rows.length === 0) return;
        await mapLimited(rows, CONCURRENCY, async (row) => {
          if (aborter.signal.aborted) await lineOutboxRepository.release(ctx.db, row.id, leaseId);
          else await deliverLeased(ctx, row, leaseId, null, aborter.signal);
        });
      }
    } catch (error) {
      if (!aborter.signal.aborted) ctx.log.error({ err: error }, 'Line sync round failed');
    }
  };
  const runOnce = async () => {
    // One round at a time per instance; a caller arriving mid-round waits for it and runs another.
    while (running) await running;
    running = ctx.jobs.track('line-sync', round).finally(() => {
      running = undefined;
    });
    await running;
  };
  const schedule = () => {
    if (aborter.signal.aborted) return;
    timer = setTimeout(() => {
      void runOnce().finally(schedule);
    }, pollMs);
    timer.unref();
  };
  schedule();

  return {
    runOnce,
    stop: async () => {
      aborter.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
