import { z } from 'zod';
import { defineContract } from '../contract.js';
import { idempotencyHeadersSchema } from '../credits.js';
import {
  lineCreateBodySchema,
  lineDeleteResultSchema,
  lineEventSchema,
  linePatchBodySchema,
  lineReconcileResultSchema,
  lineRenewBodySchema,
  lineSchema,
  lineSettingsBodySchema,
  lineSettingsSchema,
  lineWriteResultSchema,
} from '../line.js';
import { lineListQuerySchema, lineListResponseSchema, lineReconcileQuerySchema } from '../line-list.js';
import { idParamsSchema } from '../schema-blocks.js';

const tags = ['lines'];
/** Admins manage every line, resellers (view_users) their own; anyone else is refused. */
const lineAccess = { permission: 'view_users' } as const;

export const list = defineContract({
  method: 'GET',
  path: '/api/lines',
  access: lineAccess,
  tags,
  summary: 'Lines, paged (admins: all; resellers: their own)',
  description:
    "With `counts=true` the answer also carries `quick_counts`: how many of the caller's lines each quick filter selects (expiring within 7 days, expired, online, failing sync, sharing), over the caller's whole list whatever else is filtered.",
  query: lineListQuerySchema,
  response: lineListResponseSchema,
});

export const exportCsv = defineContract({
  method: 'GET',
  path: '/api/lines/export.csv',
  access: lineAccess,
  tags,
  summary: "CSV of the list's current filter and order (paging ignored); dates DD-MM-YYYY",
  query: lineListQuerySchema,
  response: null,
});

export const create = defineContract({
  method: 'POST',
  path: '/api/lines',
  access: lineAccess,
  tags,
  summary:
    'Create a line: charged at the spec price (admins and trials free); the server is told after the commit',
  description:
    'Accepts an `Idempotency-Key` header: a retry with the same key and body returns the first result and creates nothing; the same key with another body answers 422 IDEMPOTENCY_KEY_REUSED.',
  headers: idempotencyHeadersSchema,
  body: lineCreateBodySchema,
  status: 201,
  response: lineWriteResultSchema,
  errors: [
    'LINE_CREDENTIALS_REQUIRED',
    'LINE_INVALID_USERNAME',
    'LINE_INVALID_PASSWORD',
    'LINE_INVALID_DURATION',
    'LINE_PLAN_NOT_FOUND',
    'LINE_PLAN_DURATION_NOT_OFFERED',
    'LINE_NO_ACTIVE_SERVERS',
    'SERVER_NOT_FOUND',
    'LINE_USERNAME_TOO_LONG_FOR_CCCAM',
    'LINE_PLAN_PROTOCOL_NOT_ALLOWED',
    'LINE_PLAN_GROUP_UNKNOWN',
    'LINE_PLAN_SERVICE_UNKNOWN',
    'LINE_TRIAL_LIMIT_REACHED',
    'LINE_TRIAL_MIN_BALANCE',
    'LINE_PLAN_NOT_ALLOWED',
    'LINE_SERVER_NOT_ALLOWED',
    'LINE_LIMIT_REACHED',
    'LINE_USERNAME_TAKEN',
    'LINE_USERNAME_YOURS',
    'INSUFFICIENT_CREDITS',
    'CREDIT_LIMIT_EXCEEDED',
    'BALANCE_NEGATIVE',
    'IDEMPOTENCY_KEY_REUSED',
    'LINE_NOT_FOUND',
  ],
});

export const get = defineContract({
  method: 'GET',
  path: '/api/lines/:id',
  access: lineAccess,
  tags,
  summary: 'One line',
  params: idParamsSchema,
  response: lineSchema,
  errors: ['LINE_NOT_FOUND'],
});

export const update = defineContract({
  method: 'PATCH',
  path: '/api/lines/:id',
  access: lineAccess,
  tags,
  summary: 'Edit a line (expiry_date: admins only); enabled false suspends it',
  params: idParamsSchema,
  body: linePatchBodySchema,
  response: lineWriteResultSchema,
  errors: [
    'LINE_NOT_FOUND',
    'LINE_FROZEN',
    'LINE_EXPIRY_ADMIN_ONLY',
    'LINE_INVALID_EXPIRY_DATE',
    'LINE_INVALID_PASSWORD',
    'LINE_NOTHING_TO_UPDATE',
    'LINE_OVERRIDES_ADMIN_ONLY',
    'LINE_ENTRY_EXTRA_INVALID',
    'LINE_PLAN_GROUP_UNKNOWN',
    'LINE_PLAN_SERVICE_UNKNOWN',
    'LINE_PLAN_INVALID_CAID',
    'LINE_PLAN_INVALID_GROUP',
    'LINE_PLAN_INVALID_SERVICE',
    'LINE_PLAN_INVALID_TIMEFRAME',
    'LINE_PLAN_INVALID_AU',
    'LINE_REFUSED_BY_SERVER',
    'LINE_ARCHIVED',
  ],
});

export const remove = defineContract({
  method: 'DELETE',
  path: '/api/lines/:id',
  access: lineAccess,
  tags,
  summary: 'Delete a line: the server is told first, the line is deleted whatever it answers',
  params: idParamsSchema,
  response: lineDeleteResultSchema,
  errors: ['LINE_NOT_FOUND'],
});

export const renew = defineContract({
  method: 'POST',
  path: '/api/lines/:id/renew',
  access: lineAccess,
  tags,
  summary: 'Renew: months added to the expiry (or to today once expired), charged at the spec price',
  description:
    'Accepts an `Idempotency-Key` header: a retry with the same key returns the first result and charges nothing. ' +
    "With `plan_id` the line moves to that plan in the same write: the renewal is priced on it, and the days the line has left are charged the plans' difference pro rata.",
  headers: idempotencyHeadersSchema,
  params: idParamsSchema,
  body: lineRenewBodySchema,
  response: lineWriteResultSchema,
  errors: [
    'LINE_NOT_FOUND',
    'LINE_INVALID_DURATION',
    'LINE_PLAN_DURATION_NOT_OFFERED',
    'LINE_PLAN_NOT_FOUND',
    'LINE_PLAN_NOT_ALLOWED',
    'LINE_PLAN_PROTOCOL_NOT_ALLOWED',
    'LINE_PLAN_GROUP_UNKNOWN',
    'LINE_PLAN_SERVICE_UNKNOWN',
    'LINE_EXPIRY_OUT_OF_RANGE',
    'INSUFFICIENT_CREDITS',
    'CREDIT_LIMIT_EXCEEDED',
    'BALANCE_NEGATIVE',
    'IDEMPOTENCY_KEY_REUSED',
    'LINE_REFUSED_BY_SERVER',
    'LINE_ARCHIVED',
  ],
});

export const sync = defineContract({
  method: 'POST',
  path: '/api/lines/:id/sync',
  access: lineAccess,
  tags,
  summary: "Deliver the line's current state to its server now",
  params: idParamsSchema,
  response: lineWriteResultSchema,
  errors: ['LINE_NOT_FOUND', 'LINE_REFUSED_BY_SERVER', 'LINE_ARCHIVED'],
});

export const events = defineContract({
  method: 'GET',
  path: '/api/lines/:id/events',
  access: lineAccess,
  tags,
  summary: "The line's history, newest first",
  params: idParamsSchema,
  response: z.object({ items: z.array(lineEventSchema) }),
  errors: ['LINE_NOT_FOUND'],
});

export const getSettings = defineContract({
  method: 'GET',
  path: '/api/line-settings',
  access: lineAccess,
  tags,
  summary:
    "Line settings: the trial length in days and the daily trial limit, with the caller's trial lines left today, and the business time zone whose days expiry dates are (resellers and admins)",
  response: lineSettingsSchema,
});

export const setSettings = defineContract({
  method: 'PUT',
  path: '/api/line-settings',
  access: 'admin',
  tags,
  summary:
    'Change the line settings (admin): trial length, trial lines per reseller per day (0 = none), the business time zone (every line on a server is sent to its agent again with the instant it ends), and/or the freeze limits per line (freezes in 12 months, 0 = off; the longest freeze, after which a line unfreezes by itself), and/or what happens to lines that ended (off, archive or delete, after how many days)',
  body: lineSettingsBodySchema,
  response: lineSettingsSchema,
  errors: [
    'LINE_INVALID_TRIAL_DAYS',
    'LINE_INVALID_TRIAL_LIMIT',
    'LINE_INVALID_TIME_ZONE',
    'LINE_FREEZE_INVALID_SETTING',
    'LINE_ENDED_INVALID_SETTING',
  ],
});

export const reconcile = defineContract({
  method: 'POST',
  path: '/api/servers/:id/reconcile',
  access: 'admin',
  tags: ['lines', 'servers'],
  summary: "Compare the server's users with the panel's lines and repair the differences (admin)",
  description:
    "Users on the server without a line are removed only when the panel wrote them there (its history shows the line synced on that server) and no move keeps them for its grace period. When they are more than LINE_RECONCILE_MAX_REMOVE_PERCENT of the server's users, none is removed: the answer counts them in `held`, admins are told, and `confirm_removals=true` removes them.",
  params: idParamsSchema,
  query: lineReconcileQuerySchema,
  response: lineReconcileResultSchema,
  errors: [
    'SERVER_NOT_FOUND',
    'SERVER_CONFIG_INCOMPLETE',
    'SERVER_CONNECTION_FAILED',
    'SERVER_AUTH_FAILED',
    'SERVER_API_NOT_RESPONDING',
  ],
});
