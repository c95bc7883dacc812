import type { NotificationChannel } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { OutboxPayload, OutboxRow, RecipientFacts } from './notifications.repository.js';

/**
 * One way a notice reaches its account. `ready` decides, when the notice is written, whether the
 * recipient can be reached this way at all (email needs SMTP, a webhook its address); `deliver` sends
 * one outbox row and throws when it did not arrive (the job then retries it with backoff).
 *
 * `inCauseTransaction` channels are delivered by notify() itself, inside the transaction of the
 * change they report (the in-app message commits with its cause); the others by the delivery job
 * after the commit, at least once: a crash between sending and recording it sends again, with the
 * same outbox id for the receiver to recognise it.
 */
export type NotificationChannelDriver = {
  kind: NotificationChannel;
  inCauseTransaction: boolean;
  /**
   * Whether the channel sends the notice's facts (`data`) as well as its text. Only a webhook does;
   * the other rows leave them out, which for a digest of a thousand lines is most of the row.
   */
  sendsData: boolean;
  ready: (ctx: AppContext, recipient: RecipientFacts) => boolean;
  deliver: (ctx: AppContext, db: Db, row: OutboxRow & { payload: OutboxPayload }) => Promise<DeliveryResult>;
};

/** An in-app delivery reports the message it wrote, for the bell to be lit after the commit. */
export type DeliveryResult = { messageId?: number };

/** Thrown by `deliver` when sending again cannot help: the row is given up at once, not retried. */
export class FinalDeliveryError extends Error {
  override name = 'FinalDeliveryError';
}
