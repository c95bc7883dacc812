import { z } from 'zod';
import { defineContract } from '../contract.js';

export const get = defineContract({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  tags: ['system'],
  summary: 'Liveness for load balancers; 503 when the database is unreachable',
  response: z.object({ status: z.literal('ok'), db: z.literal('ok') }),
});
