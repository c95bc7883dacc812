import type { Report } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

const RESELLER_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

// Three months of a reseller's tree: totals are the sums of the rows, and spending per plan adds up
// to each month's credits spent.
const rows: Report['rows'] = [
  {
    period: '2026-09',
    credits_bought: 200,
    credits_spent: 64,
    lines_created: 10,
    trials_created: 4,
    renewed: 6,
    expired: 3,
    churned: 1,
    trials_converted: 2,
  },
  {
    period: '2026-10',
    credits_bought: 0,
    credits_spent: 52,
    lines_created: 7,
    trials_created: 2,
    renewed: 5,
    expired: 4,
    churned: 2,
    trials_converted: 1,
  },
  {
    period: '2026-11',
    credits_bought: 100,
    credits_spent: 40,
    lines_created: 4,
    trials_created: 3,
    renewed: 6,
    expired: 2,
    churned: 0,
    trials_converted: 0,
  },
];

const report: Report = {
  account_id: RESELLER_ID,
  account_email: 'north@example.com',
  scope: 'subtree',
  unit: 'month',
  from: '2026-09-01',
  to: '2026-11-30',
  churn_days: 30,
  today: '2026-11-30',
  rows,
  totals: {
    credits_bought: 300,
    credits_spent: 156,
    lines_created: 21,
    trials_created: 9,
    renewed: 17,
    expired: 9,
    churned: 3,
    trials_converted: 3,
  },
  spent_by_plan: [
    { period: '2026-09', plan_id: 1, plan_name: 'Standard', credits: 44 },
    { period: '2026-09', plan_id: 2, plan_name: 'Premium', credits: 20 },
    { period: '2026-10', plan_id: 1, plan_name: 'Standard', credits: 52 },
    { period: '2026-11', plan_id: 1, plan_name: 'Standard', credits: 30 },
    { period: '2026-11', plan_id: null, plan_name: null, credits: 10 },
  ],
  money_in: [
    {
      period: '2026-09',
      method_name: 'Bank transfer (SEPA)',
      method_kind: 'manual',
      currency: 'EUR',
      amount_cents: 20000,
      count: 1,
    },
    {
      period: '2026-11',
      method_name: 'Card (Stripe)',
      method_kind: 'stripe',
      currency: 'EUR',
      amount_cents: 10290,
      count: 1,
    },
  ],
  outage_compensated_minutes: 375,
};

export const reportExamples: RouteExamples = {
  // An admin reading one reseller's whole tree by month.
  'GET /api/reports': {
    query: {
      account_id: RESELLER_ID,
      scope: 'subtree',
      unit: 'month',
      from: '2026-09-01',
      to: '2026-11-30',
      churn_days: 30,
    },
    response: report,
    errors: ['USER_NOT_FOUND', 'REPORT_RANGE_INVALID'],
  },
};
