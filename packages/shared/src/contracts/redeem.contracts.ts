import { defineContract } from '../contract.js';
import { idempotencyHeadersSchema } from '../credits.js';
import { listResponseSchema } from '../list.js';
import {
  createRedeemCodesBodySchema,
  createdRedeemCodesSchema,
  redeemBodySchema,
  redeemCodeListQuerySchema,
  redeemCodePatchSchema,
  redeemCodeSchema,
  redeemHistoryEntrySchema,
  redeemHistoryQuerySchema,
  redeemResultSchema,
} from '../redeem.js';
import { idParamsSchema } from '../schema-blocks.js';

const tags = ['redeem'];

export const listCodes = defineContract({
  method: 'GET',
  path: '/api/redeem-codes',
  access: 'admin',
  tags,
  summary: 'Redeem codes with times_used (admin); codes themselves are never listed',
  query: redeemCodeListQuerySchema,
  response: listResponseSchema(redeemCodeSchema),
  errors: ['ADMIN_ONLY'],
});

export const createCodes = defineContract({
  method: 'POST',
  path: '/api/redeem-codes',
  access: 'admin',
  tags,
  summary: 'Create one code or a batch (admin); the answer is the only time the codes are shown',
  body: createRedeemCodesBodySchema,
  status: 201,
  response: createdRedeemCodesSchema,
  errors: ['ADMIN_ONLY', 'CREDITS_NOT_POSITIVE', 'CREDITS_TOO_LARGE', 'EXPIRY_IN_PAST'],
});

export const updateCode = defineContract({
  method: 'PATCH',
  path: '/api/redeem-codes/:id',
  access: 'admin',
  tags,
  summary: 'Deactivate, reactivate, describe or change the expiry of a code (admin)',
  params: idParamsSchema,
  body: redeemCodePatchSchema,
  response: redeemCodeSchema,
  errors: ['ADMIN_ONLY', 'REDEEM_CODE_NOT_FOUND', 'EXPIRY_IN_PAST'],
});

export const deleteCode = defineContract({
  method: 'DELETE',
  path: '/api/redeem-codes/:id',
  access: 'admin',
  tags,
  summary: 'Delete a code (admin); its history stays',
  params: idParamsSchema,
  status: 204,
  response: null,
  errors: ['ADMIN_ONLY', 'REDEEM_CODE_NOT_FOUND'],
});

export const redeem = defineContract({
  method: 'POST',
  path: '/api/redeem',
  access: 'signedIn',
  tags,
  summary:
    "Redeem a code for the signed-in account. Refusals: 'Invalid or expired code', 'Code already redeemed by this user', 'User not found'; more than 10 failures in an hour → 429. Accepts an `Idempotency-Key` header.",
  headers: idempotencyHeadersSchema,
  body: redeemBodySchema,
  response: redeemResultSchema,
  errors: [
    'INVALID_OR_EXPIRED_CODE',
    'CODE_ALREADY_REDEEMED',
    'USER_NOT_FOUND',
    'RATE_LIMITED',
    'IDEMPOTENCY_KEY_REUSED',
  ],
});

export const listHistory = defineContract({
  method: 'GET',
  path: '/api/redeem-history',
  access: 'signedIn',
  tags,
  summary: 'My redemption attempts (admins: everyone, or ?user_id=)',
  query: redeemHistoryQuerySchema,
  response: listResponseSchema(redeemHistoryEntrySchema),
});
