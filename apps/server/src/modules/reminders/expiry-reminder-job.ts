import type { AppContext } from '../../app-context.js';
import { runExpiryReminders } from './reminders.service.js';

/**
 * Hourly rather than once at midnight: a run only sends what no earlier run claimed, so running
 * often costs one query and means a restart, a new line or a changed setting is picked up the same day.
 */
const INTERVAL_MS = 60 * 60_000;
/** Not at the very start: let the server settle (and tests set things up) first. */
const FIRST_RUN_MS = 60_000;

export function startExpiryReminderJob(ctx: AppContext): { stop: () => Promise<void> } {
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running = ctx.jobs
      .track('expiry-reminders', () => runExpiryReminders(ctx))
      .catch((error: unknown) => ctx.log.error({ err: error }, 'Expiry reminders failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, FIRST_RUN_MS);
  const timer = setInterval(run, INTERVAL_MS);
  first.unref();
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
