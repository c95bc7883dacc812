import type { AppContext } from '../../app-context.js';
import { startPeriodicJob, type PeriodicJob } from '../../platform/periodic-job.js';
import { pollEcmStats } from './ecm-poll.js';
import { ecmPollRepository } from './ecm-poll.repository.js';
import { rollUpAndExpire } from './ecm-rollup.js';

const CONCURRENCY = 4;
const MAX_ROUND_SECONDS = 10;

/**
 * Reads every active server's ECM counters every ECM_STATS_POLL_SECONDS (each server claimed in the
 * database first, so several instances share them), then rolls the rows up and applies the retention.
 */
export function startEcmStatsJob(ctx: AppContext): PeriodicJob {
  const intervalSeconds = ctx.config.ecmStatsPollSeconds;
  if (intervalSeconds <= 0) return { stop: async () => undefined };
  return startPeriodicJob(ctx, {
    name: 'ecm-stats',
    everyMs: Math.min(intervalSeconds, MAX_ROUND_SECONDS) * 1000,
    failureMessage: 'Reading ECM statistics failed',
    round: async (signal) => {
      await ecmPollRepository.addMissingPolls(ctx.db);
      const worker = async () => {
        while (!signal.aborted) {
          const serverId = await ecmPollRepository.claimDue(ctx.db, intervalSeconds);
          if (serverId === undefined) return;
          await pollEcmStats(ctx, serverId, signal).catch((error: unknown) => {
            if (!signal.aborted) ctx.log.warn({ err: error, serverId }, 'Reading ECM statistics failed');
          });
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      await rollUpAndExpire(ctx, signal);
    },
  });
}
