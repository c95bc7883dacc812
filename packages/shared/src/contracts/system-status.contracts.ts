import { defineContract } from '../contract.js';
import { systemStatusSchema } from '../system-status.js';

export const get = defineContract({
  method: 'GET',
  path: '/api/system/status',
  access: 'admin',
  tags: ['system'],
  summary: 'Database, migrations, event stream, background jobs, outbox, mail and uptime (admin)',
  description: 'For people; load balancers use GET /api/health.',
  response: systemStatusSchema,
  errors: ['ADMIN_ONLY'],
});
