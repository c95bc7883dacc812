import { defineContract } from '../contract.js';
import { dashboardQuerySchema, dashboardSchema, dashboardTodoSchema } from '../dashboard.js';
import { revenueSchema } from '../topup.js';

export const get = defineContract({
  method: 'GET',
  path: '/api/dashboard',
  access: 'signedIn',
  tags: ['dashboard'],
  summary: 'Figures and chart series for the dashboard home',
  description:
    'Admins get the whole panel, or one owner with `owner_id`; resellers their own lines and spending.',
  query: dashboardQuerySchema,
  response: dashboardSchema,
  errors: ['USER_NOT_FOUND'],
});

export const todo = defineContract({
  method: 'GET',
  path: '/api/dashboard/todo',
  // The lists are of lines: only those who sell lines have any (a plain user's dashboard has none).
  access: { permission: 'view_users' },
  tags: ['dashboard'],
  summary: 'What needs doing now: the short lists of the dashboard home',
  description:
    'Up to 5 lines expiring within 7 days (soonest first), failing to sync and found shared now, each with how many there are (counted up to the lines list cap), as the lines list quick filters select them: resellers their own lines, admins every line. Admins also get the servers down and the pending top-ups; others get null there.',
  response: dashboardTodoSchema,
});

export const revenue = defineContract({
  method: 'GET',
  path: '/api/dashboard/revenue',
  access: 'admin',
  tags: ['dashboard'],
  summary:
    'Revenue from approved top-ups per day (30 days) and month (12 months), per method and currency (admin)',
  description:
    'Amounts paid (price + fee) of approved requests by the day or month (UTC) they were approved. Different currencies are never added up: each method and currency is its own series.',
  response: revenueSchema,
  errors: ['ADMIN_ONLY'],
});
