import type { Ticket, TicketAssignee, TicketDetail, TicketReply, TicketSetupStatus } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

// The same reseller as in the lines examples, and the admin who answers tickets.
const reseller = { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', email: 'reseller@example.com' };
const admin: TicketAssignee = { id: 'Qw8nT4sLm2Vx6RbE', email: 'support@example.com' };

const ticket: Ticket = {
  id: 118,
  title: 'Line shop-1042 cannot connect since this morning',
  description:
    'The customer gets "connection refused" on tv.example.com:12000 since about 07:00. The line is active and was renewed last week.',
  status: 'in_progress',
  priority: 'high',
  category: 'technical',
  user_id: reseller.id,
  user_email: reseller.email,
  assigned_to: admin.id,
  assigned_to_email: admin.email,
  created_at: '2026-11-22T09:14:03.512Z',
  updated_at: '2026-11-22T10:02:47.031Z',
  is_read: true,
  reply_count: 2,
  unread_count: 1,
  unread: true,
};

const attachmentId = '3f6c1a9e-8b2d-4c7e-9a41-5d0e2b7f6c13';

const replies: TicketReply[] = [
  {
    id: 407,
    ticket_id: ticket.id,
    user_id: admin.id,
    user_email: admin.email,
    is_admin: true,
    content: 'Frankfurt 1 was restarted at 06:55 and its CCcam port did not come back. Checking it now.',
    attachment_url: null,
    attachment: null,
    created_at: '2026-11-22T09:41:18.204Z',
    is_read: true,
  },
  {
    id: 409,
    ticket_id: ticket.id,
    user_id: reseller.id,
    user_email: reseller.email,
    is_admin: false,
    content: 'Thanks. Here is what the receiver shows.',
    attachment_url: `/api/tickets/${ticket.id}/attachments/${attachmentId}`,
    attachment: {
      id: attachmentId,
      file_name: 'receiver-error.png',
      content_type: 'image/png',
      size: 184_322,
      url: `/api/tickets/${ticket.id}/attachments/${attachmentId}`,
    },
    created_at: '2026-11-22T10:02:47.031Z',
    is_read: false,
  },
];

const detail: TicketDetail = { ...ticket, unread_count: 0, unread: false, replies };

const setupStatus: TicketSetupStatus = {
  database: 'postgres',
  schema_version: '0011_dashboard_renewals',
  migrations: {
    count: 12,
    names: [
      '0000_init',
      '0001_fixed_groups',
      '0002_servers',
      '0003_credits_lines_messages',
      '0004_api_keys',
      '0005_support',
      '0006_credits_economy',
      '0007_line_sync_lease',
      '0008_expiry_reminders',
      '0009_lines_owner_expiry_idx',
      '0010_lines_search_text',
      '0011_dashboard_renewals',
    ],
  },
  self_test: {
    ok: true,
    steps: [
      { name: 'insert_ticket', ok: true, duration_ms: 2.41, error: null },
      { name: 'read_ticket', ok: true, duration_ms: 0.87, error: null },
      { name: 'insert_reply', ok: true, duration_ms: 1.95, error: null },
      { name: 'read_reply', ok: true, duration_ms: 0.72, error: null },
      { name: 'rollback', ok: true, duration_ms: 1.12, error: null },
    ],
  },
  checked_at: '2026-11-22T10:15:30.118Z',
};

export const ticketExamples: RouteExamples = {
  'GET /api/tickets': {
    query: {
      page: 1,
      page_size: 25,
      active: 'true',
      priority: 'high',
      search: 'shop-1042',
      sort: 'updated_at',
    },
    response: { items: [ticket], total: 1, page: 1, page_size: 25 },
  },
  'POST /api/tickets': {
    body: {
      title: ticket.title,
      description: ticket.description,
      priority: 'high',
      category: 'technical',
    },
    // A new ticket: open, unassigned, and unread by admins.
    response: {
      ...ticket,
      status: 'open',
      assigned_to: null,
      assigned_to_email: null,
      updated_at: ticket.created_at,
      is_read: false,
      reply_count: 0,
      unread_count: 0,
      unread: false,
    },
    errors: ['USER_NOT_AUTHENTICATED'],
  },
  'GET /api/tickets/unread-count': { response: { count: 3 } },
  'GET /api/tickets/assignees': {
    response: [admin, { id: 'Zp5cY1kH9wNd3GfU', email: 'admin@example.com' }],
    errors: ['USER_NOT_AUTHENTICATED', 'ADMIN_ONLY'],
  },
  'GET /api/tickets/setup-status': { response: setupStatus },
  'GET /api/tickets/mail-preference': {
    response: { ticket_reply_mail: true },
  },
  'PUT /api/tickets/mail-preference': {
    body: { ticket_reply_mail: false },
    response: { ticket_reply_mail: false },
  },
  'GET /api/tickets/:id': {
    params: { id: ticket.id },
    response: detail,
    errors: ['USER_NOT_AUTHENTICATED', 'TICKET_NOT_FOUND'],
  },
  'PATCH /api/tickets/:id': {
    params: { id: ticket.id },
    body: { status: 'closed' },
    response: { ...ticket, status: 'closed', updated_at: '2026-11-22T11:20:05.660Z' },
    errors: [
      'USER_NOT_AUTHENTICATED',
      'TICKET_NOT_FOUND',
      'TICKET_OWNER_CLOSE_REOPEN_ONLY',
      'TICKET_ASSIGNEE_NOT_ADMIN',
    ],
  },
  'DELETE /api/tickets/:id': {
    noContent: true,
    params: { id: ticket.id },
    errors: ['USER_NOT_AUTHENTICATED', 'ADMIN_ONLY', 'TICKET_NOT_FOUND'],
  },
  'GET /api/tickets/:id/replies': {
    params: { id: ticket.id },
    response: replies,
    errors: ['USER_NOT_AUTHENTICATED', 'TICKET_NOT_FOUND'],
  },
  'POST /api/tickets/:id/replies': {
    params: { id: ticket.id },
    // JSON `{"content": "..."}` is accepted too; the form is what carries a file.
    rawBody: {
      contentType: 'multipart/form-data',
      example: [
        '--LinedeskBoundary',
        'Content-Disposition: form-data; name="content"',
        '',
        'Thanks. Here is what the receiver shows.',
        '--LinedeskBoundary',
        'Content-Disposition: form-data; name="file"; filename="receiver-error.png"',
        'Content-Type: image/png',
        '',
        '<PNG bytes, at most 5 MB>',
        '--LinedeskBoundary--',
      ].join('\r\n'),
    },
    response: replies[1],
    errors: [
      'REPLY_REQUIRES_LOGIN',
      'REPLY_FORBIDDEN',
      'TICKET_NOT_FOUND',
      'TICKET_CLOSED',
      'REPLY_CONTENT_REQUIRED',
      'ATTACHMENT_TOO_LARGE',
      'ATTACHMENT_TYPE_NOT_ALLOWED',
    ],
  },
  'GET /api/tickets/:id/attachments/:attachmentId': {
    params: { id: ticket.id, attachmentId },
    rawResponse: { contentType: 'image/png', example: '<PNG bytes of receiver-error.png, 184322 bytes>' },
    errors: ['USER_NOT_AUTHENTICATED', 'TICKET_NOT_FOUND', 'ATTACHMENT_NOT_FOUND'],
  },
};
