import type { NotificationChannelDriver } from '../notification-channel.js';
import { notificationsRepository } from '../notifications.repository.js';
import { postWebhook } from '../webhook-request.js';

/** The JSON a webhook receives; documented in docs/notifications.md. */
export function webhookBody(row: {
  id: number;
  kind: string;
  createdAt: Date;
  payload: { title: string; content: string; link: string; data: unknown };
}): string {
  return JSON.stringify({
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    data: row.payload.data,
    text: { title: row.payload.title, content: row.payload.content, link: row.payload.link },
  });
}

/**
 * A signed HTTPS POST to the account's own address (a shop, a bot), with the address and secret
 * read at send time, so a changed address or a rotated secret applies to what is still queued.
 */
export const webhookChannel: NotificationChannelDriver = {
  kind: 'webhook',
  inCauseTransaction: false,
  sendsData: true,
  ready: (_ctx, recipient) => recipient.webhookUrl !== null,
  deliver: async (ctx, db, row) => {
    const settings = await notificationsRepository.settingsOf(db, row.recipientId);
    if (!settings?.webhookUrl || !settings.webhookSecretSealed) return {};
    await postWebhook(
      settings.webhookUrl,
      {
        id: row.id,
        body: webhookBody(row),
        secret: ctx.webhookSecrets.decrypt(settings.webhookSecretSealed),
      },
      {
        allowPrivate: ctx.config.notifications.allowPrivateWebhookTargets,
        timeoutMs: ctx.config.notifications.webhookTimeoutMs,
      },
    );
    return {};
  },
};
