import type { AppContext } from '../../app-context.js';
import { startPeriodicJob, type PeriodicJob } from '../../platform/periodic-job.js';
import { pollDueServers } from '../servers/poll-due-servers.js';
import { applyConnections, pollServer } from './line-connections-poll.js';
import { lineConnectionPollsRepository, lineConnectionsRepository } from './line-connections.repository.js';

/** Look for due servers at least this often. */
const MAX_ROUND_SECONDS = 10;

/**
 * Reads every active server's live connections every LINE_CONNECTIONS_POLL_SECONDS (who is online,
 * IP history, sharing detection). Each server is claimed in the database before it is read, so
 * several instances on one PostgreSQL share the servers instead of all reading each one.
 */
export function startLineConnectionsJob(ctx: AppContext): PeriodicJob {
  const intervalSeconds = ctx.config.lineConnectionsPollSeconds;
  if (intervalSeconds <= 0) return { stop: async () => undefined };
  return startPeriodicJob(ctx, {
    name: 'line-connections',
    everyMs: Math.min(intervalSeconds, MAX_ROUND_SECONDS) * 1000,
    failureMessage: 'Reading live connections failed',
    round: async (signal) => {
      await lineConnectionPollsRepository.addMissingPolls(ctx.db);
      // A server made inactive is no longer read: nobody is known to be connected to it any more.
      for (const serverId of await lineConnectionsRepository.serversWithStaleSessions(ctx.db)) {
        await applyConnections(ctx, serverId, { ok: false, error: 'Server is not active' });
      }
      await pollDueServers(ctx, lineConnectionPollsRepository, {
        intervalSeconds,
        signal,
        failureMessage: 'Reading live connections failed',
        read: (serverId, claim) => pollServer(ctx, serverId, { claim, intervalSeconds }, signal),
      });
    },
  });
}
