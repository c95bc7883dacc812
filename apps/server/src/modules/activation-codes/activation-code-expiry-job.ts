import type { AppContext } from '../../app-context.js';
import { startPeriodicJob, type PeriodicJob } from '../../platform/periodic-job.js';
import { voidExpiredActivationCodes } from './activation-code-void.service.js';

/**
 * Voids and refunds unused codes whose validity ran out. Every instance runs it; the codes are
 * claimed with SKIP LOCKED, so each is refunded once. A validity is counted in days, so a round a
 * minute (`ACTIVATION_CODE_EXPIRY_SECONDS`) refunds a code soon enough after its last day.
 */
export function startActivationCodeExpiryJob(ctx: AppContext): PeriodicJob | null {
  const seconds = ctx.config.activationCodeExpirySeconds;
  if (seconds <= 0) return null;
  return startPeriodicJob(ctx, {
    name: 'activation-code-expiry',
    everyMs: seconds * 1000,
    failureMessage: 'Voiding expired activation codes failed',
    round: (signal) => voidExpiredActivationCodes(ctx, signal),
  });
}
