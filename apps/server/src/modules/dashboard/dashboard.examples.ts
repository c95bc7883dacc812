import { addDays, type Dashboard } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

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
  // total = active + expired + trial + suspended; expiring_7d = the first 7 days of `expiries`.
  lines: { total: 148, active: 129, expiring_7d: 9, expired: 14, trial: 2, suspended: 3 },
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

export const dashboardExamples: RouteExamples = {
  // An admin looking at one reseller's lines and spending; balance, tickets and servers stay the admin's.
  'GET /api/dashboard': {
    query: { owner_id: RESELLER_ID },
    response: dashboard,
    errors: ['USER_NOT_FOUND'],
  },
};
