import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { startPeriodicJob, type PeriodicJob } from '../../platform/periodic-job.js';
import { lineOutboxRepository } from './line-outbox.repository.js';
import { deliverLeased, leaseMs, syncTiming } from './line-sync.js';

/** Rows one instance leases per claim; they go to their agents in one POST /batch per server. */
const BATCH = 200;
const MIN_POLL_MS = 100;
const MAX_POLL_MS = 5000;

/**
 * Retries line deliveries that failed (server down, 5xx, timeouts) until they succeed: every due
 * outbox row is leased by one instance (FOR UPDATE SKIP LOCKED), delivered, and either removed or
 * given its next attempt time with exponential backoff (LINE_SYNC_RETRY_BASE_MS doubling up to
 * LINE_SYNC_RETRY_MAX_MS). Requests deliver their own change right away, so this only sees failures
 * and changes whose request ended early.
 */
export function startLineSyncJob(ctx: AppContext): PeriodicJob {
  const timing = syncTiming(ctx);
  return startPeriodicJob(ctx, {
    name: 'line-sync',
    everyMs: Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, timing.retryBaseMs / 2)),
    failureMessage: 'Line sync round failed',
    round: async (signal) => {
      while (!signal.aborted) {
        const leaseId = randomUUID();
        const rows = await lineOutboxRepository.claimDue(ctx.db, BATCH, leaseMs(timing), leaseId);
        if (rows.length === 0) return;
        await Promise.all(
          rows.map(async (row) => {
            if (signal.aborted) await lineOutboxRepository.release(ctx.db, row.id, leaseId);
            else await deliverLeased(ctx, row, leaseId, null, signal);
          }),
        );
      }
    },
  });
}
