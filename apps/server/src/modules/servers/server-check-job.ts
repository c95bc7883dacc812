import type { AppContext } from '../../app-context.js';
import { testServerConnection } from './server-connection.js';
import { serversRepository } from './servers.repository.js';

export type ServerCheckJob = { stop: () => Promise<void> };

/** Servers one instance tests at the same time. */
const CONCURRENCY = 4;
/** Look for due servers at least this often, so one that became due waits at most this long. */
const MAX_POLL_SECONDS = 30;

/**
 * Re-tests active and error servers every SERVER_CHECK_INTERVAL_SECONDS so their status stays true
 * (a server that went down turns error, one that came back turns active). Each server is claimed in
 * the database before it is tested, so several instances on one PostgreSQL share the work instead of
 * all testing the same server.
 */
export function startServerCheckJob(ctx: AppContext): ServerCheckJob {
  const intervalSeconds = ctx.config.serverCheckIntervalSeconds;
  if (intervalSeconds <= 0) return { stop: async () => undefined };

  const pollMs = Math.min(intervalSeconds, MAX_POLL_SECONDS) * 1000;
  const aborter = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const worker = async () => {
    while (!aborter.signal.aborted) {
      const row = await serversRepository.claimDue(ctx.db, intervalSeconds);
      if (!row) return;
      await testServerConnection(ctx, row, { signal: aborter.signal });
    }
  };
  const round = async () => {
    try {
      await ctx.jobs.track('server-check', () => Promise.all(Array.from({ length: CONCURRENCY }, worker)));
    } catch (error) {
      if (!aborter.signal.aborted) ctx.log.error({ err: error }, 'Server check failed');
    }
  };
  const schedule = () => {
    if (aborter.signal.aborted) return;
    timer = setTimeout(() => {
      running = round().finally(() => {
        running = undefined;
        schedule();
      });
    }, pollMs);
    timer.unref();
  };
  schedule();

  return {
    stop: async () => {
      aborter.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
