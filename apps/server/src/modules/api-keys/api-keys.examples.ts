import type { ApiKey, ApiKeyCreated } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

const billingSync: ApiKey = {
  id: '5d8f2a91-3c47-4b6e-a0d2-9e71c4b38f05',
  name: 'Billing sync',
  prefix: 'ld_Rk8vQ2',
  created_at: '2026-11-22T09:20:47.305Z',
  expires_at: '2027-11-22T00:00:00.000Z',
  last_used_at: '2026-12-01T06:00:02.118Z',
};

const monitoring: ApiKey = {
  id: 'a14c7e02-6b9d-4f38-8e15-27d0b9c6e4a3',
  name: 'Uptime monitor',
  prefix: 'ld_pT4mW9',
  created_at: '2026-10-05T14:02:11.870Z',
  expires_at: null,
  last_used_at: '2026-12-01T17:05:00.441Z',
};

// Made up for the docs (same shape and length as a real key); a real one is shown only once.
const created: ApiKeyCreated = {
  ...billingSync,
  last_used_at: null,
  key: 'ld_Rk8vQ2nXb7TzLw4YpE9sKd3HmCq6VjA5uFgN1oWxZiT',
};

export const apiKeyExamples: RouteExamples = {
  'GET /api/api-keys': { response: [billingSync, monitoring] },
  'POST /api/api-keys': {
    body: { name: 'Billing sync', expires_at: '2027-11-22T00:00:00.000Z' },
    response: created,
  },
  'DELETE /api/api-keys/:id': {
    noContent: true,
    params: { id: '5d8f2a91-3c47-4b6e-a0d2-9e71c4b38f05' },
  },
};
