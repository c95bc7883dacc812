import { z } from 'zod';
import { nonEmptyPatch, text } from './schema-blocks.js';
import { listQuerySchema } from './list.js';

/**
 * Support tickets and their replies.
 *
 * Endpoints (signed in; "owner" = the ticket's user_id; other users' tickets answer 404):
 * - GET    /api/tickets                  ?page,page_size,search,status,priority,category,assigned_to,active
 *                                         → ListResponse<Ticket> (users: own, admins: all; newest first)
 * - POST   /api/tickets                  TicketCreateBody → 201 Ticket
 * - GET    /api/tickets/unread-count     → TicketUnreadCount (nav badge)
 * - GET    /api/tickets/assignees        (admin) → TicketAssignee[]
 * - GET    /api/tickets/setup-status     (admin) → TicketSetupStatus
 * - GET/PUT /api/tickets/mail-preference TicketMailPreference (the caller's own)
 * - GET    /api/tickets/:id              → TicketDetail (marks the other side's replies read)
 * - PATCH  /api/tickets/:id              TicketPatchBody → Ticket (admin: all; owner: close/reopen)
 * - DELETE /api/tickets/:id              (admin) → 204
 * - GET    /api/tickets/:id/replies      → TicketReply[] (oldest first)
 * - POST   /api/tickets/:id/replies      JSON TicketReplyCreateBody, or multipart (content + file)
 *                                         → 201 TicketReply
 * - GET    /api/tickets/:id/attachments/:attachmentId → the file
 * Live: SSE events `tickets` and `ticket_replies` (id = ticket id) to the owner and admins.
 */
export const ticketStatuses = ['open', 'in_progress', 'closed', 'pending'] as const;
export const ticketStatusSchema = z.enum(ticketStatuses);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

export const ticketPriorities = ['low', 'medium', 'high', 'urgent'] as const;
export const ticketPrioritySchema = z.enum(ticketPriorities);
export type TicketPriority = z.infer<typeof ticketPrioritySchema>;

export const ticketCategories = ['general', 'technical', 'billing', 'account', 'other'] as const;
export const ticketCategorySchema = z.enum(ticketCategories);
export type TicketCategory = z.infer<typeof ticketCategorySchema>;

/** A ticket that is not closed still needs someone's attention: it counts as active. */
export function isActiveTicket(status: TicketStatus): boolean {
  return status !== 'closed';
}

/**
 * Only an active ticket takes replies: a closed one is reopened first, so that no answer sits unseen
 * on a conversation both sides consider over. The web hides the reply box by the same rule.
 */
export function ticketAcceptsReplies(status: TicketStatus): boolean {
  return isActiveTicket(status);
}

/** Attachments on replies: an image or a PDF up to 5 MB. */
export const TICKET_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ticketAttachmentTypes = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const;
export type TicketAttachmentType = (typeof ticketAttachmentTypes)[number];
/** For `<input type="file" accept=...>`; the server checks the real type by content, not by name. */
export const TICKET_ATTACHMENT_ACCEPT =
  '.png,.jpg,.jpeg,.gif,.webp,.pdf,image/png,image/jpeg,image/gif,image/webp,application/pdf';

export const TICKET_TITLE_MAX = 200;
export const TICKET_TEXT_MAX = 10_000;

export const ticketSchema = z.object({
  id: z.number().int(),
  title: text(),
  description: text(),
  status: ticketStatusSchema,
  priority: ticketPrioritySchema,
  category: ticketCategorySchema,
  /** The owner. */
  user_id: text(),
  user_email: text(),
  /** An admin account, or null when unassigned. */
  assigned_to: text().nullable(),
  assigned_to_email: text().nullable(),
  created_at: text(),
  updated_at: text(),
  /** Admins have seen the ticket (spec's is_read). */
  is_read: z.boolean(),
  reply_count: z.number().int(),
  /**
   * For the caller: replies from the other side not yet read (for an admin, a ticket no admin has
   * opened yet counts as unread too).
   */
  unread_count: z.number().int(),
  unread: z.boolean(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketCreateBodySchema = z.object({
  title: text().trim().min(1).max(TICKET_TITLE_MAX),
  description: text().trim().min(1).max(TICKET_TEXT_MAX),
  priority: ticketPrioritySchema.default('medium'),
  category: ticketCategorySchema.default('general'),
});
export type TicketCreateBody = z.infer<typeof ticketCreateBodySchema>;
export type TicketCreateInput = z.input<typeof ticketCreateBodySchema>;

/**
 * Admins may change status, priority and assignee (an admin account id, null = unassigned). The owner
 * may only close (status 'closed') or reopen (status 'open') their own ticket.
 */
export const ticketPatchBodySchema = nonEmptyPatch(
  z.object({
    status: ticketStatusSchema.optional(),
    priority: ticketPrioritySchema.optional(),
    assigned_to: text().min(1).nullable().optional(),
  }),
);
export type TicketPatchBody = z.infer<typeof ticketPatchBodySchema>;

export const ticketListQuerySchema = listQuerySchema.extend({
  status: ticketStatusSchema.optional(),
  priority: ticketPrioritySchema.optional(),
  category: ticketCategorySchema.optional(),
  /** An account id, or 'none' for unassigned tickets (admins only; ignored for users). */
  assigned_to: text().min(1).max(100).optional(),
  /** 'active' = every status but closed. */
  active: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

export const ticketAttachmentSchema = z.object({
  id: text(),
  file_name: text(),
  content_type: z.enum(ticketAttachmentTypes),
  size: z.number().int(),
  /** `/api/tickets/:id/attachments/:attachmentId`, served only to those who may see the ticket. */
  url: text(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketReplySchema = z.object({
  id: z.number().int(),
  ticket_id: z.number().int(),
  user_id: text().nullable(),
  user_email: text().nullable(),
  is_admin: z.boolean(),
  content: text(),
  /** Same as attachment.url (the spec's field); null without an attachment. */
  attachment_url: text().nullable(),
  attachment: ticketAttachmentSchema.nullable(),
  created_at: text(),
  /** Read by the other side (the owner for admin replies, an admin for the owner's). */
  is_read: z.boolean(),
});
export type TicketReply = z.infer<typeof ticketReplySchema>;

/**
 * JSON body of `POST /api/tickets/:id/replies`. With an attachment, send multipart/form-data instead:
 * a `content` text field and a `file` file field; content may then be empty.
 */
export const ticketReplyCreateBodySchema = z.object({
  content: text().trim().min(1, { error: 'REPLY_CONTENT_REQUIRED' }).max(TICKET_TEXT_MAX),
});
export type TicketReplyCreateBody = z.infer<typeof ticketReplyCreateBodySchema>;

/** `GET /api/tickets/:id`: the ticket with its replies in order (oldest first). */
export const ticketDetailSchema = ticketSchema.extend({ replies: z.array(ticketReplySchema) });
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** `GET /api/tickets/unread-count` for the side navigation badge. */
export const ticketUnreadCountSchema = z.object({ count: z.number().int() });
export type TicketUnreadCount = z.infer<typeof ticketUnreadCountSchema>;

/** `GET/PUT /api/tickets/mail-preference`: mail the caller when the other side replies. */
export const ticketMailPreferenceSchema = z.object({ ticket_reply_mail: z.boolean() });
export type TicketMailPreference = z.infer<typeof ticketMailPreferenceSchema>;

/** Admins to pick an assignee from (`GET /api/tickets/assignees`). */
export const ticketAssigneeSchema = z.object({ id: text(), email: text() });
export type TicketAssignee = z.infer<typeof ticketAssigneeSchema>;

export const setupStepSchema = z.object({
  name: z.enum(['insert_ticket', 'read_ticket', 'insert_reply', 'read_reply', 'rollback']),
  ok: z.boolean(),
  duration_ms: z.number(),
  error: text().nullable(),
});
export type SetupStep = z.infer<typeof setupStepSchema>;

/** `GET /api/tickets/setup-status` (admin): what the spec's /tickets/setup page shows now. */
export const ticketSetupStatusSchema = z.object({
  database: z.enum(['pglite', 'postgres']),
  /** Tag of the latest applied migration, e.g. "0007_support". */
  schema_version: text().nullable(),
  migrations: z.object({ count: z.number().int(), names: z.array(text()) }),
  /** Insert and read back a ticket and a reply inside a transaction that is always rolled back. */
  self_test: z.object({ ok: z.boolean(), steps: z.array(setupStepSchema) }),
  checked_at: text(),
});
export type TicketSetupStatus = z.infer<typeof ticketSetupStatusSchema>;
