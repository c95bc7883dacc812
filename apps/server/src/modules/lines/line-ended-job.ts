import type { AppContext } from '../../app-context.js';
import { startPeriodicJob, type PeriodicJob } from '../../platform/periodic-job.js';
import { publishLineWrite } from './line-charge.js';
import { endedLineSettings } from './line-ended-settings.js';
import { endedLastDay, endLine } from './line-archive.service.js';
import { inTransaction } from './line-scope.js';
import { linesRepository } from './lines.repository.js';

const PER_ROUND = 200;

/**
 * Archives or deletes, as the admin's "Lines that ended" setting says, the lines that expired more
 * than its days ago; nothing while it is off. Each line in its own transaction under its row lock (a
 * line renewed meanwhile is skipped), the delivery to its server left to the outbox worker. Every
 * instance runs it; the lock makes each line end once. Its rounds show on System status as
 * `line-ended`. A sweep over the lines table, not a queue of its own: like `line-freeze-end` it runs
 * on the periodic-job runner that the leased-job runner is built on, with the line's row lock as its
 * claim.
 */
export async function endEndedLines(ctx: AppContext, signal: AbortSignal): Promise<number> {
  const { ended_line_action: action, ended_line_days: days } = await endedLineSettings(ctx.db);
  if (action === 'off') return 0;
  const lastDay = endedLastDay(days);
  let ended = 0;
  for (const id of await linesRepository.endedBy(ctx.db, lastDay, PER_ROUND)) {
    if (signal.aborted) break;
    const line = await inTransaction(ctx, (tx) => endLine(tx, id, action, lastDay));
    if (line) {
      ended += 1;
      await publishLineWrite(ctx, action === 'delete' ? 'delete' : 'update', line);
    }
  }
  return ended;
}

export function startLineEndedJob(ctx: AppContext): PeriodicJob | null {
  const seconds = ctx.config.lineEndedIntervalSeconds;
  if (seconds <= 0) return null;
  return startPeriodicJob(ctx, {
    name: 'line-ended',
    everyMs: seconds * 1000,
    failureMessage: 'Archiving or deleting lines that ended failed',
    round: (signal) => endEndedLines(ctx, signal),
  });
}
