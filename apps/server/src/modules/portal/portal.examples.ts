import type { PortalMe } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

const me: PortalMe = {
  username: 'ac7k2m9q',
  password: 'x4Tq9vLm2p',
  status: 'active',
  expiry_date: '2026-12-24',
  days_left: 29,
  is_trial: false,
  server_name: 'Frankfurt 1',
  packages: ['Sports', 'Football'],
  protocol: 'CCcam',
  connection_lines: ['C: cs1.example.net 12000 ac7k2m9q x4Tq9vLm2p'],
  receiver_settings: [
    { kind: 'cccam_line', text: 'C: cs1.example.net 12000 ac7k2m9q x4Tq9vLm2p' },
    {
      kind: 'oscam_cccam',
      text: '[reader]\nlabel = ac7k2m9q\nprotocol = cccam\ndevice = cs1.example.net,12000\nuser = ac7k2m9q\npassword = x4Tq9vLm2p\ncccversion = 2.3.2\nccckeepalive = 1\ninactivitytimeout = 1\ngroup = 1',
    },
  ],
  online: true,
  connections: [{ ip: '203.0.113.24', connected_since: '2026-11-25T08:12:00.000Z' }],
  reseller: { name: 'Anna Keller', contact: 'Telegram @annasat' },
};

export const portalExamples: RouteExamples = {
  'POST /api/portal/sign-in': {
    body: { username: 'ac7k2m9q', password: 'x4Tq9vLm2p' },
    response: me,
  },
  'POST /api/portal/sign-out': { response: { message: 'Signed out' } },
  'GET /api/portal/me': { response: me },
  // Signed out: a new line, and the customer is signed in to it.
  'POST /api/portal/activate': {
    body: { code: 'ABCD-EFGH-JKLM-NPQR' },
    response: { action: 'created', me },
  },
  'POST /api/portal/password': {
    body: { current_password: 'x4Tq9vLm2p', new_password: 'n3wSecret77' },
    response: {
      ...me,
      password: 'n3wSecret77',
      connection_lines: ['C: cs1.example.net 12000 ac7k2m9q n3wSecret77'],
    },
  },
  // The reseller is told; the next ask is possible a day later.
  'POST /api/portal/renewal-request': {
    response: { requested_at: '2026-03-02T09:15:00.000Z', next_request_at: '2026-03-03T09:15:00.000Z' },
  },
  'POST /api/portal/freeze-request': {
    body: { starts_on: '2026-07-01', days: 14 },
    response: {
      line_id: 42,
      requested_at: '2026-06-20T18:02:11.000Z',
      starts_on: '2026-07-01',
      days: 14,
      decision: null,
      decided_at: null,
    },
    errors: [
      ['PORTAL_FREEZE_INVALID', { max_days: 30, max_start_days: 60 }],
      'PORTAL_FREEZE_ALREADY_REQUESTED',
    ],
  },
  'GET /api/portal/settings': {
    response: {
      enabled: true,
      contact: 'Telegram @annasat',
      customer_reminder_days: 5,
      address: 'https://panel.example.com/my',
    },
  },
  // Customers with an email on their line are mailed 7 days before it expires.
  'PUT /api/portal/settings': {
    body: { enabled: false, contact: 'Telegram @annasat', customer_reminder_days: 7 },
    response: {
      enabled: false,
      contact: 'Telegram @annasat',
      customer_reminder_days: 7,
      address: 'https://panel.example.com/my',
    },
  },
  // The reseller dealt with the customer's ask another way: it leaves the to-do list.
  'DELETE /api/portal/renewal-requests/:id': {
    params: { id: 51 },
    response: { line_id: 51, dismissed: true },
  },
};
