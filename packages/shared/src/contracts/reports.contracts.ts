import { defineContract } from '../contract.js';
import { reportQuerySchema, reportSchema } from '../reports.js';

export const get = defineContract({
  method: 'GET',
  path: '/api/reports',
  // Reports are of the credits and lines an account's tree sells: only those who sell lines have any.
  access: { permission: 'view_users' },
  tags: ['reports'],
  summary: 'Credits, lines, expiries, churn and trial conversion of an account or its tree, by day or month',
  description:
    'Resellers get their own account or any account below them (`account_id`), alone or with its whole subtree (`scope`); another account answers 404. Admins may name any account, or none for the whole panel, and also get the money that came in per payment method. Periods are UTC days or months from `from` to `to`; a line counts as churned when it was not renewed within `churn_days` of its expiry.',
  query: reportQuerySchema,
  response: reportSchema,
  errors: ['USER_NOT_FOUND', 'REPORT_RANGE_INVALID'],
});
