import type { AppContext } from '../../app-context.js';
import { startPeriodicJob, type PeriodicJob } from '../../platform/periodic-job.js';
import { expireUnpaidTopUps } from './topup-expiry.service.js';

/**
 * Closes top-ups left unpaid past the admin's setting. Every instance runs it: manual requests are
 * closed by one conditional UPDATE (each once), online ones settle exactly once through the
 * reconciliation's path. Its last run shows on System status as `topup-expiry`.
 */
export function startTopUpExpiryJob(ctx: AppContext): PeriodicJob | null {
  const seconds = ctx.config.topUpExpiryIntervalSeconds;
  if (seconds <= 0) return null;
  return startPeriodicJob(ctx, {
    name: 'topup-expiry',
    everyMs: seconds * 1000,
    failureMessage: 'Expiring unpaid top-ups failed',
    round: (signal) => expireUnpaidTopUps(ctx, signal),
  });
}
