import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { startPeriodicJob, type PeriodicJob } from '../../platform/periodic-job.js';
import { telegramBot } from './telegram-bot.js';
import { telegramRepository } from './telegram.repository.js';

/** Pause between two getUpdates calls (and between two looks while the bot is off or polled elsewhere). */
const PAUSE_MS = 1000;
/** The lease outlives one long poll by this much, so a busy holder keeps it from round to round. */
const LEASE_MARGIN_SECONDS = 30;

/**
 * Reads the bot's updates by long polling (getUpdates) and answers them. Telegram gives a bot's
 * updates to one reader at a time, so with several instances on one PostgreSQL only the holder of
 * the `telegram_poller` lease polls; the offset lives in the same row, so whoever takes over after
 * a holder stopped goes on from the first update not yet answered.
 */
export function startTelegramPollJob(ctx: AppContext): PeriodicJob {
  const pollSeconds = ctx.config.telegramPollSeconds;
  if (pollSeconds <= 0) return { stop: async () => undefined };
  const holder = randomUUID();
  let holding = false;
  const job = startPeriodicJob(ctx, {
    name: 'telegram-bot',
    everyMs: PAUSE_MS,
    firstAfterMs: 0,
    failureMessage: 'Reading the Telegram bot updates failed',
    round: async (signal) => {
      const bot = await telegramBot(ctx);
      if (!bot) {
        if (holding) await telegramRepository.releasePoller(ctx.db, holder);
        holding = false;
        return;
      }
      // While messages keep coming, poll again at once; a long poll that ends empty ends the round.
      while (!signal.aborted) {
        const offset = await telegramRepository.claimPoller(
          ctx.db,
          holder,
          pollSeconds + LEASE_MARGIN_SECONDS,
        );
        holding = offset !== undefined;
        if (offset === undefined) return;
        const updates = await bot.api.getUpdates(
          { offset, timeout: pollSeconds, allowed_updates: ['message', 'callback_query'] },
          // grammY types its signal as the abort-controller package's; Node's own is the same at run time.
          signal as unknown as Parameters<typeof bot.api.getUpdates>[1],
        );
        if (updates.length === 0) return;
        for (const update of updates) {
          if (signal.aborted) return;
          try {
            await bot.handleUpdate(update);
          } catch (error) {
            // One update that cannot be answered must not hold up the ones after it.
            ctx.log.error({ err: error, updateId: update.update_id }, 'Answering a Telegram update failed');
          }
          if (!(await telegramRepository.advancePoller(ctx.db, holder, update.update_id + 1))) return;
        }
      }
    },
  });
  return {
    stop: async () => {
      await job.stop();
      // The next instance need not wait for the lease to run out.
      if (holding) await telegramRepository.releasePoller(ctx.db, holder).catch(() => undefined);
    },
  };
}
