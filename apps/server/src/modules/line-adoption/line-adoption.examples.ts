import type { AdoptionBody, AdoptionPreview, AdoptionReport, UnmanagedAccountList } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

const RESELLER_ID = 'Rs7kP2wQ9mXn4VbL';
const ANNA_ENTRY = [
  '[account]',
  'user = anna.k',
  'pwd = k9Lm2pQx',
  'group = 1',
  'expdate = 2027-03-31',
  'disabled = 0',
  'uniq = 3',
  'max_connections = 2',
  'caid = 0B00',
  'ident = 0B00:000000',
  'description = Anna, living room',
].join('\n');

const list: UnmanagedAccountList = {
  server_protocol: 'OSCam',
  items: [
    {
      username: 'anna.k',
      password_set: true,
      expiry_date: '2027-03-31',
      enabled: true,
      adoptable: true,
      problems: [],
      fingerprint: '6c1f0a4e9d2b7c3a5e8f1d0b9a7c6e5f4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a',
      restrictions: { uniq: 3, max_connections: 2, caids: [{ caid: '0B00', idents: ['000000'] }] },
      extra: { oscam: ['description = Anna, living room'] },
      entry: ANNA_ENTRY,
    },
    {
      username: 'bar-tv',
      password_set: true,
      expiry_date: null,
      enabled: true,
      adoptable: false,
      problems: ['disabled = maybe: not 0 or 1'],
      fingerprint: '0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e',
      restrictions: {},
      extra: null,
      entry: null,
    },
  ],
};

const body: AdoptionBody = {
  accounts: [
    { username: 'anna.k', fingerprint: list.items[0]!.fingerprint },
    { username: 'bar-tv', fingerprint: list.items[1]!.fingerprint },
  ],
  owner_id: RESELLER_ID,
  plan_id: 1,
  charge_months: 1,
  expiry_date: '2026-12-31',
};

const preview: AdoptionPreview = {
  items: [
    {
      username: 'anna.k',
      status: 'adoptable',
      reason: null,
      problems: [],
      expiry_date: '2027-03-31',
      entry: ANNA_ENTRY,
    },
    {
      username: 'bar-tv',
      status: 'refused',
      reason: 'NOT_ADOPTABLE',
      problems: ['disabled = maybe: not 0 or 1'],
      expiry_date: null,
      entry: null,
    },
  ],
  adoptable: 1,
  refused: 1,
  total_credits: 10,
  owner_balance: 240,
};

const report: AdoptionReport = {
  items: [
    { username: 'anna.k', status: 'adopted', reason: null, problems: [], line_id: 812, charged: 10 },
    {
      username: 'bar-tv',
      status: 'refused',
      reason: 'NOT_ADOPTABLE',
      problems: ['disabled = maybe: not 0 or 1'],
      line_id: null,
      charged: 0,
    },
  ],
  adopted: 1,
  pending: 0,
  refused: 1,
  charged: 10,
  owner_balance: 230,
};

export const lineAdoptionExamples: RouteExamples = {
  'GET /api/servers/:id/unmanaged-accounts': {
    params: { id: 3 },
    response: list,
    errors: ['ADMIN_ONLY', 'SERVER_NOT_FOUND', 'SERVER_CONNECTION_FAILED', 'ADOPTION_NOT_SUPPORTED'],
  },
  'POST /api/servers/:id/adoption/preview': {
    params: { id: 3 },
    body,
    response: preview,
    errors: ['ADMIN_ONLY', 'SERVER_NOT_FOUND', 'USER_NOT_FOUND', 'LINE_PLAN_NOT_FOUND'],
  },
  // An account the agent refuses when it moves it (edited since the preview) is removed again and
  // its charge given back; `pending` ones are retried until the agent answers.
  'POST /api/servers/:id/adoption': {
    params: { id: 3 },
    body,
    response: report,
    errors: [
      'ADMIN_ONLY',
      'SERVER_NOT_FOUND',
      'USER_NOT_FOUND',
      ['INSUFFICIENT_CREDITS', { required: 20, available: 10 }],
    ],
  },
};
