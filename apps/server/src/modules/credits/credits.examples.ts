import type { LedgerEntry } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

const RESELLER_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const ADMIN_ID = '0b7e4c2a-5d1f-4e8b-9a3c-6f2d8e1b7a40';

// One reseller's story, newest first: a top-up approved by an admin, then a line bought and renewed.
const renewed: LedgerEntry = {
  id: 1207,
  account_id: RESELLER_ID,
  account_email: 'reseller@example.com',
  delta: -10,
  balance_after: 26,
  reason: 'line_renew',
  actor_id: RESELLER_ID,
  actor_email: 'reseller@example.com',
  ref_type: 'line',
  ref_id: '42',
  note: 'shop-1042',
  created_at: '2026-12-01T17:02:44.120Z',
};

const created: LedgerEntry = {
  ...renewed,
  id: 1164,
  delta: -4,
  balance_after: 36,
  reason: 'line_create',
  created_at: '2026-11-22T09:14:03.512Z',
};

const toppedUp: LedgerEntry = {
  id: 1131,
  account_id: RESELLER_ID,
  account_email: 'reseller@example.com',
  delta: 25,
  balance_after: 40,
  reason: 'topup',
  actor_id: ADMIN_ID,
  actor_email: 'admin@example.com',
  ref_type: 'topup_request',
  ref_id: '18',
  note: null,
  created_at: '2026-11-20T15:40:12.306Z',
};

export const creditExamples: RouteExamples = {
  'GET /api/credits/ledger': {
    query: { account_id: RESELLER_ID, page: 1, page_size: 25 },
    response: { items: [renewed, created, toppedUp], total: 3, page: 1, page_size: 25 },
  },
};
