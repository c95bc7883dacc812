import { notificationDefault, type NotificationChannel } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { toLanguage } from '../../i18n/server-texts.js';
import { announceDirectMessage } from '../messages/message-sender.js';
import type { NotificationChannelDriver } from './notification-channel.js';
import { notificationChannelDrivers } from './notification-channels.js';
import { isSwitchable, noticeText, type Notice } from './notification-texts.js';
import {
  notificationsRepository,
  type NewOutboxRow,
  type OutboxPayload,
} from './notifications.repository.js';

/**
 * What notify() wrote: the in-app messages to announce after the commit, how many rows it queued for
 * the delivery job, and the channels used.
 */
export type Notified = {
  messages: { id: number; recipientId: string }[];
  queued: number;
  channels: NotificationChannel[];
};

export const nothingNotified = (): Notified => ({ messages: [], queued: 0, channels: [] });

/**
 * Tells one account something, on each channel it has switched on for the kind and can be reached
 * on. Call it with the transaction of the change it reports: its outbox rows (and the in-app
 * message) commit or roll back with that change, so a notice is never lost nor sent for a change
 * that did not happen. The texts of mails, bot answers and webhooks are written now, in the
 * recipient's language; the in-app message keeps the kind and params and is written in its reader's
 * language at each read. The delivery job sends the rows of the other channels after the commit.
 * Call `announceNotices` after the commit.
 *
 * A new kind of notice: its params in `NoticeParams`, its text in `noticeText` (notification-texts.ts)
 * and the server locale files, its switch in the shared notification kinds; then call
 * `notify(ctx, tx, accountId, { kind, params })`. Nothing else writes notice texts.
 */
export async function notify(
  ctx: AppContext,
  tx: Db,
  recipientId: string,
  notice: Notice,
): Promise<Notified> {
  const recipient = await notificationsRepository.recipientFacts(tx, recipientId, notice.kind);
  if (!recipient || recipient.banned) return nothingNotified();
  const text = noticeText(toLanguage(recipient.language), notice, ctx.config.publicUrl);
  const payload: OutboxPayload = { ...text, data: notice.params };
  const drivers = notificationChannelDrivers.filter((driver) => {
    const enabled = isSwitchable(notice.kind)
      ? (recipient.switches.get(driver.kind) ?? notificationDefault(notice.kind, driver.kind))
      : true;
    return enabled && driver.ready(ctx, recipient);
  });
  const row = (driver: NotificationChannelDriver): NewOutboxRow => ({
    recipientId,
    kind: notice.kind,
    channel: driver.kind,
    payload: driver.sendsData ? payload : { ...payload, data: null },
  });
  const inline = drivers.filter((driver) => driver.inCauseTransaction);
  const queued = drivers.filter((driver) => !driver.inCauseTransaction);

  const notified: Notified = { ...nothingNotified(), channels: drivers.map((driver) => driver.kind) };
  const inlineRows = inline.map(row);
  const written = await notificationsRepository.insert(tx, inlineRows, true);
  for (const [index, driver] of inline.entries()) {
    // The in-cause channels get the notice's facts whatever their row keeps: the in-app message
    // stores them to write its text again in the reader's language at each read.
    const result = await driver.deliver(ctx, tx, { ...written[index]!, payload });
    if (result.messageId !== undefined) notified.messages.push({ id: result.messageId, recipientId });
  }
  notified.queued = (await notificationsRepository.insert(tx, queued.map(row), false)).length;
  return notified;
}

/** notify() for several recipients of the same notice (an owner and every admin). */
export async function notifyEach(
  ctx: AppContext,
  tx: Db,
  recipientIds: readonly string[],
  notice: Notice,
): Promise<Notified> {
  const all = nothingNotified();
  for (const recipientId of new Set(recipientIds)) {
    const one = await notify(ctx, tx, recipientId, notice);
    all.messages.push(...one.messages);
    all.queued += one.queued;
    all.channels.push(...one.channels.filter((channel) => !all.channels.includes(channel)));
  }
  return all;
}

/** notify() for every administrator, and any other accounts named (a line's owner). */
export async function notifyAdmins(
  ctx: AppContext,
  tx: Db,
  notice: Notice,
  alsoTo: readonly string[] = [],
): Promise<Notified> {
  return notifyEach(ctx, tx, [...alsoTo, ...(await notificationsRepository.adminIds(tx))], notice);
}

/** After the commit: lights each recipient's bell for the in-app messages just written. */
export async function announceNotices(ctx: AppContext, ...results: Notified[]): Promise<void> {
  for (const result of results) {
    for (const message of result.messages)
      await announceDirectMessage(ctx.bus, message.id, message.recipientId);
  }
}
