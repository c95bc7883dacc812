import {
  addDays,
  DEFAULT_REMINDER_DAYS,
  isoDate,
  toDisplayDate,
  type ReminderPreference,
  type ReminderRunResult,
  type Language,
  type ReminderSettings,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { translate } from '../../i18n/server-texts.js';
import type { Actor } from '../../platform/access.js';
import { announceDirectMessage, insertDirectMessage } from '../messages/message-sender.js';
import { recipientLanguages } from '../locale/account-language.service.js';
import { appSettingsRepository } from '../settings/app-settings.repository.js';
import { updateSetting } from '../settings/app-settings.service.js';
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

function reminderText(
  language: Language,
  lines: DueLine[],
  days: number,
): { title: string; content: string } {
  // The expiry date is written DD-MM-YYYY in every language (the spec's rule for a line's expiry).
  const list = lines.map((line) => `- ${line.username}: ${toDisplayDate(line.expiryDate)}`).join('\n');
  return {
    title: translate(language, 'reminders.title', { count: lines.length }),
    content: translate(language, 'reminders.content', { count: days, list }),
  };
}

/**
 * Sends each owner one message (and a mail when SMTP is configured) listing their lines that expire in
 * the next N days, each line once per expiry date. Safe to run from every instance at once: the claim
 * and the messages commit together, and a claimed line is never listed again.
 */
export async function runExpiryReminders(ctx: AppContext, now = new Date()): Promise<ReminderRunResult> {
  const days = await reminderDays(ctx);
  const today = isoDate(now);
  const until = addDays(today, days);
  const sent = await ctx.db.transaction(async (tx) => {
    const due = groupByOwner(await remindersRepository.claimDue(tx, today, until));
    const languageOf = await recipientLanguages(tx, [...due.keys()]);
    const messages: { id: number; ownerId: string; lines: DueLine[]; language: Language }[] = [];
    for (const [ownerId, lines] of due) {
      const language = languageOf(ownerId);
      const id = await insertDirectMessage(tx, {
        recipientId: ownerId,
        createdBy: null,
        ...reminderText(language, lines, days),
      });
      messages.push({ id, ownerId, lines, language });
    }
    return messages;
  });

  for (const message of sent) await announceDirectMessage(ctx.bus, message.id, message.ownerId);
  if (ctx.mailer.transport === 'smtp' && sent.length > 0) {
    const emails = await remindersRepository.ownerEmails(
      ctx.db,
      sent.map((m) => m.ownerId),
    );
    for (const message of sent) {
      const to = emails.get(message.ownerId);
      if (!to) continue;
      const { title, content } = reminderText(message.language, message.lines, days);
      // A mail that fails must not undo the reminder: the message in the panel already stands.
      await ctx.mailer
        .send({ to, subject: title, text: content, link: `${ctx.config.publicUrl}/users/all` })
        .catch((error: unknown) => ctx.log.error({ err: error, to }, 'Expiry reminder mail failed'));
    }
  }
  return { owners: sent.length, lines: sent.reduce((sum, m) => sum + m.lines.length, 0), days };
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
