import type { TopUpRequest } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

const ADMIN_ID = '0b7e4c2a-5d1f-4e8b-9a3c-6f2d8e1b7a40';
const RESELLER_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

// Package 2 ("Reseller 25") as it was when requested: the request keeps its own copy.
const pending: TopUpRequest = {
  id: 18,
  account_id: RESELLER_ID,
  account_email: 'reseller@example.com',
  package_id: 2,
  package_name: 'Reseller 25',
  credits: 25,
  price_cents: 2000,
  currency: 'EUR',
  payment_reference: 'SEPA RF18 5390 0754 7034',
  status: 'pending',
  reject_reason: null,
  decided_by: null,
  decided_by_email: null,
  decided_at: null,
  provider: null,
  provider_payment_id: null,
  created_at: '2026-11-20T08:03:55.418Z',
};

const decided = {
  decided_by: ADMIN_ID,
  decided_by_email: 'admin@example.com',
  decided_at: '2026-11-20T15:40:12.306Z',
  provider: 'manual',
} as const;

const approved: TopUpRequest = { ...pending, ...decided, status: 'approved' };

const rejected: TopUpRequest = {
  ...pending,
  ...decided,
  status: 'rejected',
  reject_reason: 'No payment with this reference arrived; please check the IBAN and send the reference again',
};

const other: TopUpRequest = {
  ...pending,
  id: 21,
  account_id: 'e3b1f6a2-94c7-4d05-8b2e-51a9c7d4f018',
  account_email: 'kiosk-north@example.com',
  package_id: 1,
  package_name: 'Starter 10',
  credits: 10,
  price_cents: 900,
  payment_reference: 'PayPal 6TY41827BX3302149',
  created_at: '2026-12-01T19:26:40.662Z',
};

const later: TopUpRequest = {
  ...pending,
  id: 20,
  package_id: 3,
  package_name: 'Pro 100',
  credits: 100,
  price_cents: 7000,
  payment_reference: 'SEPA RF20 8812 4471 0065',
  created_at: '2026-11-30T21:12:09.145Z',
};

export const topUpExamples: RouteExamples = {
  'POST /api/topups': {
    body: { package_id: 2, payment_reference: 'SEPA RF18 5390 0754 7034' },
    response: pending,
  },
  'GET /api/topups': {
    query: { page: 1, page_size: 25, status: 'pending' },
    response: { items: [other, later], total: 2, page: 1, page_size: 25 },
  },
  'GET /api/topups/pending-count': { response: { count: 2 } },
  'POST /api/topups/:id/approve': {
    params: { id: 18 },
    response: approved,
  },
  'POST /api/topups/:id/reject': {
    params: { id: 18 },
    body: { reason: rejected.reject_reason },
    response: rejected,
  },
};
