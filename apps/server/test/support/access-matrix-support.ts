import { adminOnly, browserOnly, linesOwner, ownerOnly, type MatrixRow } from './access-matrix-rules.js';

/** The access matrix's rows for API keys, the dashboard, system, messages, the knowledge base, contact and tickets. */
export const supportRows: Record<string, MatrixRow> = {
  // API keys
  'GET /api/api-keys': { anonymous: 401, signedIn: 200, ...browserOnly },
  'POST /api/api-keys': {
    body: (_f, role) => ({ name: `Matrix ${role}` }),
    anonymous: 401,
    signedIn: 201,
    ...browserOnly,
  },
  'DELETE /api/api-keys/{id}': {
    params: { id: 'victimApiKey' },
    ...ownerOnly,
    admin: 404,
    ...browserOnly,
  },

  // Telegram: the bot is not set up here, so codes are refused alike for every role that may ask.
  'GET /api/telegram/settings': { ...adminOnly, admin: 200 },
  'PATCH /api/telegram/settings': { body: () => ({ enabled: false }), ...adminOnly, admin: 200 },
  'POST /api/telegram/settings/test': { ...adminOnly, admin: 409 },
  'GET /api/telegram/link': { anonymous: 401, signedIn: 200 },
  'POST /api/telegram/link-code': { anonymous: 401, signedIn: 409, ...browserOnly },
  'DELETE /api/telegram/link': { anonymous: 401, signedIn: 404 },

  // Dashboard, reminders, system
  // owner_id narrows an admin's figures; anyone else gets their own, whatever they ask for.
  'GET /api/dashboard': { query: (f) => ({ owner_id: f.victimId }), anonymous: 401, signedIn: 200 },
  'GET /api/dashboard/revenue': { ...adminOnly, admin: 200 },
  // Reports: the victim's tree is no reseller's (404 like any other owner's row); plain users sell no lines.
  'GET /api/reports': {
    query: (f) => ({ account_id: f.victimId }),
    ...linesOwner,
    admin: 200,
  },
  'GET /api/reminders/settings': { anonymous: 401, signedIn: 200 },
  'PUT /api/reminders/settings': { body: () => ({ days: 3 }), ...adminOnly, admin: 200 },
  'GET /api/reminders/preference': { anonymous: 401, signedIn: 200 },
  'PUT /api/reminders/preference': { body: () => ({ enabled: false }), anonymous: 401, signedIn: 200 },
  'POST /api/reminders/run': { ...adminOnly, admin: 200 },
  'GET /api/setup-guide': { ...adminOnly, admin: 200 },
  'PUT /api/setup-guide': { body: () => ({ hidden: false }), ...adminOnly, admin: 200 },
  'GET /api/security-settings': { ...adminOnly, admin: 200 },
  // Nothing required, so the walk's own admin session is not held up by the setting it sets.
  'PATCH /api/security-settings': {
    body: () => ({ require_two_factor_admins: false, require_two_factor_resellers: false }),
    ...adminOnly,
    admin: 200,
  },
  'GET /api/system/status': { ...adminOnly, admin: 200 },
  // PostgreSQL is backed up by its own tools: 409 there.
  'POST /api/system/backup': { ...adminOnly, admin: [201, 409] },

  // Messages
  'GET /api/messages': { query: () => ({ scope: 'all' }), anonymous: 401, signedIn: 200 },
  'POST /api/messages': {
    body: (f) => ({ title: 'Matrix message', content: 'Sent by the matrix', recipient_email: f.victimEmail }),
    ...adminOnly,
    admin: 201,
  },
  'GET /api/messages/unread': { anonymous: 401, signedIn: 200 },
  'POST /api/messages/read-all': { anonymous: 401, signedIn: 200 },
  'GET /api/messages/{id}': { params: { id: 'victimMessage' }, ...ownerOnly, admin: 200 },
  'DELETE /api/messages/{id}': { params: { id: 'victimMessage' }, ...adminOnly, admin: 204 },
  'POST /api/messages/{id}/read': { params: { id: 'victimMessage' }, ...ownerOnly, admin: 404 },

  // Notifications: every account has its own; nobody reaches another's
  'GET /api/notifications/preferences': { anonymous: 401, signedIn: 200 },
  'PUT /api/notifications/preferences': {
    body: () => ({
      switches: [{ kind: 'server_up', channel: 'email', enabled: false }],
      balance_threshold: 10,
    }),
    anonymous: 401,
    signedIn: 200,
  },
  // Where private targets are allowed (as here), a receiver that is not listening still saves.
  'PUT /api/notifications/webhook': {
    body: () => ({ url: 'http://127.0.0.1:9/matrix-hook' }),
    anonymous: 401,
    signedIn: 200,
  },
  'DELETE /api/notifications/webhook': { anonymous: 401, signedIn: 204 },
  'POST /api/notifications/webhook/secret': { anonymous: 401, signedIn: [200, 409] },
  'POST /api/notifications/webhook/test': { anonymous: 401, signedIn: [409, 502] },
  'POST /api/notifications/test': { anonymous: 401, signedIn: 202 },
  'GET /api/notifications/deliveries': { anonymous: 401, signedIn: 200 },
  'POST /api/notifications/deliveries/{id}/retry': {
    params: { id: 'victimDelivery' },
    ...ownerOnly,
    admin: 404,
  },

  // Knowledge base
  'GET /api/kb/categories': { anonymous: 401, signedIn: 200 },
  'POST /api/kb/categories': { body: (_f, role) => ({ name: `Matrix ${role}` }), ...adminOnly, admin: 201 },
  'PATCH /api/kb/categories/{id}': {
    params: { id: 'kbCategory' },
    body: () => ({ name: 'Renamed by the matrix' }),
    ...adminOnly,
    admin: 200,
  },
  'DELETE /api/kb/categories/{id}': { params: { id: 'kbCategory' }, ...adminOnly, admin: 204 },
  'GET /api/kb/articles': { anonymous: 401, signedIn: 200 },
  'POST /api/kb/articles': {
    body: (f) => ({ title: 'Matrix article', body: 'Text', category_id: f.kbArticleCategory }),
    ...adminOnly,
    admin: 201,
  },
  'PUT /api/kb/articles/order': { body: (f) => ({ ids: [f.kbDraft] }), ...adminOnly, admin: 204 },
  'GET /api/kb/articles/{id}': { params: { id: 'kbDraft' }, ...ownerOnly, admin: 200 },
  'PATCH /api/kb/articles/{id}': {
    params: { id: 'kbDraft' },
    body: () => ({ published: true }),
    ...adminOnly,
    admin: 200,
  },
  'DELETE /api/kb/articles/{id}': { params: { id: 'kbDraft' }, ...adminOnly, admin: 204 },

  // Contact
  'GET /api/contact': { anonymous: 401, signedIn: 200 },
  'PUT /api/contact': { body: () => ({ note: 'Changed by the matrix' }), ...adminOnly, admin: 200 },
  'POST /api/contact/message': { anonymous: 401, signedIn: 201 },

  'GET /api/events': { stream: true, anonymous: 401, signedIn: 200 },

  // Tickets
  'GET /api/tickets': { anonymous: 401, signedIn: 200 },
  'POST /api/tickets': {
    body: () => ({ title: 'Matrix ticket', description: 'Opened by the matrix' }),
    anonymous: 401,
    signedIn: 201,
  },
  'GET /api/tickets/unread-count': { anonymous: 401, signedIn: 200 },
  'GET /api/tickets/assignees': { ...adminOnly, admin: 200 },
  'GET /api/tickets/setup-status': { ...adminOnly, admin: 200 },
  'GET /api/tickets/mail-preference': { anonymous: 401, signedIn: 200 },
  'PUT /api/tickets/mail-preference': {
    body: () => ({ ticket_reply_mail: false }),
    anonymous: 401,
    signedIn: 200,
  },
  'GET /api/tickets/{id}': { params: { id: 'victimTicket' }, ...ownerOnly, admin: 200 },
  'PATCH /api/tickets/{id}': {
    params: { id: 'victimTicket' },
    // Not closed: the reply row below must find the ticket open (a closed one refuses replies).
    body: () => ({ priority: 'high' }),
    ...ownerOnly,
    admin: 200,
  },
  'DELETE /api/tickets/{id}': { params: { id: 'victimTicket' }, ...ownerOnly, admin: 204 },
  'GET /api/tickets/{id}/replies': { params: { id: 'victimTicket' }, ...ownerOnly, admin: 200 },
  'POST /api/tickets/{id}/replies': {
    params: { id: 'victimTicket' },
    form: { content: 'Reply from the matrix' },
    // The spec's own refusal, 'You do not have permission to reply to this ticket', which a missing
    // ticket answers too, so it tells nothing about which tickets exist.
    ...ownerOnly,
    user: 403,
    reseller: 403,
    admin: 201,
  },
  'GET /api/tickets/{id}/attachments/{attachmentId}': {
    params: { id: 'victimTicket', attachmentId: 'victimAttachment' },
    ...ownerOnly,
    admin: 200,
  },
};
