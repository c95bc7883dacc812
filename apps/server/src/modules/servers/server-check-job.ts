import type { AppContext } from '../../app-context.js';
import { claimSecondsCoveringCalls } from '../../platform/backoff.js';
import { startPeriodicJob, type PeriodicJob } from '../../platform/periodic-job.js';
import { recordServerHealth } from '../outages/outage-watch.js';
import { testServerConnection } from './server-connection.js';
import { serversRepository } from './servers.repository.js';

/** Servers one instance tests at the same time. */
const CONCURRENCY = 4;
/** Look for due servers at least this often, so one that became due waits at most this long. */
const MAX_POLL_SECONDS = 30;

/**
 * Re-tests active and error servers every SERVER_CHECK_INTERVAL_SECONDS so their status stays true
 * (a server that went down turns error, one that came back turns active). Each server is claimed in
 * the database before it is tested, so several instances on one PostgreSQL share the work instead of
 * all testing the same server. What it finds feeds the outage watch (docs/outages.md).
 */
export function startServerCheckJob(ctx: AppContext): PeriodicJob {
  const intervalSeconds = ctx.config.serverCheckIntervalSeconds;
  if (intervalSeconds <= 0) return { stop: async () => undefined };
  // A claimed server is not due again before its test could have timed out: with a short interval
  // and a slow agent (or a loaded machine), another worker would otherwise test it at the same time.
  // A finished test sets the next check itself, one interval on.
  const leaseSeconds = claimSecondsCoveringCalls(intervalSeconds, ctx.config.serverApiTimeoutMs);
  return startPeriodicJob(ctx, {
    name: 'server-check',
    everyMs: Math.min(intervalSeconds, MAX_POLL_SECONDS) * 1000,
    failureMessage: 'Server check failed',
    round: (signal) => {
      const worker = async () => {
        while (!signal.aborted) {
          const row = await serversRepository.claimDue(ctx.db, leaseSeconds);
          if (!row) return;
          const result = await testServerConnection(ctx, row, { signal });
          // An agent that answers but refuses (a wrong key) still serves its customers: not an outage.
          if (!signal.aborted && (result.ok || !result.health)) {
            await recordServerHealth(ctx, row.id, result.ok ? { reachable: true } : { reachable: false });
          }
        }
      };
      return Promise.all(Array.from({ length: CONCURRENCY }, worker));
    },
  });
}
