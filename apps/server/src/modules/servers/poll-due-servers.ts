import type { AppContext } from '../../app-context.js';
import { claimSecondsCoveringCalls } from '../../platform/backoff.js';
import type { serverPollsRepository } from './server-polls.repository.js';

/** Servers one instance reads at the same time, per kind of reading. */
const CONCURRENCY = 4;

/**
 * One round of a per-server reading: gives new active servers their poll row, then claims due
 * servers one at a time (in the database, so several instances share them) and reads each, a few at
 * once. A server whose read fails is logged and read again at its next turn.
 *
 * A claimed server is not due again before its agent calls could have timed out (with a short
 * interval and a slow agent, another worker or instance would otherwise read it at the same time and
 * the two readings could be stored out of order); the read makes it due one interval on when it is
 * done. `read` gets the claim, which its writes check they still hold.
 */
export async function pollDueServers(
  ctx: AppContext,
  polls: ReturnType<typeof serverPollsRepository>,
  options: {
    intervalSeconds: number;
    signal: AbortSignal;
    failureMessage: string;
    read: (serverId: number, claim: string) => Promise<void>;
  },
): Promise<void> {
  const { intervalSeconds, signal, failureMessage, read } = options;
  const leaseSeconds = claimSecondsCoveringCalls(intervalSeconds, ctx.config.serverApiTimeoutMs);
  const worker = async () => {
    while (!signal.aborted) {
      const claimed = await polls.claimDue(ctx.db, leaseSeconds);
      if (claimed === undefined) return;
      await read(claimed.serverId, claimed.claim).catch((error: unknown) => {
        if (!signal.aborted) ctx.log.warn({ err: error, serverId: claimed.serverId }, failureMessage);
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}
