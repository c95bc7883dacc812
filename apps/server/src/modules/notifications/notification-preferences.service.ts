import {
  type NotificationChannel,
  type NotificationKind,
  notificationChannels,
  notificationDefault,
  notificationKinds,
  type NotificationPreferences,
  type UpdateNotificationPreferences,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { channelDriver } from './notification-channels.js';
import { notificationsRepository } from './notifications.repository.js';

/** Every account chooses its own notices; nobody reads or sets another account's. */
export async function getNotificationPreferences(
  ctx: AppContext,
  me: Actor,
): Promise<NotificationPreferences> {
  const [switches, facts] = await Promise.all([
    notificationsRepository.switchesOf(ctx.db, me.id),
    notificationsRepository.recipientFacts(ctx.db, me.id, ''),
  ]);
  const chosen = new Map(switches.map((s) => [`${s.kind}:${s.channel}`, s.enabled]));
  const ready = Object.fromEntries(
    notificationChannels.map((channel) => {
      const driver = channelDriver(channel);
      return [channel, Boolean(driver && facts && driver.ready(ctx, facts))];
    }),
  ) as NotificationPreferences['ready'];
  return {
    kinds: notificationKinds.map((kind) => ({
      kind,
      channels: Object.fromEntries(
        notificationChannels.map((channel) => [
          channel,
          chosen.get(`${kind}:${channel}`) ?? notificationDefault(kind, channel),
        ]),
      ) as NotificationPreferences['kinds'][number]['channels'],
    })),
    balance_threshold: facts?.balanceThreshold ?? null,
    ready,
    webhook_url: facts?.webhookUrl ?? null,
  };
}

export async function updateNotificationPreferences(
  ctx: AppContext,
  me: Actor,
  body: UpdateNotificationPreferences,
): Promise<NotificationPreferences> {
  await ctx.db.transaction(async (tx) => {
    if (body.switches) await notificationsRepository.setSwitches(tx, me.id, body.switches);
    if (body.balance_threshold !== undefined) {
      await notificationsRepository.upsertSettings(tx, me.id, { balanceThreshold: body.balance_threshold });
    }
  });
  return getNotificationPreferences(ctx, me);
}

/** One switch of an account (its choice, else the default), for areas that show it on their own pages. */
export async function channelSwitch(
  ctx: AppContext,
  accountId: string,
  kind: NotificationKind,
  channel: NotificationChannel,
): Promise<boolean> {
  const facts = await notificationsRepository.recipientFacts(ctx.db, accountId, kind);
  return facts?.switches.get(channel) ?? notificationDefault(kind, channel);
}

export async function setChannelSwitch(
  ctx: AppContext,
  accountId: string,
  kind: NotificationKind,
  channel: NotificationChannel,
  enabled: boolean,
): Promise<void> {
  await notificationsRepository.setSwitches(ctx.db, accountId, [{ kind, channel, enabled }]);
}
