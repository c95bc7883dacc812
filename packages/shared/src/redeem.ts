import { z } from 'zod';
import { nonEmptyPatch, text } from './schema-blocks.js';
import { MAX_CREDIT_AMOUNT } from './credits.js';

/**
 * Redeem codes. Codes are 16 characters from an alphabet without look-alikes
 * (no I, O, 0, 1), shown in groups of four: `ABCD-EFGH-JKLM-NPQR`. The server keeps only a hash, so a
 * code is returned in full once, by the POST that creates it; lists show `code_hint` (its last group).
 */
export const REDEEM_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REDEEM_CODE_LENGTH = 16;
export const MAX_REDEEM_BATCH = 1000;
/** Failed redemptions per account per hour before 429 RATE_LIMITED. */
export const REDEEM_FAILURE_LIMIT = 10;

/** Upper-case, spaces and dashes dropped: what a user may type for `ABCD-EFGH-JKLM-NPQR`. */
export function normalizeRedeemCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}
export function formatRedeemCode(normalized: string): string {
  return normalized.match(/.{1,4}/g)?.join('-') ?? normalized;
}

export const redeemCodeSchema = z.object({
  id: z.number().int(),
  /** `••••-••••-••••-NPQR`: enough to tell codes apart, useless for redeeming. */
  code_hint: text(),
  credits: z.number().int(),
  description: text().nullable(),
  is_active: z.boolean(),
  max_uses: z.number().int(),
  times_used: z.number().int(),
  expires_at: text().nullable(),
  /** Derived: active, not expired and times_used < max_uses. */
  status: z.enum(['valid', 'inactive', 'expired', 'used_up']),
  created_by: text().nullable(),
  created_by_email: text().nullable(),
  created_at: text(),
});
export type RedeemCode = z.infer<typeof redeemCodeSchema>;

/** A freshly created code: the only time `code` is sent. */
export const createdRedeemCodeSchema = redeemCodeSchema.extend({ code: text() });
export type CreatedRedeemCode = z.infer<typeof createdRedeemCodeSchema>;

export const createRedeemCodesBodySchema = z.object({
  credits: z
    .number({ error: 'CREDITS_NOT_POSITIVE' })
    .int({ error: 'CREDITS_NOT_POSITIVE' })
    .gt(0, { error: 'CREDITS_NOT_POSITIVE' })
    .max(MAX_CREDIT_AMOUNT, { error: 'CREDITS_TOO_LARGE' }),
  count: z.number().int().min(1).max(MAX_REDEEM_BATCH).default(1),
  max_uses: z.number().int().min(1).max(1_000_000).default(1),
  /** ISO date-time; must lie in the future. */
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
  description: text().trim().max(500).nullable().optional(),
});
export type CreateRedeemCodesBody = z.input<typeof createRedeemCodesBodySchema>;

/** `POST /api/redeem-codes` → 201 `{items}`: every created code, in full, once. */
export const createdRedeemCodesSchema = z.object({ items: z.array(createdRedeemCodeSchema) });

export const redeemCodePatchSchema = nonEmptyPatch(
  z.object({
    is_active: z.boolean().optional(),
    description: text().trim().max(500).nullable().optional(),
    expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
  }),
);
export type RedeemCodePatch = z.infer<typeof redeemCodePatchSchema>;

export const redeemCodeListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  /** Matches the description or the code's last group. */
  search: text().trim().max(200).optional(),
  status: z.enum(['valid', 'inactive', 'expired', 'used_up']).optional(),
  sort: z.enum(['created_at', 'credits', 'times_used', 'expires_at']).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type RedeemCodeListQuery = z.infer<typeof redeemCodeListQuerySchema>;

/** `POST /api/redeem` (the spec's redeem_code procedure). */
export const redeemBodySchema = z.object({
  code: z
    .string({ error: 'INVALID_OR_EXPIRED_CODE' })
    // No code holds NUL, and the history cannot store it: read as U+FFFD (no code has that either),
    // such a code is refused and recorded as a failed attempt like any other wrong code.
    .overwrite((code) => code.replaceAll('\u0000', '\uFFFD'))
    .trim()
    .min(1, { error: 'INVALID_OR_EXPIRED_CODE' })
    .max(64, {
      error: 'INVALID_OR_EXPIRED_CODE',
    }),
});
export type RedeemBody = z.infer<typeof redeemBodySchema>;

/**
 * 200 `{success: true, message: 'Code redeemed successfully', credits: <added>, balance}` on success.
 * A refusal is an error body (422 INVALID_OR_EXPIRED_CODE, 409 CODE_ALREADY_REDEEMED, 404
 * USER_NOT_FOUND, 429 RATE_LIMITED) like every other endpoint.
 */
export const redeemResultSchema = z.object({
  success: z.boolean(),
  message: text(),
  credits: z.number().int(),
  balance: z.number().int(),
});
export type RedeemResult = z.infer<typeof redeemResultSchema>;

export const redeemHistoryEntrySchema = z.object({
  id: z.number().int(),
  code_id: z.number().int().nullable(),
  code_hint: text(),
  credits: z.number().int(),
  user_id: text(),
  user_email: text().nullable(),
  redeemed_at: text(),
  status: z.enum(['success', 'error']),
  /** For failures: the error code (INVALID_OR_EXPIRED_CODE, CODE_ALREADY_REDEEMED). */
  error_code: text().nullable(),
});
export type RedeemHistoryEntry = z.infer<typeof redeemHistoryEntrySchema>;

export const redeemHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  status: z.enum(['success', 'error']).optional(),
  /** Admins only: one account's history. */
  user_id: text().min(1).max(64).optional(),
});
export type RedeemHistoryQuery = z.infer<typeof redeemHistoryQuerySchema>;
