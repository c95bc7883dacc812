import type { AppContext } from '../../app-context.js';
import { startPeriodicJob, type PeriodicJob } from '../../platform/periodic-job.js';
import { publishLineWrite } from './line-charge.js';
import { freezeSettings } from './line-freeze-settings.js';
import { startScheduledFreezes } from './line-freeze-start.js';
import { writeUnfreeze } from './line-freeze.service.js';
import { inTransaction } from './line-scope.js';
import { linesRepository } from './lines.repository.js';

const PER_ROUND = 200;

/**
 * Unfreezes the lines frozen longer than the admin's longest freeze, each in its own transaction
 * under its row lock (a line someone unfroze meanwhile is skipped), the delivery left to the outbox
 * worker. Every instance runs it; the lock makes each unfreeze happen once. Its rounds (which also
 * start the customers' freezes scheduled for today, `startScheduledFreezes`) show on System status as
 * `line-freeze-end`.
 */
export async function endLongFreezes(ctx: AppContext, signal: AbortSignal): Promise<number> {
  const { freeze_max_days: maxDays } = await freezeSettings(ctx.db);
  // A line frozen at or before this instant has had its longest freeze.
  const cutoff = new Date(Date.now() - maxDays * 86_400_000);
  let ended = 0;
  for (const id of await linesRepository.frozenSince(ctx.db, cutoff, PER_ROUND)) {
    if (signal.aborted) break;
    const line = await inTransaction(ctx, async (tx) => {
      const current = await linesRepository.lockById(tx, id);
      if (!current || current.frozenAt === null || current.frozenAt > cutoff) return null;
      return (await writeUnfreeze(tx, current, null, { workerAfterMs: 0 }, 'limit')).line;
    });
    if (line) {
      ended += 1;
      await publishLineWrite(ctx, 'update', line);
    }
  }
  return ended;
}

export function startLineFreezeEndJob(ctx: AppContext): PeriodicJob | null {
  const seconds = ctx.config.lineFreezeEndIntervalSeconds;
  if (seconds <= 0) return null;
  return startPeriodicJob(ctx, {
    name: 'line-freeze-end',
    everyMs: seconds * 1000,
    failureMessage: 'Ending long line freezes failed',
    // Both ends of a freeze in one round: the scheduled ones that start today, the long ones ending.
    round: async (signal) => (await startScheduledFreezes(ctx, signal)) + (await endLongFreezes(ctx, signal)),
  });
}
