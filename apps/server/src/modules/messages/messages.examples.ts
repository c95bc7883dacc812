import type { Message } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

const admin = { id: 'Qw8nT4sLm2Vx6RbE', email: 'support@example.com' };
const reseller = { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', email: 'reseller@example.com' };

const maintenance: Message = {
  id: 64,
  title: 'Maintenance on Frankfurt 1 tonight',
  content:
    'Frankfurt 1 restarts between 03:00 and 03:15 CET for an update. Lines reconnect by themselves; no action is needed.',
  is_global: true,
  recipient_id: null,
  recipient_email: null,
  created_by: admin.id,
  created_by_email: admin.email,
  is_read: false,
  created_at: '2026-11-22T09:14:03.512Z',
};

const direct: Message = {
  id: 65,
  title: 'Your yearly plan discount',
  content: 'From December your 12-month renewals cost 10 credits instead of 12. Thank you for your business!',
  is_global: false,
  recipient_id: reseller.id,
  recipient_email: reseller.email,
  created_by: admin.id,
  created_by_email: admin.email,
  is_read: false,
  created_at: '2026-11-22T10:02:47.031Z',
};

// Sent by the panel itself when a payment provider confirmed a top-up, so it has no author.
const topUpApproved: Message = {
  id: 61,
  title: 'Top-up approved',
  content:
    'Your top-up request for 50 credits (payment reference LD-7F3K9Q) was approved: 50 credits were added. Your balance is now 86 credits.',
  is_global: false,
  recipient_id: reseller.id,
  recipient_email: reseller.email,
  created_by: null,
  created_by_email: null,
  is_read: true,
  created_at: '2026-11-20T16:45:12.377Z',
};

export const messageExamples: RouteExamples = {
  'GET /api/messages': {
    query: { page: 1, page_size: 25, filter: 'all', scope: 'mine' },
    response: { items: [direct, maintenance, topUpApproved], total: 3, page: 1, page_size: 25, unread: 2 },
  },
  'GET /api/messages/unread': {
    query: { limit: 10 },
    response: { count: 2, items: [direct, maintenance] },
  },
  'POST /api/messages': {
    body: { title: direct.title, content: direct.content, recipient_email: reseller.email },
    // The sender's own read state: a direct message to someone else stays unread for them.
    response: direct,
    errors: [
      'ONLY_ADMINS_CREATE_MESSAGES',
      'USER_NOT_FOUND',
      'MESSAGE_TITLE_REQUIRED',
      'MESSAGE_CONTENT_REQUIRED',
      'MESSAGE_RECIPIENT_REQUIRED',
    ],
  },
  'POST /api/messages/read-all': { response: { marked: 2 } },
  'GET /api/messages/:id': {
    params: { id: maintenance.id },
    response: maintenance,
    errors: ['MESSAGE_NOT_FOUND'],
  },
  'POST /api/messages/:id/read': {
    params: { id: maintenance.id },
    response: { ...maintenance, is_read: true },
    errors: ['MESSAGE_NOT_FOUND'],
  },
  'DELETE /api/messages/:id': {
    noContent: true,
    params: { id: maintenance.id },
    errors: ['ADMIN_ONLY', 'MESSAGE_NOT_FOUND'],
  },
};
