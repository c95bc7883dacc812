import { z } from 'zod';
import { defineContract } from '../contract.js';
import { listResponseSchema } from '../list.js';
import { idParamsSchema } from '../schema-blocks.js';
import {
  ticketAssigneeSchema,
  ticketCreateBodySchema,
  ticketDetailSchema,
  ticketListQuerySchema,
  ticketMailPreferenceSchema,
  ticketPatchBodySchema,
  ticketReplySchema,
  ticketSchema,
  ticketSetupStatusSchema,
  ticketUnreadCountSchema,
} from '../ticket.js';

const tags = ['tickets'];

/** The ticket pages word a signed-out refusal as 'User not authenticated'. */
const signedIn = { signedIn: 'USER_NOT_AUTHENTICATED' } as const;

const attachmentParamsSchema = idParamsSchema.extend({ attachmentId: z.string().min(1).max(64) });

export const list = defineContract({
  method: 'GET',
  path: '/api/tickets',
  access: signedIn,
  tags,
  summary: 'Tickets, newest first (users: their own; admins: all)',
  query: ticketListQuerySchema,
  response: listResponseSchema(ticketSchema),
  errors: ['USER_NOT_AUTHENTICATED'],
});

export const create = defineContract({
  method: 'POST',
  path: '/api/tickets',
  access: signedIn,
  tags,
  summary: 'Open a ticket (status open, unread by admins)',
  body: ticketCreateBodySchema,
  status: 201,
  response: ticketSchema,
  errors: ['TICKET_CREATE_FAILED'],
});

export const unreadCount = defineContract({
  method: 'GET',
  path: '/api/tickets/unread-count',
  access: signedIn,
  tags,
  summary: 'Tickets with something unread for the caller (navigation badge)',
  response: ticketUnreadCountSchema,
  errors: ['USER_NOT_AUTHENTICATED'],
});

export const assignees = defineContract({
  method: 'GET',
  path: '/api/tickets/assignees',
  // Signed out answers the ticket pages' own code; the service refuses non-admins.
  access: signedIn,
  tags,
  summary: 'Admin accounts a ticket can be assigned to (admin)',
  response: z.array(ticketAssigneeSchema),
  errors: ['ADMIN_ONLY'],
});

export const setupStatus = defineContract({
  method: 'GET',
  path: '/api/tickets/setup-status',
  access: 'admin',
  tags,
  summary: 'Schema version, applied migrations and a rolled-back write/read test (admin)',
  response: ticketSetupStatusSchema,
  errors: ['ADMIN_ONLY'],
});

export const getMailPreference = defineContract({
  method: 'GET',
  path: '/api/tickets/mail-preference',
  access: signedIn,
  tags,
  summary: "The caller's choice: a mail when the other side replies to a ticket",
  response: ticketMailPreferenceSchema,
  errors: ['USER_NOT_AUTHENTICATED'],
});

export const setMailPreference = defineContract({
  method: 'PUT',
  path: '/api/tickets/mail-preference',
  access: signedIn,
  tags,
  summary: 'Turn reply mails on or off for the caller',
  body: ticketMailPreferenceSchema,
  response: ticketMailPreferenceSchema,
  errors: ['USER_NOT_AUTHENTICATED'],
});

export const get = defineContract({
  method: 'GET',
  path: '/api/tickets/:id',
  access: signedIn,
  tags,
  summary: "A ticket with its replies; marks the other side's replies read for the caller",
  params: idParamsSchema,
  response: ticketDetailSchema,
  errors: ['TICKET_NOT_FOUND'],
});

export const update = defineContract({
  method: 'PATCH',
  path: '/api/tickets/:id',
  access: signedIn,
  tags,
  summary: 'Admins: status, priority, assignee. Owner: close or reopen',
  params: idParamsSchema,
  body: ticketPatchBodySchema,
  response: ticketSchema,
  errors: ['TICKET_NOT_FOUND', 'TICKET_OWNER_CLOSE_REOPEN_ONLY', 'TICKET_ASSIGNEE_NOT_ADMIN'],
});

export const remove = defineContract({
  method: 'DELETE',
  path: '/api/tickets/:id',
  // Owners learn that only admins delete, others that there is no such ticket: the service decides.
  access: signedIn,
  tags,
  summary: 'Delete a ticket with its replies and files (admin)',
  params: idParamsSchema,
  status: 204,
  response: null,
  errors: ['TICKET_NOT_FOUND', 'ADMIN_ONLY'],
});

export const listReplies = defineContract({
  method: 'GET',
  path: '/api/tickets/:id/replies',
  access: signedIn,
  tags,
  summary: 'Replies in order, oldest first (owner, admin)',
  params: idParamsSchema,
  response: z.array(ticketReplySchema),
  errors: ['TICKET_NOT_FOUND'],
});

/**
 * The body is JSON `{content}` or a multipart form, so it has no schema here: the server reads and
 * checks it itself, after the access check, so an upload the caller may not make is never stored.
 */
export const addReply = defineContract({
  method: 'POST',
  path: '/api/tickets/:id/replies',
  access: { signedIn: 'REPLY_REQUIRES_LOGIN' },
  tags,
  summary: 'Reply (owner, admin)',
  description:
    'JSON `{content}`, or multipart/form-data with a `content` field and a `file` (PNG, JPEG, GIF, WebP or PDF, at most 5 MB; the type is checked from the bytes).',
  params: idParamsSchema,
  status: 201,
  response: ticketReplySchema,
  errors: [
    'TICKET_NOT_FOUND',
    'REPLY_FORBIDDEN',
    'TICKET_CLOSED',
    'REPLY_CONTENT_REQUIRED',
    'ATTACHMENT_TOO_LARGE',
    'ATTACHMENT_TYPE_NOT_ALLOWED',
  ],
});

/** A file, read by URL (an image or a download link), not through the client. */
export const downloadAttachment = defineContract({
  method: 'GET',
  path: '/api/tickets/:id/attachments/:attachmentId',
  access: signedIn,
  tags,
  summary: 'Download a reply attachment (owner, admin)',
  params: attachmentParamsSchema,
  response: null,
  errors: ['TICKET_NOT_FOUND', 'ATTACHMENT_NOT_FOUND'],
});
