import type { Ticket, TicketAttachment, TicketAttachmentType, TicketReply } from '@linedesk/shared';
import type { AttachmentRow, ReplyRow, TicketRow, TicketSide } from './tickets.repository.js';

export function attachmentUrl(ticketId: number, attachmentId: string): string {
  return `/api/tickets/${ticketId}/attachments/${attachmentId}`;
}

export function toTicket(row: TicketRow, side: TicketSide): Ticket {
  // For admins a ticket no admin has opened yet is unread in itself, replies or not.
  const unread = row.unreadCount > 0 || (side === 'admin' && !row.isRead);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    category: row.category,
    user_id: row.userId,
    user_email: row.userEmail,
    assigned_to: row.assignedTo,
    assigned_to_email: row.assignedToEmail,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    is_read: row.isRead,
    reply_count: row.replyCount,
    unread_count: row.unreadCount,
    unread,
  };
}

function toAttachment(row: AttachmentRow): TicketAttachment {
  return {
    id: row.id,
    file_name: row.fileName,
    content_type: row.contentType as TicketAttachmentType,
    size: row.size,
    url: attachmentUrl(row.ticketId, row.id),
  };
}

export function toReply(row: ReplyRow): TicketReply {
  const attachment = row.attachment ? toAttachment(row.attachment) : null;
  return {
    id: row.id,
    ticket_id: row.ticketId,
    user_id: row.userId,
    user_email: row.userEmail,
    is_admin: row.isAdmin,
    content: row.content,
    attachment_url: attachment?.url ?? null,
    attachment,
    created_at: row.createdAt.toISOString(),
    is_read: row.isRead,
  };
}
