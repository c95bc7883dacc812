import type { RouteExamples } from '../../platform/openapi-examples.js';

const planLock = { countries: ['DE', 'AT'], asns: [], no_datacenters: true };
const ownLock = { countries: ['PL'], asns: [5617], no_datacenters: true };
const state = {
  own: ownLock,
  plan: planLock,
  effective: ownLock,
  enforced: true,
  violations: [
    {
      id: 7,
      server_id: 3,
      server_name: 'Frankfurt 1',
      ip: '8.8.8.8',
      country: 'US',
      asn: 15169,
      network: 'Google LLC',
      reason: 'country',
      action: 'disconnected',
      first_seen_at: '2026-11-22T18:29:35.004Z',
      last_seen_at: '2026-11-22T18:31:05.120Z',
      ended_at: null,
    },
  ],
};

export const lineLockExamples: RouteExamples = {
  'GET /api/line-plans/:id/lock': {
    params: { id: 2 },
    response: { lock: planLock },
    errors: ['ADMIN_ONLY', 'LINE_PLAN_NOT_FOUND'],
  },
  'PUT /api/line-plans/:id/lock': {
    params: { id: 2 },
    body: { lock: planLock },
    response: { lock: planLock },
    errors: ['ADMIN_ONLY', 'LINE_PLAN_NOT_FOUND'],
  },
  'GET /api/lines/:id/lock': { params: { id: 42 }, response: state, errors: ['LINE_NOT_FOUND'] },
  'PUT /api/lines/:id/lock': {
    params: { id: 42 },
    body: { lock: ownLock },
    response: state,
    errors: ['LINE_NOT_FOUND'],
  },
};
