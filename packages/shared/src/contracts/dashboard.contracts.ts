import { defineContract } from '../contract.js';
import { dashboardQuerySchema, dashboardSchema, dashboardTodoSchema } from '../dashboard.js';

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
