import type { AppContext } from '../../app-context.js';
import type { PeriodicJob } from '../../platform/periodic-job.js';
import { backupNow, nextBackupAt } from './backups.service.js';

/** Node's timers cannot wait longer than about 24.8 days; a longer wait is taken in steps. */
const MAX_WAIT_MS = 86_400_000;
const RETRY_PLANNING_MS = 60_000;

/**
 * Scheduled backups of the embedded database. The next one is due an interval after the newest file
 * in <data dir>/backups (so a restart neither skips nor repeats one), or shortly after start when
 * there is none; a backup asked for by hand also counts.
 */
export function startBackupJob(ctx: AppContext): PeriodicJob {
  if (!ctx.database.dumpEmbedded || ctx.config.backupIntervalHours === 0) return { stop: async () => {} };
  let stopped = false;
  const aborter = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const wait = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round().finally(() => {
        running = undefined;
        void plan();
      });
    }, ms);
    timer.unref();
  };
  const plan = async () => {
    try {
      const due = await nextBackupAt(ctx);
      if (due !== null) wait(Math.min(Math.max(due - Date.now(), 0), MAX_WAIT_MS));
    } catch (error) {
      ctx.log.error({ err: error }, 'Could not read the backups folder');
      wait(RETRY_PLANNING_MS);
    }
  };
  const round = async () => {
    const due = await nextBackupAt(ctx).catch(() => Date.now());
    if (stopped || due === null || due > Date.now()) return;
    // backupNow logs and remembers a failure for the status page; the job monitor records it too.
    // A stop abandons a backup being written (nothing of it stays), so it never holds the stop up.
    await ctx.jobs.track('backups', () => backupNow(ctx, aborter.signal)).catch(() => undefined);
  };
  void plan();

  return {
    stop: async () => {
      stopped = true;
      aborter.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
