import { addDays, type Dashboard, type DashboardTodo, type Line } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';
import { pendingTopUpExample } from '../topups/topups.examples.js';

const RESELLER_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const TODAY = '2026-12-01';

// Per-day figures, oldest first (the last 30 days, today last), and expiries from today on (31 days).
const createdPerDay = [
  2, 0, 1, 3, 0, 0, 4, 1, 2, 0, 1, 5, 2, 0, 0, 3, 1, 2, 6, 1, 0, 2, 1, 0, 3, 2, 1, 0, 2, 1,
];
const renewedPerDay = [
  1, 2, 0, 1, 1, 0, 2, 3, 0, 1, 2, 1, 0, 0, 1, 2, 4, 1, 2, 0, 1, 1, 3, 0, 1, 2, 0, 1, 1, 1,
];
const expiringPerDay = [
  1, 2, 0, 1, 3, 0, 2, 1, 0, 4, 2, 1, 0, 0, 3, 1, 2, 0, 1, 5, 2, 0, 1, 3, 0, 2, 1, 0, 2, 4, 1,
];
const since = addDays(TODAY, -(createdPerDay.length - 1));

const activity = createdPerDay.map((created, i) => ({
  date: addDays(since, i),
  created,
  renewed: renewedPerDay[i] ?? 0,
}));

const dashboard: Dashboard = {
  today: TODAY,
  scope: 'owner',
  // total = active + expired + trial + suspended; expiring_7d = the first 8 days of `expiries` (0 to 7
  // days left, LINE_EXPIRING_SOON_DAYS; no suspended line among them here).
  lines: { total: 148, active: 129, expiring_7d: 10, expired: 14, trial: 2, suspended: 3 },
  credits: { balance: 1000, spent_this_month: 14 },
  tickets: { open: 3 },
  messages: { unread: 1 },
  servers: { up: 3, down: 1 },
  charts: {
    activity,
    // Priced as a 3-month line (4 credits) per sale and a 12-month renewal (10) per renewal.
    credits_spent: activity.map((day) => ({ date: day.date, credits: day.created * 4 + day.renewed * 10 })),
    lines_by_server: [
      { server_id: 3, server_name: 'Frankfurt 1', count: 96 },
      { server_id: 5, server_name: 'Amsterdam 2', count: 52 },
    ],
    expiries: expiringPerDay.map((count, i) => ({ date: addDays(TODAY, i), count })),
  },
};

const line = (id: number, username: string, expiry: string, changes: Partial<Line> = {}): Line => ({
  id,
  username,
  password: 'k7Qp2mZx',
  protocol: 'cccam',
  host_port: ['tv.example.com:12000'],
  user_value: null,
  added_date: '2026-11-03',
  expiry_date: expiry,
  live_channel: 'Info',
  info: 'Info',
  notes: null,
  enabled: true,
  status: 'active',
  name: null,
  company: null,
  role: null,
  avatar_url: null,
  email: null,
  language: null,
  owner_id: RESELLER_ID,
  owner_email: 'reseller@example.com',
  server_id: 3,
  server_name: 'Frankfurt 1',
  newcamd_des_key: '0102030405060708091011121314',
  is_trial: false,
  subscription_months: 1,
  plan_id: 1,
  created_at: '2026-11-03T10:12:44.120Z',
  updated_at: '2026-11-03T10:12:44.120Z',
  sync_state: 'synced',
  sync_error: null,
  sync_error_code: null,
  sync_error_params: null,
  synced_at: '2026-11-03T10:12:44.391Z',
  online: false,
  last_seen_at: null,
  sharing_detected_at: null,
  ...changes,
});

// An admin's to-do: two lines expiring this week, one not yet on its server, one shared now, one of
// them likely not to renew (no picture for a week), one server down, one top-up waiting (a reseller
// gets null for these two) and one customer's ask to renew.
const todo: DashboardTodo = {
  expiring: {
    items: [line(51, 'shop-1051', '2026-12-02'), line(47, 'shop-1047', '2026-12-06')],
    total: 2,
    total_is_lower_bound: false,
  },
  failing_sync: {
    items: [
      line(63, 'shop-1063', '2027-03-01', {
        server_id: 5,
        server_name: 'Amsterdam 2',
        sync_state: 'failing',
        sync_error:
          'User was added to database but could not be added to CCcam server: connect ECONNREFUSED 10.0.0.5:3000',
        sync_error_code: 'LINE_ADDED_NOT_SYNCED',
        sync_error_params: { reason: 'connect ECONNREFUSED 10.0.0.5:3000' },
        synced_at: null,
      }),
    ],
    total: 1,
    total_is_lower_bound: false,
  },
  sharing: {
    items: [
      line(12, 'shop-1012', '2027-01-15', {
        online: true,
        last_seen_at: '2026-12-01T08:41:07.000Z',
        sharing_detected_at: '2026-12-01T08:30:52.000Z',
      }),
    ],
    total: 1,
    total_is_lower_bound: false,
  },
  churn_risk: {
    items: [line(47, 'shop-1047', '2026-12-06')],
    total: 1,
    total_is_lower_bound: false,
  },
  servers_down: {
    items: [
      {
        id: 5,
        server_name: 'Amsterdam 2',
        host_ip: 'ams2.example.com',
        status: 'error',
        last_error: 'connect ECONNREFUSED 10.0.0.5:3000',
      },
    ],
    total: 1,
  },
  pending_topups: {
    items: [pendingTopUpExample],
    total: 1,
  },
  // A customer asked in the portal to renew a line that ends next week.
  renewal_requests: {
    items: [{ line: line(47, 'shop-1047', '2026-12-06'), requested_at: '2026-12-01T07:58:12.000Z' }],
    total: 1,
  },
};

export const dashboardExamples: RouteExamples = {
  // An admin looking at one reseller's lines and spending; balance, tickets and servers stay the admin's.
  'GET /api/dashboard': {
    query: { owner_id: RESELLER_ID },
    response: dashboard,
    errors: ['USER_NOT_FOUND'],
  },
  'GET /api/dashboard/todo': { response: todo },
  // Two methods in euros and one in US dollars: each method and currency its own series.
  'GET /api/dashboard/revenue': {
    response: {
      days_from: addDays(TODAY, -29),
      months_from: '2026-01',
      daily: [
        {
          period: '2026-11-20',
          method_name: 'Bank transfer (SEPA)',
          method_kind: 'manual',
          currency: 'EUR',
          amount_cents: 4000,
          count: 2,
        },
        {
          period: '2026-11-21',
          method_name: 'Card (Stripe)',
          method_kind: 'stripe',
          currency: 'EUR',
          amount_cents: 2060,
          count: 1,
        },
        {
          period: '2026-11-21',
          method_name: 'Bitcoin',
          method_kind: 'btcpay',
          currency: 'USD',
          amount_cents: 5000,
          count: 1,
        },
      ],
      monthly: [
        {
          period: '2026-10',
          method_name: 'Bank transfer (SEPA)',
          method_kind: 'manual',
          currency: 'EUR',
          amount_cents: 18000,
          count: 9,
        },
        {
          period: '2026-11',
          method_name: 'Bank transfer (SEPA)',
          method_kind: 'manual',
          currency: 'EUR',
          amount_cents: 4000,
          count: 2,
        },
        {
          period: '2026-11',
          method_name: 'Card (Stripe)',
          method_kind: 'stripe',
          currency: 'EUR',
          amount_cents: 2060,
          count: 1,
        },
        {
          period: '2026-11',
          method_name: 'Bitcoin',
          method_kind: 'btcpay',
          currency: 'USD',
          amount_cents: 5000,
          count: 1,
        },
      ],
    },
  },
};
