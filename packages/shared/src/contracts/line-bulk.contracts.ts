import { contractGroup } from '../contract.js';
import { idempotencyHeadersSchema } from '../credits.js';
import { lineBulkBodySchema, lineBulkJobSchema, lineBulkPreviewSchema } from '../line-bulk.js';
import { lineMoveBodySchema, lineMovePreviewSchema } from '../line-move.js';
import type { ErrorCode } from '../errors.js';
import { idParamsSchema } from '../schema-blocks.js';

/** A caller's bulk actions over the lines they see. */
const bulkContract = contractGroup({ access: { permission: 'view_users' }, tags: ['lines'] });
const bodyDescription =
  "Existing lines are chosen by `ids` or by `filter` (the list filters of GET /api/lines; `{}` = every line the caller sees): `renew` (with `subscription_months`), `enable`, `disable`, `delete`, `move` to another account (`target_owner_id`: admins any reseller, a reseller itself or an account below it; the lines of the mover's tree; refused whole when the target's tree has no room for them, LINE_LIMIT_REACHED; `credits` optionally go along once, from the lines' one owner, through the ledger). `create` makes `count` lines (at most 500) named `username_prefix` + 6 random characters with random passwords, for `subscription_months`, on `server_id` or the newest active server.";

/** What the preview and the start both refuse in a body, checked the same way before anything is charged. */
const bodyRefusals = [
  'LINE_BULK_NOTHING_SELECTED',
  'LINE_BULK_TOO_MANY',
  'LINE_BULK_CREDITS_MOVE_ONLY',
  'LINE_BULK_TARGET_REQUIRED',
  'LINE_TRANSFER_TARGET_NOT_FOUND',
  'LINE_TRANSFER_TARGET_NOT_RESELLER',
  'LINE_LIMIT_REACHED',
  'LINE_BULK_PLAN_REQUIRED',
  'LINE_PLAN_NOT_FOUND',
  'LINE_INVALID_DURATION',
  'LINE_BULK_INVALID_COUNT',
  'LINE_BULK_INVALID_PREFIX',
  'LINE_USERNAME_TOO_LONG_FOR_CCCAM',
  'LINE_PLAN_DURATION_NOT_OFFERED',
  'LINE_PLAN_PROTOCOL_NOT_ALLOWED',
  'LINE_PLAN_NOT_ALLOWED',
  'LINE_SERVER_NOT_ALLOWED',
  'LINE_PLAN_GROUP_UNKNOWN',
  'LINE_PLAN_SERVICE_UNKNOWN',
  'LINE_NO_ACTIVE_SERVERS',
  'SERVER_NOT_FOUND',
] as const satisfies readonly ErrorCode[];

export const preview = bulkContract({
  method: 'POST',
  path: '/api/lines/bulk/preview',
  summary: 'What a bulk action would touch and cost, before anything is charged',
  description: bodyDescription,
  body: lineBulkBodySchema,
  response: lineBulkPreviewSchema,
  errors: bodyRefusals,
});

export const start = bulkContract({
  method: 'POST',
  path: '/api/lines/bulk',
  summary:
    'Start a bulk action in the background; each line charged on its own, progress on the event stream (line_bulk_jobs)',
  description: `${bodyDescription} Refused (402 INSUFFICIENT_CREDITS) before anything starts when the balance does not cover every line. Lines the caller may not touch are refused one by one (LINE_NOT_FOUND). Accepts an \`Idempotency-Key\` header: a retry with the same key answers the first job and starts none.`,
  headers: idempotencyHeadersSchema,
  body: lineBulkBodySchema,
  status: 202,
  response: lineBulkJobSchema,
  errors: [
    ...bodyRefusals,
    'LINE_TRANSFER_CREDITS_ONE_OWNER',
    'INSUFFICIENT_CREDITS',
    'CREDIT_LIMIT_EXCEEDED',
    'BALANCE_NEGATIVE',
    'IDEMPOTENCY_KEY_REUSED',
    'LINE_BULK_NOT_FOUND',
  ],
});

export const get = bulkContract({
  method: 'GET',
  path: '/api/lines/bulk/:id',
  summary: "A bulk action's progress and its first refused lines (the caller's own actions)",
  params: idParamsSchema,
  response: lineBulkJobSchema,
  errors: ['LINE_BULK_NOT_FOUND'],
});

export const resultsCsv = bulkContract({
  method: 'GET',
  path: '/api/lines/bulk/:id/results.csv',
  summary:
    'Every line of a bulk action and its result (done, refused with code and reason); for a bulk create the credentials with their connection lines',
  params: idParamsSchema,
  response: null,
  errors: ['LINE_BULK_NOT_FOUND'],
});

/** Moving lines to another server: admins only, whatever their permissions say. */
const moveContract = contractGroup({ access: 'admin', tags: ['lines'] });
const moveDescription =
  'The lines are chosen by `ids` or as every line of `source_server_id`; `target_server_id` is an active server of the same protocol. Each line is added on the target first, then removed from the server it was on, then checked in sync; an agent that is down holds its lines back until it answers again. Owners whose connection lines change (the target has another address) are told their new ones (notification `line_moved`).';
const moveRefusals = [
  'LINE_MOVE_SOURCE_REQUIRED',
  'LINE_MOVE_SAME_SERVER',
  'LINE_MOVE_TARGET_INACTIVE',
  'LINE_MOVE_PROTOCOL_MISMATCH',
  'LINE_MOVE_FILE_MISMATCH',
  'LINE_BULK_NOTHING_SELECTED',
  'SERVER_NOT_FOUND',
] as const satisfies readonly ErrorCode[];

export const movePreview = moveContract({
  method: 'POST',
  path: '/api/lines/server-move/preview',
  summary: 'How many lines a move to another server would touch (admin), with nothing changed',
  description: moveDescription,
  body: lineMoveBodySchema,
  response: lineMovePreviewSchema,
  errors: moveRefusals,
});

export const moveStart = moveContract({
  method: 'POST',
  path: '/api/lines/server-move',
  summary:
    'Start moving lines to another server in the background (admin); progress as a bulk action (GET /api/lines/bulk/:id, event line_bulk_jobs)',
  description: moveDescription,
  body: lineMoveBodySchema,
  status: 202,
  response: lineBulkJobSchema,
  errors: [...moveRefusals, 'LINE_BULK_NOT_FOUND'],
});
