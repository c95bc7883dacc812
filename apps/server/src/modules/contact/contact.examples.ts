import type { ContactDetails, Ticket } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

const details: ContactDetails = {
  email: 'support@example.com',
  telegram: '@linedesk_support',
  whatsapp: '+49 30 1234 5678',
  hours: 'Mon–Sat 09:00–21:00 CET',
  note: 'For a line that stopped working, open a ticket with its username so we can check the server.',
};

// Quick Contact opens an ordinary ticket for the caller: medium priority, open, unread by admins.
const ticket: Ticket = {
  id: 121,
  title: 'Question about yearly plans',
  description: 'Can I renew 20 lines for 12 months at once, and is there a discount for that?',
  status: 'open',
  priority: 'medium',
  category: 'billing',
  user_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  user_email: 'reseller@example.com',
  assigned_to: null,
  assigned_to_email: null,
  created_at: '2026-11-22T09:14:03.512Z',
  updated_at: '2026-11-22T09:14:03.512Z',
  is_read: false,
  reply_count: 0,
  unread_count: 0,
  unread: false,
};

export const contactExamples: RouteExamples = {
  'GET /api/contact': { response: details },
  'PUT /api/contact': {
    body: details,
    response: details,
  },
  'POST /api/contact/message': {
    body: { subject: ticket.title, message: ticket.description, category: 'billing' },
    response: ticket,
  },
};
