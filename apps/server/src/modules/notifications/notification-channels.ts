import type { NotificationChannel } from '@linedesk/shared';
import { emailChannel } from './channels/email-channel.js';
import { inAppChannel } from './channels/in-app-channel.js';
import { telegramChannel } from './channels/telegram-channel.js';
import { webhookChannel } from './channels/webhook-channel.js';
import type { NotificationChannelDriver } from './notification-channel.js';

/** Every channel notices can go to; a channel not listed here gets no outbox rows, whatever the switches say. */
export const notificationChannelDrivers: readonly NotificationChannelDriver[] = [
  inAppChannel,
  emailChannel,
  webhookChannel,
  telegramChannel,
];

export function channelDriver(kind: string): NotificationChannelDriver | undefined {
  return notificationChannelDrivers.find((driver) => driver.kind === (kind as NotificationChannel));
}
