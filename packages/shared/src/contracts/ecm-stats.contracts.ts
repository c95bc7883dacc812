import { contractGroup, defineContract } from '../contract.js';
import {
  ecmRangeQuerySchema,
  ecmSettingsBodySchema,
  ecmSettingsSchema,
  ecmSummarySchema,
  lineEcmStatsSchema,
  serverEcmStatsSchema,
  winBackResultSchema,
} from '../ecm-stats.js';
import { idParamsSchema } from '../schema-blocks.js';

/** A line's figures, for whoever may see the line. */
const lineContract = contractGroup({ access: { permission: 'view_users' }, tags: ['lines'] });

export const line = lineContract({
  method: 'GET',
  path: '/api/lines/:id/ecm-stats',
  summary:
    'Is the customer getting pictures: ECMs answered and not, answer time and channels watched over a range',
  params: idParamsSchema,
  query: ecmRangeQuerySchema,
  response: lineEcmStatsSchema,
  errors: ['LINE_NOT_FOUND'],
});

export const server = defineContract({
  method: 'GET',
  path: '/api/servers/:id/ecm-stats',
  access: 'admin',
  tags: ['servers'],
  summary: "A server's answer rate and time over a range, and its readers (admin)",
  params: idParamsSchema,
  query: ecmRangeQuerySchema,
  response: serverEcmStatsSchema,
  errors: ['SERVER_NOT_FOUND'],
});

export const summary = defineContract({
  method: 'GET',
  path: '/api/dashboard/ecm',
  access: { permission: 'view_users' },
  tags: ['dashboard'],
  summary: "ECMs answered and not over the last 24 hours (admins: every server; resellers: their lines')",
  response: ecmSummarySchema,
});

export const getSettings = defineContract({
  method: 'GET',
  path: '/api/ecm-settings',
  access: 'admin',
  tags: ['servers'],
  summary: "How long ECM statistics are kept per rollup, and the churn radar's days (admin)",
  response: ecmSettingsSchema,
});

export const updateSettings = defineContract({
  method: 'PUT',
  path: '/api/ecm-settings',
  access: 'admin',
  tags: ['servers'],
  summary:
    "Change how long ECM statistics are kept: minutes (hours), hours (days) and days (days); and the churn radar's days: without an answered ECM (0 = off) and before expiry (admin)",
  body: ecmSettingsBodySchema,
  response: ecmSettingsSchema,
  errors: ['ECM_STATS_INVALID_SETTINGS', 'ECM_CHURN_INVALID_SETTINGS'],
});

export const winBack = defineContract({
  method: 'POST',
  path: '/api/lines/:id/win-back',
  access: { permission: 'view_users' },
  tags: ['lines'],
  summary:
    "Mail the line's customer a win-back message in their language (the churn radar's one click): the line, its expiry, the portal and how to reach the reseller. Once a week per line",
  params: idParamsSchema,
  response: winBackResultSchema,
  errors: ['LINE_NOT_FOUND', 'LINE_NO_CUSTOMER_EMAIL', 'LINE_WIN_BACK_TOO_SOON'],
});
