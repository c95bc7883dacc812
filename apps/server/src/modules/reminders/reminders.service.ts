import {
  addDays,
  DEFAULT_REMINDER_DAYS,
  isoDate,
  type ReminderPreference,
  type ReminderRunResult,
  type ReminderSettings,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { notificationsRepository } from '../notifications/notifications.repository.js';
import { announceNotices, nothingNotified, notify } from '../notifications/notify.js';
import { appSettingsRepository } from '../settings/app-settings.repository.js';
import { updateSetting } from '../settings/app-settings.service.js';
import { customerReminderRow } from './customer-reminder-mail.js';
import { remindersRepository } from './reminders.repository.js';
import { giveWay } from '../../platform/give-way.js';

const DAYS_KEY = 'reminders.days';

async function reminderDays(ctx: AppContext): Promise<number> {
  return appSettingsRepository.get(ctx.db, DAYS_KEY, DEFAULT_REMINDER_DAYS);
}

/**
 * The most lines one statement of a round claims. One statement over 10,000 lines held the embedded
 * database (and with it the server's main thread) for about 2.6 s; a few hundred take tens of ms.
 */
const BATCH_LINES = 500;

/**
 * Claims batch after batch, each a step of its own (then its pause: `giveWay`), until a batch comes back with
 * fewer than BATCH_LINES lines; answers how many lines the batches claimed. `claim` claims at most
 * `limit` lines in one statement (or one transaction) and answers how many it claimed.
 */
async function claimInBatches(ctx: AppContext, claim: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await giveWay(ctx, () => claim(BATCH_LINES));
    total += claimed;
    if (claimed < BATCH_LINES) return total;
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
export async function runExpiryReminders(ctx: AppContext, now = new Date()): Promise<ReminderRunResult> {
  const days = await reminderDays(ctx);
  const today = isoDate(now);
  const until = addDays(today, days);
  let owners = 0;
  let lines = 0;
  const toRemind = await giveWay(ctx, () => remindersRepository.ownersToRemind(ctx.db, today, until));
  for (const ownerId of toRemind) {
    await claimInBatches(ctx, (limit) =>
      remindersRepository.claimBatch(ctx.db, ownerId, today, until, limit),
    );
    const told = await giveWay(ctx, () =>
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
    );
    await announceNotices(ctx, told.notified);
    if (told.lines > 0) {
      owners += 1;
      lines += told.lines;
    }
  }
  return { owners, lines, days, customers: await remindCustomers(ctx, today) };
}

/**
 * Mails each customer whose line (with an email) expires within their reseller's customer reminder
 * days, once per line and expiry date. Reseller by reseller, as the owners' round goes: only resellers
 * who chose a number of days, each one's due lines in batches (`claimInBatches`) looked up in that
 * reseller's own expiry window, never in a statement over every line. Each batch's claim and outbox
 * rows commit together; the delivery job sends the mails (with retries) after the commit.
 */
async function remindCustomers(ctx: AppContext, today: string): Promise<number> {
  let mailed = 0;
  const resellers = await giveWay(ctx, () => remindersRepository.resellersRemindingCustomers(ctx.db));
  for (const reseller of resellers) {
    mailed += await claimInBatches(ctx, (limit) =>
      ctx.db.transaction(async (tx) => {
        const due = await remindersRepository.claimDueCustomers(
          tx,
          reseller.id,
          today,
          addDays(today, reseller.days),
          limit,
        );
        await notificationsRepository.insert(
          tx,
          due.map((line) => customerReminderRow(line, ctx.config.publicUrl)),
          false,
        );
        return due.length;
      }),
    );
  }
  return mailed;
}

export async function runExpiryRemindersNow(ctx: AppContext): Promise<ReminderRunResult> {
  return ctx.jobs.track('expiry-reminders', () => runExpiryReminders(ctx));
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
