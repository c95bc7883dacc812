import {
  activationBodySchema,
  activationCodeListQuerySchema,
  activationCodeSchema,
  activationCodesBodySchema,
  activationCodesGeneratedSchema,
  activationCodesPreviewSchema,
  activationCodeVoidResultSchema,
  activationErrors,
  activationResultSchema,
} from '../activation-code.js';
import { contractGroup } from '../contract.js';
import { idempotencyHeadersSchema } from '../credits.js';
import type { ErrorCode } from '../errors.js';
import { listResponseSchema } from '../list.js';
import { idParamsSchema } from '../schema-blocks.js';

/** Whoever sells lines (admins, resellers with view_users) generates and uses their own codes. */
const codeContract = contractGroup({ access: { permission: 'view_users' }, tags: ['activation-codes'] });

/** What the preview and the generation both refuse in a body, before anything is charged. */
const bodyRefusals = [
  'ACTIVATION_CODES_INVALID_COUNT',
  'ACTIVATION_CODES_INVALID_VALIDITY',
  'LINE_PLAN_NOT_FOUND',
  'LINE_INVALID_DURATION',
  'LINE_PLAN_DURATION_NOT_OFFERED',
  'LINE_PLAN_NOT_ALLOWED',
  'INSUFFICIENT_CREDITS',
  'CREDIT_LIMIT_EXCEEDED',
  'BALANCE_NEGATIVE',
] as const satisfies readonly ErrorCode[];

export const preview = codeContract({
  method: 'POST',
  path: '/api/activation-codes/preview',
  summary: 'What generating these codes costs and the balance it leaves, before anything is charged',
  description:
    'Refused (402 INSUFFICIENT_CREDITS) when the balance does not cover every code, as the generation would be.',
  body: activationCodesBodySchema,
  response: activationCodesPreviewSchema,
  errors: bodyRefusals,
});

export const generate = codeContract({
  method: 'POST',
  path: '/api/activation-codes',
  summary: 'Generate 1–1000 activation codes, charged together at the price of their line (admins free)',
  description:
    'The codes and the charge commit in one transaction. Accepts an `Idempotency-Key` header: a retry with the same key and body answers the first codes and charges nothing.',
  headers: idempotencyHeadersSchema,
  body: activationCodesBodySchema,
  status: 201,
  response: activationCodesGeneratedSchema,
  errors: [...bodyRefusals, 'IDEMPOTENCY_KEY_REUSED'],
});

export const list = codeContract({
  method: 'GET',
  path: '/api/activation-codes',
  summary: 'Activation codes, newest first (admins: everyone’s; resellers: their own)',
  query: activationCodeListQuerySchema,
  response: listResponseSchema(activationCodeSchema),
});

export const exportCsv = codeContract({
  method: 'GET',
  path: '/api/activation-codes/export.csv',
  summary: "CSV of the codes the list's filter selects (paging ignored)",
  query: activationCodeListQuerySchema,
  response: null,
});

export const voidCode = codeContract({
  method: 'POST',
  path: '/api/activation-codes/:id/void',
  summary: 'Void an unused code and refund what it cost in full',
  params: idParamsSchema,
  response: activationCodeVoidResultSchema,
  errors: ['ACTIVATION_CODE_NOT_FOUND', 'ACTIVATION_CODE_USED', 'ACTIVATION_CODE_VOID'],
});

export const activate = codeContract({
  method: 'POST',
  path: '/api/activation-codes/activate',
  summary:
    "Use a code: a new line (credentials given or generated), or a renewal of one of the owner's lines; nothing more is charged",
  description:
    'Of many concurrent activations of one code exactly one succeeds; the others answer 409 ACTIVATION_CODE_USED. The line is written, synced and recorded like any create or renewal.',
  body: activationBodySchema,
  response: activationResultSchema,
  errors: activationErrors,
});
