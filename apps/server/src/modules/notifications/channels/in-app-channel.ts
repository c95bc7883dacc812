import type { NotificationChannelDriver } from '../notification-channel.js';
import { notificationsRepository } from '../notifications.repository.js';

/** A message in the panel and the bell, as messages to one account have always been. */
export const inAppChannel: NotificationChannelDriver = {
  kind: 'in_app',
  inCauseTransaction: true,
  sendsData: false,
  ready: () => true,
  deliver: async (_ctx, db, row) => ({
    messageId: await notificationsRepository.insertMessageOnce(db, {
      id: row.id,
      recipientId: row.recipientId,
      title: row.payload.title,
      content: row.payload.content,
      text: row.payload.data === null ? null : { code: row.kind, params: row.payload.data },
    }),
  }),
};
