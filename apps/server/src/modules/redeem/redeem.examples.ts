import type { CreatedRedeemCode, RedeemCode, RedeemHistoryEntry } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

const ADMIN_ID = '0b7e4c2a-5d1f-4e8b-9a3c-6f2d8e1b7a40';
const RESELLER_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const code: RedeemCode = {
  id: 57,
  code_hint: '••••-••••-••••-7KQM',
  credits: 25,
  description: 'Black Friday 2026',
  is_active: true,
  max_uses: 50,
  times_used: 12,
  expires_at: '2026-12-31T23:59:59.000Z',
  status: 'valid',
  created_by: ADMIN_ID,
  created_by_email: 'admin@example.com',
  created_at: '2026-11-27T08:30:00.000Z',
};

// A batch of single-use codes: the only answer that carries the codes themselves.
const giveaway = {
  ...code,
  credits: 10,
  description: 'December giveaway',
  max_uses: 1,
  times_used: 0,
  expires_at: '2027-01-31T23:59:59.000Z',
  created_at: '2026-12-01T10:05:31.774Z',
};
const batch: CreatedRedeemCode[] = [
  { ...giveaway, id: 61, code: 'HX7Q-M3ZP-W9KD-RT4B', code_hint: '••••-••••-••••-RT4B' },
  { ...giveaway, id: 62, code: 'NV5C-GJ8E-YL2S-PF6U', code_hint: '••••-••••-••••-PF6U' },
];

const redeemed: RedeemHistoryEntry = {
  id: 344,
  code_id: 61,
  code_hint: '••••-••••-••••-RT4B',
  credits: 10,
  user_id: RESELLER_ID,
  user_email: 'reseller@example.com',
  redeemed_at: '2026-12-02T18:47:20.093Z',
  status: 'success',
  error_code: null,
};

// A second try with the same code is refused and recorded with 0 credits.
const refused: RedeemHistoryEntry = {
  ...redeemed,
  id: 345,
  credits: 0,
  redeemed_at: '2026-12-02T18:49:02.551Z',
  status: 'error',
  error_code: 'CODE_ALREADY_REDEEMED',
};

export const redeemExamples: RouteExamples = {
  'GET /api/redeem-codes': {
    query: {
      page: 1,
      page_size: 25,
      search: 'black friday',
      status: 'valid',
      sort: 'created_at',
      order: 'desc',
    },
    response: { items: [code], total: 1, page: 1, page_size: 25 },
  },
  'POST /api/redeem-codes': {
    body: {
      credits: 10,
      count: 2,
      max_uses: 1,
      expires_at: '2027-01-31T23:59:59.000Z',
      description: 'December giveaway',
    },
    response: { items: batch },
  },
  'PATCH /api/redeem-codes/:id': {
    params: { id: 57 },
    body: { is_active: false, description: 'Black Friday 2026 (ended early)' },
    response: {
      ...code,
      is_active: false,
      status: 'inactive',
      description: 'Black Friday 2026 (ended early)',
    },
  },
  'DELETE /api/redeem-codes/:id': {
    noContent: true,
    params: { id: 57 },
  },
  'POST /api/redeem': {
    body: { code: 'HX7Q-M3ZP-W9KD-RT4B' },
    response: { success: true, message: 'Code redeemed successfully', credits: 10, balance: 36 },
  },
  'GET /api/redeem-history': {
    query: { page: 1, page_size: 25 },
    response: { items: [refused, redeemed], total: 2, page: 1, page_size: 25 },
  },
};
