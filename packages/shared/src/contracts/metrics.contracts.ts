import { z } from 'zod';
import { defineContract } from '../contract.js';

export const get = defineContract({
  method: 'GET',
  path: '/api/metrics',
  // Not a panel account's: the scraper proves itself with METRICS_TOKEN or its address.
  access: 'public',
  tags: ['system'],
  summary: "Prometheus metrics of this instance and of the panel's database (text exposition format)",
  description:
    'Off unless METRICS_TOKEN or METRICS_ALLOWED_ADDRESSES is set. A scraper sends ' +
    '`Authorization: Bearer <METRICS_TOKEN>`, or connects from an allowed address. See docs/deploy.md ' +
    'for the metrics and what to alert on.',
  headers: z.looseObject({ authorization: z.string().max(500).optional() }),
  response: null,
  errors: ['METRICS_DISABLED'],
});
