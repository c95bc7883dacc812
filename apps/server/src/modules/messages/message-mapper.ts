import type { Language, Message } from '@linedesk/shared';
import { storedPanelText } from './message-texts.js';
import type { MessageRow } from './messages.repository.js';

/** Who reads the message: a panel message is written in their language. */
export type MessageReader = { language: Language; publicUrl: string };

export function toMessage(row: MessageRow, reader: MessageReader): Message {
  const text = storedPanelText(reader.language, row.textCode, row.textParams, reader.publicUrl);
  return {
    id: row.id,
    title: text?.title ?? row.title,
    content: text?.content ?? row.content,
    is_global: row.isGlobal,
    recipient_id: row.recipientId,
    recipient_email: row.recipientEmail,
    created_by: row.createdBy,
    created_by_email: row.createdByEmail,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
  };
}
