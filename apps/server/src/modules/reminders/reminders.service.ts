import {
  addDays,
  DEFAULT_REMINDER_DAYS,
  type ReminderPreference,
  type ReminderRunResult,
  type ReminderSettings,
} from '@linedesk/shared';
import { today as businessToday } from '../lines/line-scope.js';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { notificationsRepository } from '../notifications/notifications.repository.js';
import { announceNotices, nothingNotified, notify } from '../notifications/notify.js';
import { appSettingsRepository } from '../settings/app-settings.repository.js';
import { updateSetting } from '../settings/app-settings.service.js';
import { customerReminderRow } from './customer-reminder-mail.js';
import { remindersRepository, type ClaimCursor, type ClaimStep } from './reminders.repository.js';
import { giveWay, type GiveWay } from '../../platform/give-way.js';
import type { RequestActivity } from '../../platform/request-activity.js';

const DAYS_KEY = 'reminders.days';

async function reminderDays(ctx: AppContext): Promise<number> {
  return appSettingsRepository.get(ctx.db, DAYS_KEY, DEFAULT_REMINDER_DAYS);
}

/**
 * The most lines one statement of a round claims. One statement over 10,000 lines held the embedded
 * database (and with it the server's main thread) for about 2.6 s; 500 lines took 20–50 ms, long enough
 * to show in the lines list's p99 while a round ran (bench/reminder-round-bench.ts); 100 take a few ms.
 */
const BATCH_LINES = 100;

/**
 * How a round gives way to the panel's requests on the embedded database (`giveWay`): an hourly job
 * nobody waits for, so each step waits for a moment without requests (at most a second), and the
 * round takes at most a fifth of the database's time. Under the lines list's bench load, a round
 * taking half the time doubled the list's p99 while it ran, every request meeting one of its steps.
 */
function roundWay(activity: RequestActivity | undefined): GiveWay {
  return {
    share: 0.2,
    ...(activity ? { quiet: { activity, quietMs: 50, maxWaitMs: 1_000 } } : {}),
  };
}

/**
 * Claims batch after batch, each a step of its own (then its pause: `giveWay`), each starting after the
 * last line the one before went through, until a claim goes through fewer than BATCH_LINES lines;
 * answers what the claims returned. `claim` claims at most `limit` lines after the cursor in one
 * statement (or one transaction).
 */
async function claimInBatches<T>(
  ctx: AppContext,
  way: GiveWay,
  claim: (limit: number, after: ClaimCursor | null) => Promise<{ step: ClaimStep; value: T }>,
): Promise<T[]> {
  const values: T[] = [];
  let after: ClaimCursor | null = null;
  for (;;) {
    const { step, value } = await giveWay(ctx, () => claim(BATCH_LINES, after), way);
    values.push(value);
    if (step.seen < BATCH_LINES || step.last === null) return values;
    after = step.last;
  }
}

/**
 * Tells each owner once (a digest, on the channels the owner chose) about their lines that expire in
 * the next N days, each line once per expiry date; then mails the customers their own reminders
 * (`remindCustomers`). Owner by owner: the owner's due lines are claimed in batches of at most
 * BATCH_LINES lines (each in a statement of its own, each followed by a pause), then the digest of all of
 * the owner's batches not told yet is written in the transaction that takes them. A round that stops
 * half-way loses nothing: its claimed batches stay until a round tells them. Safe to run from every
 * instance at once: a line is claimed by one statement only, and a batch is taken by one digest only.
 */
export async function runExpiryReminders(
  ctx: AppContext,
  activity?: RequestActivity,
  now = new Date(),
): Promise<ReminderRunResult> {
  const way = roundWay(activity);
  const days = await reminderDays(ctx);
  const today = businessToday(now);
  const until = addDays(today, days);
  let owners = 0;
  let lines = 0;
  const toRemind = await giveWay(ctx, () => remindersRepository.ownersToRemind(ctx.db, today, until), way);
  for (const { ownerId, untold } of toRemind) {
    // An owner told of every line in the window already (each hourly round after the first) costs
    // one step that stops at the first due line, not claims through all of those lines.
    const due = await giveWay(
      ctx,
      () => remindersRepository.hasDueLines(ctx.db, ownerId, { today, until }),
      way,
    );
    const claimed = due
      ? await claimInBatches(ctx, way, async (limit, after) => {
          const step = await remindersRepository.claimBatch(ctx.db, ownerId, { today, until }, limit, after);
          return { step, value: step.claimed };
        })
      : [];
    if (!untold && !claimed.some((n) => n > 0)) continue;
    const told = await giveWay(
      ctx,
      () =>
        ctx.db.transaction(async (tx) => {
          const owned = await remindersRepository.takeBatches(tx, ownerId);
          if (owned.length === 0) return { lines: 0, notified: nothingNotified() };
          const notified = await notify(ctx, tx, ownerId, {
            kind: 'lines_expiring',
            params: {
              days,
              lines: owned.map((line) => ({ username: line.username, expiry_date: line.expiryDate })),
            },
          });
          return { lines: owned.length, notified };
        }),
      way,
    );
    await announceNotices(ctx, told.notified);
    if (told.lines > 0) {
      owners += 1;
      lines += told.lines;
    }
  }
  return { owners, lines, days, customers: await remindCustomers(ctx, way, today) };
}

/**
 * Mails each customer whose line (with an email) expires within their reseller's customer reminder
 * days, once per line and expiry date. Reseller by reseller, as the owners' round goes: only resellers
 * who chose a number of days, each one's due lines in batches (`claimInBatches`) looked up in that
 * reseller's own expiry window, never in a statement over every line. Each batch's claim and outbox
 * rows commit together; the delivery job sends the mails (with retries) after the commit.
 */
async function remindCustomers(ctx: AppContext, way: GiveWay, today: string): Promise<number> {
  let mailed = 0;
  const resellers = await giveWay(ctx, () => remindersRepository.resellersRemindingCustomers(ctx.db), way);
  for (const reseller of resellers) {
    const claimed = await claimInBatches(ctx, way, (limit, after) =>
      ctx.db.transaction(async (tx) => {
        const due = await remindersRepository.claimDueCustomers(
          tx,
          reseller.id,
          { today, until: addDays(today, reseller.days) },
          limit,
          after,
        );
        await notificationsRepository.insert(
          tx,
          due.lines.map((line) => customerReminderRow(line, ctx.config.publicUrl)),
          false,
        );
        return { step: due.step, value: due.lines.length };
      }),
    );
    mailed += claimed.reduce((sum, n) => sum + n, 0);
  }
  return mailed;
}

export async function runExpiryRemindersNow(
  ctx: AppContext,
  activity: RequestActivity,
): Promise<ReminderRunResult> {
  return ctx.jobs.track('expiry-reminders', () => runExpiryReminders(ctx, activity));
}

export async function getReminderSettings(ctx: AppContext): Promise<ReminderSettings> {
  return { days: await reminderDays(ctx) };
}

export async function updateReminderSettings(
  ctx: AppContext,
  admin: Actor,
  settings: ReminderSettings,
): Promise<ReminderSettings> {
  await updateSetting(ctx, admin, DAYS_KEY, settings.days);
  await ctx.bus.publish({ table: 'app_settings', action: 'update', id: DAYS_KEY, audience: 'all' });
  return settings;
}

export async function getReminderPreference(ctx: AppContext, me: Actor): Promise<ReminderPreference> {
  return { enabled: await remindersRepository.wantsReminders(ctx.db, me.id) };
}

export async function updateReminderPreference(
  ctx: AppContext,
  me: Actor,
  preference: ReminderPreference,
): Promise<ReminderPreference> {
  await remindersRepository.setWantsReminders(ctx.db, me.id, preference.enabled);
  return preference;
}
