import type { NotificationChannel } from '@linedesk/shared';
import { emailChannel } from './channels/email-channel.js';
import { inAppChannel } from './channels/in-app-channel.js';
import { webhookChannel } from './channels/webhook-channel.js';
import type { NotificationChannelDriver } from './notification-channel.js';

/**
 * Every channel notices can go to. A channel that is not listed here (Telegram until its module adds
 * `channels/telegram-channel.ts` over `sendTelegramMessage`) gets no outbox rows, whatever the
 * account's switches say.
 */
export const notificationChannelDrivers: readonly NotificationChannelDriver[] = [
  inAppChannel,
  emailChannel,
  webhookChannel,
];

export function channelDriver(kind: string): NotificationChannelDriver | undefined {
  return notificationChannelDrivers.find((driver) => driver.kind === (kind as NotificationChannel));
}
