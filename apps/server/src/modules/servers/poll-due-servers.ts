import type { AppContext } from '../../app-context.js';
import type { serverPollsRepository } from './server-polls.repository.js';

/** Servers one instance reads at the same time, per kind of reading. */
const CONCURRENCY = 4;

/**
 * One round of a per-server reading: gives new active servers their poll row, then claims due
 * servers one at a time (in the database, so several instances share them) and reads each, a few at
 * once. A server whose read fails is logged and read again at its next turn.
 */
export async function pollDueServers(
  ctx: AppContext,
  polls: ReturnType<typeof serverPollsRepository>,
  options: {
    intervalSeconds: number;
    signal: AbortSignal;
    failureMessage: string;
    read: (serverId: number) => Promise<void>;
  },
): Promise<void> {
  const { intervalSeconds, signal, failureMessage, read } = options;
  const worker = async () => {
    while (!signal.aborted) {
      const serverId = await polls.claimDue(ctx.db, intervalSeconds);
      if (serverId === undefined) return;
      await read(serverId).catch((error: unknown) => {
        if (!signal.aborted) ctx.log.warn({ err: error, serverId }, failureMessage);
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}
