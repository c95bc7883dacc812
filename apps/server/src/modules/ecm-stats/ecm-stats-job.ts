import type { AppContext } from '../../app-context.js';
import { startPeriodicJob, type PeriodicJob } from '../../platform/periodic-job.js';
import { pollEcmStats } from './ecm-poll.js';
import { pollDueServers } from '../servers/poll-due-servers.js';
import { ecmPollsRepository } from './ecm-poll.repository.js';
import { rollUpAndExpire } from './ecm-rollup.js';
import { pollServerLoad } from '../server-load/server-load-poll.js';
import { serverLoadRepository } from '../server-load/server-load.repository.js';
import { LOAD_HISTORY_HOURS } from '@linedesk/shared';

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
      await ecmPollsRepository.addMissingPolls(ctx.db);
      await pollDueServers(ctx, ecmPollsRepository, {
        intervalSeconds,
        signal,
        failureMessage: 'Reading ECM statistics failed',
        // The machine's load rides on the same poll (load alerts): one claim of the server, two reads.
        read: async (serverId, claim) => {
          const reads = await Promise.allSettled([
            pollEcmStats(ctx, serverId, { claim, intervalSeconds }, signal),
            pollServerLoad(ctx, serverId, signal),
          ]);
          for (const read of reads) if (read.status === 'rejected') throw read.reason;
        },
      });
      await rollUpAndExpire(ctx, signal);
      await serverLoadRepository.expire(ctx.db, LOAD_HISTORY_HOURS);
    },
  });
}
