import type { AppContext } from '../../app-context.js';
import { startPeriodicJob, type PeriodicJob } from '../../platform/periodic-job.js';
import { reconcileOnlinePayments } from './payment-reconcile.service.js';

/**
 * Asks the providers about online top-ups whose webhook never came. Every instance runs it; the
 * requests are claimed with SKIP LOCKED, and crediting is exactly once anyway (`confirmTopUp`).
 * Its last run shows on System status as `payment-reconcile`.
 */
export function startPaymentReconcileJob(ctx: AppContext): PeriodicJob | null {
  const seconds = ctx.config.paymentReconcileIntervalSeconds;
  if (seconds <= 0) return null;
  return startPeriodicJob(ctx, {
    name: 'payment-reconcile',
    everyMs: seconds * 1000,
    failureMessage: 'Reconciling online payments failed',
    round: (signal) => reconcileOnlinePayments(ctx, signal),
  });
}
