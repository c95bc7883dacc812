import type { NotificationChannelDriver } from '../notification-channel.js';
import { notificationsRepository } from '../notifications.repository.js';

/**
 * A mail over the panel's SMTP server, to the address the account has when it is sent (or to the
 * customer the row names in `to`). Without SMTP the mail goes to the server log, as every panel mail
 * does then.
 */
export const emailChannel: NotificationChannelDriver = {
  kind: 'email',
  inCauseTransaction: false,
  sendsData: false,
  ready: () => true,
  deliver: async (ctx, db, row) => {
    const account = await notificationsRepository.recipientEmail(db, row.recipientId);
    // A deleted or banned account is not written to; there is nothing left to retry.
    if (!account || account.banned) return {};
    const { title, content, link } = row.payload;
    await ctx.mailer.send({
      to: row.payload.to ?? account.email,
      subject: title,
      text: content.includes(link) ? content : `${content}\n\n${link}`,
      link,
      deliveryId: row.id,
    });
    return {};
  },
};
