import { defineContract } from '../contract.js';
import { idempotencyHeadersSchema } from '../credits.js';
import { listResponseSchema } from '../list.js';
import { idParamsSchema } from '../schema-blocks.js';
import {
  createTopUpBodySchema,
  rejectTopUpBodySchema,
  topUpListQuerySchema,
  topUpPendingCountSchema,
  topUpRequestSchema,
} from '../topup.js';

const tags = ['topups'];

export const create = defineContract({
  method: 'POST',
  path: '/api/topups',
  access: 'signedIn',
  tags,
  summary: 'Request a top-up: a credit package and the reference of the payment made',
  body: createTopUpBodySchema,
  status: 201,
  response: topUpRequestSchema,
  errors: ['CREDIT_PACKAGE_NOT_FOUND', 'PAYMENT_REFERENCE_REQUIRED'],
});

export const list = defineContract({
  method: 'GET',
  path: '/api/topups',
  access: 'signedIn',
  tags,
  summary: 'Top-up requests, newest first (mine; admins: all, ?status=&account_id=)',
  query: topUpListQuerySchema,
  response: listResponseSchema(topUpRequestSchema),
});

export const pendingCount = defineContract({
  method: 'GET',
  path: '/api/topups/pending-count',
  access: 'admin',
  tags,
  summary: 'How many top-up requests wait for a decision (admin)',
  response: topUpPendingCountSchema,
  errors: ['ADMIN_ONLY'],
});

export const approve = defineContract({
  method: 'POST',
  path: '/api/topups/:id/approve',
  access: 'admin',
  tags,
  summary:
    'Approve a pending request (admin): the credits are added once, the requester is messaged. A second decision answers 409. Accepts an `Idempotency-Key` header.',
  params: idParamsSchema,
  headers: idempotencyHeadersSchema,
  response: topUpRequestSchema,
  errors: ['ADMIN_ONLY', 'TOPUP_NOT_FOUND', 'TOPUP_ALREADY_DECIDED', 'IDEMPOTENCY_KEY_REUSED'],
});

export const reject = defineContract({
  method: 'POST',
  path: '/api/topups/:id/reject',
  access: 'admin',
  tags,
  summary: 'Reject a pending request with a reason (admin); the requester is messaged',
  params: idParamsSchema,
  body: rejectTopUpBodySchema,
  response: topUpRequestSchema,
  errors: ['ADMIN_ONLY', 'REJECT_REASON_REQUIRED', 'TOPUP_NOT_FOUND', 'TOPUP_ALREADY_DECIDED'],
});
