import type { Db } from '../../db/client.js';
import { messages } from '../../db/schema.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { PanelText } from './message-texts.js';

export type DirectMessage = {
  recipientId: string;
  /** The text as written now in the recipient's language, shown where the code is not known. */
  title: string;
  content: string;
  /** What the message says as a code and values: every read writes it in the reader's language. */
  text: PanelText;
  /** Null when the panel itself is the sender (top-up decisions, reminders). */
  createdBy: string | null;
};

/**
 * Writes a message to one account, for features that notify (top-ups, reminders). Pass the caller's
 * transaction as `tx` so the message commits with the change it reports; call `announce` after the
 * commit so the recipient's bell lights up.
 */
export async function insertDirectMessage(tx: Db, message: DirectMessage): Promise<number> {
  const [row] = await tx
    .insert(messages)
    .values({
      title: message.title,
      content: message.content,
      textCode: message.text.kind,
      textParams: message.text.params,
      isGlobal: false,
      recipientId: message.recipientId,
      createdBy: message.createdBy,
    })
    .returning({ id: messages.id });
  return row!.id;
}

export async function announceDirectMessage(bus: EventBus, id: number, recipientId: string): Promise<void> {
  await bus.publish({ table: 'messages', action: 'insert', id: String(id), audience: [recipientId] });
}
