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
import { announceNotices, notify, type Notified } from '../notifications/notify.js';
import { appSettingsRepository } from '../settings/app-settings.repository.js';
import { updateSetting } from '../settings/app-settings.service.js';
import { customerReminderRow } from './customer-reminder-mail.js';
import { remindersRepository, type DueLine } from './reminders.repository.js';

const DAYS_KEY = 'reminders.days';

async function reminderDays(ctx: AppContext): Promise<number> {
  return appSettingsRepository.get(ctx.db, DAYS_KEY, DEFAULT_REMINDER_DAYS);
}

function groupByOwner(lines: DueLine[]): Map<string, DueLine[]> {
  const byOwner = new Map<string, DueLine[]>();
  for (const line of lines) byOwner.set(line.ownerId, [...(byOwner.get(line.ownerId) ?? []), line]);
  return byOwner;
}

/**
 * Tells each owner once (a digest, on the channels the owner chose) about their lines that expire in
 * the next N days, each line once per expiry date; then mails the customers their own reminders
 * (`remindCustomers`). Safe to run from every instance at once: the claim
 * and the notices commit together, and a claimed line is never listed again.
 */
export async function runExpiryReminders(ctx: AppContext, now = new Date()): Promise<ReminderRunResult> {
  const days = await reminderDays(ctx);
  const today = isoDate(now);
  const until = addDays(today, days);
  const { owners, lines, notified } = await ctx.db.transaction(async (tx) => {
    const due = groupByOwner(await remindersRepository.claimDue(tx, today, until));
    const sent: Notified[] = [];
    for (const [ownerId, owned] of due) {
      sent.push(
        await notify(ctx, tx, ownerId, {
          kind: 'lines_expiring',
          params: {
            days,
            lines: owned.map((line) => ({ username: line.username, expiry_date: line.expiryDate })),
          },
        }),
      );
    }
    return {
      owners: due.size,
      lines: [...due.values()].reduce((sum, owned) => sum + owned.length, 0),
      notified: sent,
    };
  });
  await announceNotices(ctx, ...notified);
  return { owners, lines, days, customers: await remindCustomers(ctx, today) };
}

/**
 * Mails each customer whose line (with an email) expires within their reseller's customer reminder
 * days, once per line and expiry date. The claim and the outbox rows commit together; the delivery
 * job sends the mails (with retries) after the commit.
 */
async function remindCustomers(ctx: AppContext, today: string): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const due = await remindersRepository.claimDueCustomers(tx, today);
    await notificationsRepository.insert(
      tx,
      due.map((line) => customerReminderRow(line, ctx.config.publicUrl)),
      false,
    );
    return due.length;
  });
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
