import { defineContract } from '../contract.js';
import { lineWriteResultSchema } from '../line.js';
import { freezeRequestSchema, lineFreezeRequestSchema } from '../portal.js';
import { idParamsSchema } from '../schema-blocks.js';

const tags = ['lines'];
/** Lines need view_users; the line's owner, anyone above it in the tree, and admins may act on it. */
const lineAccess = { permission: 'view_users' } as const;
/** What refuses a freeze, from the panel or by approving a customer's ask: one rule (`assertFreezable`). */
const freezeRefusals = [
  'LINE_FREEZE_OFF',
  'LINE_FREEZE_EXPIRED',
  'LINE_FREEZE_SUSPENDED',
  'LINE_ALREADY_FROZEN',
  'LINE_FREEZE_LIMIT_REACHED',
  'LINE_REFUSED_BY_SERVER',
  'LINE_ARCHIVED',
] as const;

export const freeze = defineContract({
  method: 'POST',
  path: '/api/lines/:id/freeze',
  access: lineAccess,
  tags,
  summary:
    "Freeze a line (customer on holiday): disabled on its server, the days it has left kept until it is unfrozen (by its owner, anyone above it, an admin, or by itself after the admin's longest freeze)",
  params: idParamsSchema,
  response: lineWriteResultSchema,
  errors: ['LINE_NOT_FOUND', ...freezeRefusals],
});

export const unfreeze = defineContract({
  method: 'POST',
  path: '/api/lines/:id/unfreeze',
  access: lineAccess,
  tags,
  summary: 'Unfreeze a line: enabled again, expiring the kept days from today on',
  params: idParamsSchema,
  response: lineWriteResultSchema,
  errors: ['LINE_NOT_FOUND', 'LINE_NOT_FROZEN', 'LINE_REFUSED_BY_SERVER', 'LINE_ARCHIVED'],
});

export const freezeRequest = defineContract({
  method: 'GET',
  path: '/api/lines/:id/freeze-request',
  access: lineAccess,
  tags,
  summary:
    "The line's customer ask for a freeze while it waits for an answer or stands scheduled for a later start day (null otherwise), for the line page",
  params: idParamsSchema,
  response: lineFreezeRequestSchema,
  errors: ['LINE_NOT_FOUND'],
});

export const approveFreezeRequest = defineContract({
  method: 'POST',
  path: '/api/lines/:id/freeze-request/approve',
  access: lineAccess,
  tags,
  summary:
    "Approve a customer's ask (from the portal) to freeze their line: the line is frozen now, as a freeze from the panel, or on the ask's start day when that is later",
  params: idParamsSchema,
  response: lineWriteResultSchema,
  errors: ['LINE_NOT_FOUND', 'PORTAL_FREEZE_REQUEST_NOT_FOUND', ...freezeRefusals],
});

export const refuseFreezeRequest = defineContract({
  method: 'POST',
  path: '/api/lines/:id/freeze-request/refuse',
  access: lineAccess,
  tags,
  summary:
    "Refuse a customer's ask to freeze their line, or cancel its freeze scheduled for a later day: the customer sees it refused",
  params: idParamsSchema,
  response: freezeRequestSchema,
  errors: ['LINE_NOT_FOUND', 'PORTAL_FREEZE_REQUEST_NOT_FOUND'],
});
