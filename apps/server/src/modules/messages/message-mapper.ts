import type { Message } from '@linedesk/shared';
import type { MessageRow } from './messages.repository.js';

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    is_global: row.isGlobal,
    recipient_id: row.recipientId,
    recipient_email: row.recipientEmail,
    created_by: row.createdBy,
    created_by_email: row.createdByEmail,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
  };
}
