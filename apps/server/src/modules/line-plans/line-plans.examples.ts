import { defaultPlanPrices, type LinePlan } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

const noRestrictions: LinePlan['restrictions'] = {
  max_connections: null,
  uniq: null,
  caids: [],
  cccam_hops: null,
  cccam_reshare: null,
  allowed_protocols: [],
  groups: null,
  services: [],
  allowed_timeframe: null,
  au: null,
};

const standard: LinePlan = {
  id: 1,
  name: 'Standard',
  prices: defaultPlanPrices(),
  restrictions: noRestrictions,
  packages: [],
  sharing_steps: [],
  is_default: true,
  archived: false,
  line_count: 412,
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
};

const sportsOnly: LinePlan = {
  id: 2,
  name: 'Sports, one screen',
  prices: [
    { months: 1, credits: 3 },
    { months: 12, credits: 25 },
  ],
  restrictions: {
    max_connections: 1,
    uniq: 3,
    caids: [{ caid: '0500', idents: ['021110'] }],
    cccam_hops: 1,
    cccam_reshare: 0,
    allowed_protocols: ['cccam', 'newcamd'],
    groups: [1, 3],
    services: ['sports', '!adult'],
    allowed_timeframe: 'ALL@06:00-24:00',
    au: null,
  },
  packages: ['Sports', 'Football'],
  sharing_steps: [
    { step: 'warn', min_score: 55, polls: 1 },
    { step: 'oscam', min_score: 80, polls: 3, penalty: 3, numusers: 1, fakedelay: 3000 },
    { step: 'suspend', min_score: 90, polls: 10 },
  ],
  is_default: false,
  archived: false,
  line_count: 18,
  created_at: '2026-11-21T14:05:12.000Z',
  updated_at: '2026-11-21T14:05:12.000Z',
};

export const linePlanExamples: RouteExamples = {
  'GET /api/line-plans': {
    query: { include_archived: 'true' },
    response: { items: [standard, sportsOnly] },
  },
  'POST /api/line-plans': {
    body: {
      name: 'Sports, one screen',
      prices: sportsOnly.prices,
      restrictions: {
        max_connections: 1,
        uniq: 3,
        caids: [{ caid: '0500', idents: ['021110'] }],
        cccam_hops: 1,
        cccam_reshare: 0,
        allowed_protocols: ['cccam', 'newcamd'],
        groups: [1, 3],
        services: ['sports', '!adult'],
        allowed_timeframe: 'ALL@06:00-24:00',
      },
    },
    response: { ...sportsOnly, line_count: 0 },
    errors: [
      'ADMIN_ONLY',
      'LINE_PLAN_INVALID_PRICES',
      'LINE_PLAN_INVALID_CAID',
      'LINE_PLAN_INVALID_TIMEFRAME',
      'LINE_PLAN_GROUP_UNNAMED',
    ],
  },
  'PATCH /api/line-plans/:id': {
    params: { id: 2 },
    body: { archived: true },
    response: { ...sportsOnly, archived: true, updated_at: '2026-12-01T10:00:00.000Z' },
    errors: ['ADMIN_ONLY', 'LINE_PLAN_NOT_FOUND', 'LINE_PLAN_DEFAULT_FIXED', 'LINE_PLAN_GROUP_UNKNOWN'],
  },
};
