import type { GroupPrices, ResellerLimits, ResellerTerms } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

const limits: ResellerLimits = {
  max_lines: 200,
  allowed_plan_ids: [1, 2],
  allowed_server_ids: null,
  trials_per_day: 3,
  trial_min_balance: 10,
  sub_reseller_depth: 1,
  sub_reseller_price: 5,
  credit_limit: 50,
};

const terms: ResellerTerms = {
  account_id: 'k3v9x2m8q1w7e5r4',
  prices: [
    { plan_id: 1, months: 1, mode: 'percent', value: -10 },
    { plan_id: 1, months: 12, mode: 'fixed', value: 9 },
  ],
  limits,
  lines: 64,
  floor: [],
};

const tier: GroupPrices = {
  group_id: 4,
  prices: [
    { plan_id: 1, months: 1, mode: 'percent', value: -20 },
    { plan_id: 2, months: 12, mode: 'fixed', value: 40 },
  ],
};

export const resellerTermsExamples: RouteExamples = {
  'GET /api/accounts/:id/terms': {
    params: { id: terms.account_id },
    response: terms,
    errors: ['USER_NOT_FOUND'],
  },
  'PUT /api/accounts/:id/prices': {
    params: { id: terms.account_id },
    body: { prices: terms.prices },
    response: terms,
    errors: ['RESELLER_PRICE_BELOW_COST', 'RESELLER_PRICE_NOT_OFFERED', 'RESELLER_PRICES_INVALID'],
  },
  'PUT /api/accounts/:id/limits': {
    params: { id: terms.account_id },
    body: limits,
    response: terms,
    errors: ['RESELLER_LIMIT_BELOW_USAGE', 'RESELLER_LIMIT_ADMIN_ONLY', 'RESELLER_LIMITS_INVALID'],
  },
  'GET /api/groups/:id/prices': {
    params: { id: tier.group_id },
    response: tier,
    errors: ['GROUP_NOT_FOUND'],
  },
  'PUT /api/groups/:id/prices': {
    params: { id: tier.group_id },
    body: { prices: tier.prices },
    response: tier,
    errors: ['RESELLER_PRICE_NOT_OFFERED', 'RESELLER_PRICES_INVALID'],
  },
};
