import type { AppContext } from '../../app-context.js';
import { startPeriodicJob, type PeriodicJob } from '../../platform/periodic-job.js';
import type { RequestActivity } from '../../platform/request-activity.js';
import { databaseMaintenanceRepository } from './database-maintenance.repository.js';

/** No request for this long is a quiet moment. */
const QUIET_MS = 2_000;
/** Upkeep due this long no longer waits for a quiet moment. */
const MAX_WAIT_MS = 600_000;

/**
 * The embedded database's autovacuum. PGlite runs PostgreSQL in one process without its background
 * workers, so nothing ever vacuums or analyzes its tables: after an import the planner keeps the
 * statistics of an empty table, and without a vacuum the visibility map stays empty, so every index-only
 * scan (a page of lines found by its sort's index) reads each row's table page as well. This does what
 * autovacuum would, by its rule (databaseMaintenanceRepository.tablesDue). PGlite answers one statement
 * at a time and a vacuum of 100,000 lines holds it for a few hundred milliseconds, so due upkeep waits
 * for a moment without requests, but not longer than MAX_WAIT_MS.
 */
export function startDatabaseMaintenanceJob(ctx: AppContext, activity: RequestActivity): PeriodicJob {
  const intervalSeconds = ctx.config.embeddedMaintenanceIntervalSeconds;
  if (ctx.database.kind !== 'embedded' || intervalSeconds <= 0) return { stop: async () => undefined };
  let dueSince: number | null = null;
  return startPeriodicJob(ctx, {
    name: 'database-maintenance',
    everyMs: intervalSeconds * 1000,
    failureMessage: 'Database upkeep (vacuum, analyze) failed',
    round: async (signal) => {
      const due = await databaseMaintenanceRepository.tablesDue(ctx.db);
      if (due.length === 0) {
        dueSince = null;
        return;
      }
      const now = Date.now();
      dueSince ??= now;
      if (now - activity.lastRequestAt() < QUIET_MS && now - dueSince < MAX_WAIT_MS) return;
      for (const table of due) {
        if (signal.aborted) return;
        await databaseMaintenanceRepository.upkeep(ctx.db, table);
      }
      dueSince = null;
    },
  });
}
