import { defineContract } from '../contract.js';
import { outageListSchema } from '../outages.js';

export const list = defineContract({
  method: 'GET',
  path: '/api/outages',
  access: { permission: 'view_users' },
  tags: ['servers'],
  summary:
    "Servers' outages: open ones first, then the last 30 days' (admins: every server; resellers: the servers their lines are on, with their own affected lines)",
  response: outageListSchema,
});
