import { defineContract } from '../contract.js';
import { dashboardQuerySchema, dashboardSchema } from '../dashboard.js';

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
