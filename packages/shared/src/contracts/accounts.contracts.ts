import { z } from 'zod';
import {
  acceptInviteBodySchema,
  accountListQuerySchema,
  accountPatchSchema,
  createAccountBodySchema,
  createAccountResultSchema,
  managedAccountSchema,
  meSchema,
} from '../account.js';
import { messageResponseSchema, updateProfileBodySchema } from '../auth.js';
import { resendAccountConfirmationResultSchema } from '../confirmation.js';
import { defineContract } from '../contract.js';
import {
  creditAmountBodySchema,
  creditOperationResultSchema,
  idempotencyHeadersSchema,
  setCreditsBodySchema,
} from '../credits.js';
import { listResponseSchema } from '../list.js';

const tags = ['accounts'];

/** Account ids are better-auth's (alphanumeric) or UUIDs; anything else is 'Invalid user ID'. */
const accountIdParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'INVALID_USER_ID' }),
});

const idempotencyNote =
  ' Send an `Idempotency-Key` header to make a retry return the first result instead of moving credits twice.';

export const getMe = defineContract({
  method: 'GET',
  path: '/api/me',
  access: 'signedIn',
  tags,
  summary: 'The signed-in account with its permissions',
  response: meSchema,
  errors: ['UNAUTHENTICATED'],
});

export const updateMe = defineContract({
  method: 'PATCH',
  path: '/api/me',
  access: 'signedIn',
  tags,
  summary: 'Update my profile',
  body: updateProfileBodySchema,
  response: meSchema,
  errors: ['UNAUTHENTICATED'],
});

export const list = defineContract({
  method: 'GET',
  path: '/api/accounts',
  access: 'signedIn',
  tags,
  summary:
    'Accounts (admins: all; others: the accounts they own, with `subtree=true` their whole tree and each level)',
  query: accountListQuerySchema,
  response: listResponseSchema(managedAccountSchema),
});

export const create = defineContract({
  method: 'POST',
  path: '/api/accounts',
  access: 'signedIn',
  tags,
  summary: 'Create an account (admin) or a sub-account (reseller); without a password an invite mail is sent',
  body: createAccountBodySchema,
  status: 201,
  response: createAccountResultSchema,
  errors: [
    'FORBIDDEN',
    'ADMIN_ONLY',
    'GROUP_NOT_FOUND',
    'EMAIL_TAKEN',
    'INVALID_EMAIL',
    'PASSWORD_TOO_SHORT',
    'SUB_RESELLER_NOT_ALLOWED',
    'SUB_RESELLER_DEPTH_REACHED',
    'INSUFFICIENT_CREDITS',
    'CREDIT_LIMIT_EXCEEDED',
    'BALANCE_NEGATIVE',
    'CREDIT_LIMIT_EXCEEDED',
  ],
});

export const acceptInvite = defineContract({
  method: 'POST',
  path: '/api/accounts/invite/accept',
  access: 'public',
  tags,
  summary: "Set the first password with an invite link's token (no sign-in needed)",
  body: acceptInviteBodySchema,
  response: messageResponseSchema,
  errors: ['INVALID_TOKEN', 'PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG'],
});

export const get = defineContract({
  method: 'GET',
  path: '/api/accounts/:id',
  access: 'signedIn',
  tags,
  summary: 'One account (admins: any; resellers: their own sub-accounts)',
  params: accountIdParamsSchema,
  response: managedAccountSchema,
  errors: ['USER_NOT_FOUND', 'INVALID_USER_ID'],
});

export const update = defineContract({
  method: 'PATCH',
  path: '/api/accounts/:id',
  access: 'signedIn',
  tags,
  summary: 'Change group, ban or unban (admin); notes and full name (admin or owner)',
  params: accountIdParamsSchema,
  body: accountPatchSchema,
  response: managedAccountSchema,
  errors: ['USER_NOT_FOUND', 'ADMIN_ONLY', 'FORBIDDEN', 'GROUP_NOT_FOUND', 'INVALID_USER_ID'],
});

export const endSessions = defineContract({
  method: 'DELETE',
  path: '/api/accounts/:id/sessions',
  access: 'admin',
  tags,
  summary: "End all of an account's sessions (admin)",
  params: accountIdParamsSchema,
  response: messageResponseSchema.extend({ ended: z.number().int() }),
  errors: ['ADMIN_ONLY', 'USER_NOT_FOUND'],
});

export const resendConfirmation = defineContract({
  method: 'POST',
  path: '/api/accounts/:id/resend-confirmation',
  access: 'admin',
  tags,
  summary:
    'Send an unconfirmed account its confirmation mail again; an invited account gets a new invite (admin)',
  params: accountIdParamsSchema,
  response: resendAccountConfirmationResultSchema,
  errors: ['ADMIN_ONLY', 'USER_NOT_FOUND', 'ACCOUNT_ALREADY_CONFIRMED'],
});

export const addCredits = defineContract({
  method: 'POST',
  path: '/api/accounts/:id/credits',
  access: { permission: 'add_credits' },
  tags: ['credits'],
  summary:
    'Add credits (holders of add_credits). Admins add to any account; a reseller adding to its sub-account transfers from its own balance.' +
    idempotencyNote,
  params: accountIdParamsSchema,
  headers: idempotencyHeadersSchema,
  body: creditAmountBodySchema,
  response: creditOperationResultSchema,
  errors: [
    'FORBIDDEN',
    'USER_NOT_FOUND',
    'INSUFFICIENT_CREDITS',
    'CREDIT_LIMIT_EXCEEDED',
    'BALANCE_NEGATIVE',
    'CREDITS_NOT_POSITIVE',
    'CREDITS_TOO_LARGE',
    'IDEMPOTENCY_KEY_REUSED',
  ],
});

export const transferCredits = defineContract({
  method: 'POST',
  path: '/api/accounts/:id/transfer',
  access: { permission: 'add_credits' },
  tags: ['credits'],
  summary: 'Transfer part of my own balance to an account I own (admins: to any account).' + idempotencyNote,
  params: accountIdParamsSchema,
  headers: idempotencyHeadersSchema,
  body: creditAmountBodySchema,
  response: creditOperationResultSchema,
  errors: [
    'FORBIDDEN',
    'USER_NOT_FOUND',
    'TRANSFER_TO_SELF',
    'INSUFFICIENT_CREDITS',
    'CREDIT_LIMIT_EXCEEDED',
    'BALANCE_NEGATIVE',
    'CREDITS_NOT_POSITIVE',
    'IDEMPOTENCY_KEY_REUSED',
  ],
});

export const setCredits = defineContract({
  method: 'PUT',
  path: '/api/accounts/:id/credits',
  access: 'admin',
  tags: ['credits'],
  summary: "Set an account's balance (admin); the ledger records the difference." + idempotencyNote,
  params: accountIdParamsSchema,
  headers: idempotencyHeadersSchema,
  body: setCreditsBodySchema,
  response: creditOperationResultSchema,
  errors: ['ADMIN_ONLY', 'USER_NOT_FOUND', 'CREDITS_NEGATIVE', 'CREDITS_TOO_LARGE', 'IDEMPOTENCY_KEY_REUSED'],
});
