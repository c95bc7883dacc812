import type { AppContext } from '../../app-context.js';
import { startPeriodicJob, type PeriodicJob } from '../../platform/periodic-job.js';
import type { RequestActivity } from '../../platform/request-activity.js';
import { runExpiryReminders } from './reminders.service.js';

/**
 * Hourly rather than once at midnight: a run only sends what no earlier run claimed, so running
 * often costs one query and means a restart, a new line or a changed setting is picked up the same day.
 */
const INTERVAL_MS = 60 * 60_000;
/** Not at the very start: let the server settle (and tests set things up) first. */
const FIRST_RUN_MS = 60_000;

export function startExpiryReminderJob(ctx: AppContext, activity: RequestActivity): PeriodicJob {
  return startPeriodicJob(ctx, {
    name: 'expiry-reminders',
    everyMs: INTERVAL_MS,
    firstAfterMs: FIRST_RUN_MS,
    failureMessage: 'Expiry reminders failed',
    round: () => runExpiryReminders(ctx, activity),
  });
}
