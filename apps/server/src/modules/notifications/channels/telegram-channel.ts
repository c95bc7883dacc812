import { sendTelegramMessage, TelegramSendError } from '../../telegram/telegram-send.js';
import { FinalDeliveryError, type NotificationChannelDriver } from '../notification-channel.js';

/**
 * A message from the panel's bot in the chat the account linked (`/start <code>`). A refusal that
 * sending again cannot fix (no chat linked any more, the bot switched off, the user blocked it) ends
 * the delivery at once instead of being retried; it shows in the account's delivery failures.
 */
export const telegramChannel: NotificationChannelDriver = {
  kind: 'telegram',
  inCauseTransaction: false,
  sendsData: false,
  ready: (_ctx, recipient) => recipient.telegramLinked,
  deliver: async (ctx, _db, row) => {
    const { title, content, link } = row.payload;
    const text = [title, content, content.includes(link) ? '' : link].filter(Boolean).join('\n\n');
    try {
      await sendTelegramMessage(ctx, row.recipientId, text);
    } catch (error) {
      if (error instanceof TelegramSendError && !error.retryable) throw new FinalDeliveryError(error.message);
      throw error;
    }
    return {};
  },
};
