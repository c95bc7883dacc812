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

export const live = defineContract({
  method: 'GET',
  path: '/api/health/live',
  access: 'public',
  tags: ['system'],
  summary: 'Liveness: the process answers (no database call); restart the instance when it does not',
  response: z.object({ status: z.literal('ok') }),
});

export const ready = defineContract({
  method: 'GET',
  path: '/api/health/ready',
  access: 'public',
  tags: ['system'],
  summary:
    "Readiness: the database answers, its migrations are this build's, and the instance is not shutting down; otherwise 503",
  description:
    'A load balancer sends new requests only to instances that answer 200 here. From SIGTERM on the ' +
    'instance answers 503 for SHUTDOWN_DRAIN_SECONDS while it still serves requests, then closes.',
  response: z.object({ status: z.literal('ok'), db: z.literal('ok'), migrations: z.literal('ok') }),
});
