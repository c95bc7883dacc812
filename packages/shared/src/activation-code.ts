import { z } from 'zod';
import type { ErrorCode } from './errors.js';
import { lineWriteResultSchema } from './line.js';
import { idSchema, text } from './schema-blocks.js';

/**
 * Activation codes: a line bought in advance. A reseller (or admin) generates codes for a plan and a
 * duration (or a trial) and is charged for them at once; each code later becomes a line, or renews
 * one, whose term starts on the day it is activated. An unused code may be voided (refunded in
 * full); a code with a validity that nobody used in time is voided and refunded by the server.
 *
 * Codes are 16 characters without look-alikes (no I, O, 0, 1), shown in four groups of four:
 * `ABCD-EFGH-JKLM-NPQR`; whatever case, spaces or dashes a customer types are accepted.
 */
export const ACTIVATION_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ACTIVATION_CODE_LENGTH = 16;
export const ACTIVATION_CODES_MAX_BATCH = 1000;
export const ACTIVATION_CODE_MAX_VALIDITY_DAYS = 3650;

export const activationCodeStates = ['unused', 'activated', 'void'] as const;
export type ActivationCodeState = (typeof activationCodeStates)[number];

/** Upper-case, spaces and dashes dropped: what a user may type for `ABCD-EFGH-JKLM-NPQR`. */
export function normalizeActivationCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

/**
 * How a code is shown everywhere (lists, bell, messages, print, share): `abcdefghjklmnpqr` or
 * `ABCD EFGH-JKLM NPQR` → `ABCD-EFGH-JKLM-NPQR`. Whatever form it comes in, it is normalized first.
 */
export function formatActivationCode(code: string): string {
  const normalized = normalizeActivationCode(code);
  return normalized.match(/.{1,4}/g)?.join('-') ?? normalized;
}

export const activationCodeSchema = z.object({
  id: z.number().int(),
  /** Shown in groups: `ABCD-EFGH-JKLM-NPQR`. */
  code: text(),
  owner_id: text(),
  owner_email: text().nullable(),
  plan_id: z.number().int(),
  plan_name: text().nullable(),
  /** Null for a trial. */
  subscription_months: z.number().int().nullable(),
  is_trial: z.boolean(),
  /** Credits paid for it at generation (refunded when it is voided). */
  charged: z.number().int(),
  state: z.enum(activationCodeStates),
  valid_until: text().nullable(),
  created_at: text(),
  activated_at: text().nullable(),
  /** The line it made or renewed (null when unused, or when that line was deleted since). */
  line_id: z.number().int().nullable(),
  line_username: text().nullable(),
  voided_at: text().nullable(),
});
export type ActivationCode = z.infer<typeof activationCodeSchema>;

/** What to generate: `count` codes of `plan_id` (default plan without it) for months, or a trial. */
export const activationCodesBodySchema = z.object({
  count: z
    .number({ error: 'ACTIVATION_CODES_INVALID_COUNT' })
    .int({ error: 'ACTIVATION_CODES_INVALID_COUNT' })
    .min(1, { error: 'ACTIVATION_CODES_INVALID_COUNT' })
    .max(ACTIVATION_CODES_MAX_BATCH, { error: 'ACTIVATION_CODES_INVALID_COUNT' }),
  plan_id: idSchema.nullish(),
  /** Required unless `is_trial`. */
  subscription_months: z.number().int().nullish(),
  is_trial: z.boolean().optional(),
  /** Days an unused code stays valid; without it, until it is used or voided. */
  validity_days: z
    .number({ error: 'ACTIVATION_CODES_INVALID_VALIDITY' })
    .int({ error: 'ACTIVATION_CODES_INVALID_VALIDITY' })
    .min(1, { error: 'ACTIVATION_CODES_INVALID_VALIDITY' })
    .max(ACTIVATION_CODE_MAX_VALIDITY_DAYS, { error: 'ACTIVATION_CODES_INVALID_VALIDITY' })
    .nullish(),
});
export type ActivationCodesBody = z.infer<typeof activationCodesBodySchema>;

export const activationCodesPreviewSchema = z.object({
  count: z.number().int(),
  charge_per_code: z.number().int(),
  charge_total: z.number().int(),
  /** The caller's balance now and after generating; null for admins, who are not charged. */
  balance: z.number().int().nullable(),
  balance_after: z.number().int().nullable(),
  valid_until: text().nullable(),
});
export type ActivationCodesPreview = z.infer<typeof activationCodesPreviewSchema>;

/** The generated codes, the total charged and the balance after it (null for admins). */
export const activationCodesGeneratedSchema = z.object({
  items: z.array(activationCodeSchema),
  charged: z.number().int(),
  balance: z.number().int().nullable(),
});
export type ActivationCodesGenerated = z.infer<typeof activationCodesGeneratedSchema>;

export const activationCodeListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(25),
  state: z.enum(activationCodeStates).optional(),
  /** Part of the code (dashes and case ignored), or of the activated line's username. */
  search: text().trim().max(100).optional(),
});
export type ActivationCodeListQuery = z.infer<typeof activationCodeListQuerySchema>;

/** The voided code and the balance its refund left (null for admins' own codes charged nothing). */
export const activationCodeVoidResultSchema = z.object({
  code: activationCodeSchema,
  refunded: z.number().int(),
  balance: z.number().int().nullable(),
});
export type ActivationCodeVoidResult = z.infer<typeof activationCodeVoidResultSchema>;

/**
 * Activate a code: into a new line (`username` and `password` chosen, or generated when left out; on
 * `server_id` or the server a create would pick), or renewing the owner's line `line_id`.
 */
export const activationBodySchema = z.object({
  code: z
    .string({ error: 'ACTIVATION_CODE_NOT_FOUND' })
    .trim()
    .min(1, { error: 'ACTIVATION_CODE_NOT_FOUND' })
    .max(64, { error: 'ACTIVATION_CODE_NOT_FOUND' }),
  line_id: idSchema.nullish(),
  username: text().max(64).nullish(),
  password: text().max(64).nullish(),
  server_id: idSchema.nullish(),
});
export type ActivationBody = z.infer<typeof activationBodySchema>;

/** The line made or renewed (as a create or renew answers it) and the code, now activated. */
export const activationResultSchema = lineWriteResultSchema.extend({ code: activationCodeSchema });
export type ActivationResult = z.infer<typeof activationResultSchema>;

/** What using a code can answer: the code's own refusals, then the new line's or the renewal's. */
export const activationErrors = [
  'ACTIVATION_CODE_NOT_FOUND',
  'ACTIVATION_CODE_USED',
  'ACTIVATION_CODE_VOID',
  'ACTIVATION_CODE_EXPIRED',
  'ACTIVATION_CODE_TRIAL_NOT_RENEWABLE',
  'ACTIVATION_CODE_PLAN_MISMATCH',
  'LINE_NOT_FOUND',
  'LINE_REFUSED_BY_SERVER',
  'LINE_ARCHIVED',
  'LINE_CREDENTIALS_REQUIRED',
  'LINE_INVALID_USERNAME',
  'LINE_INVALID_PASSWORD',
  'LINE_INVALID_DURATION',
  'LINE_PLAN_NOT_FOUND',
  'LINE_PLAN_DURATION_NOT_OFFERED',
  'LINE_EXPIRY_OUT_OF_RANGE',
  'LINE_NO_ACTIVE_SERVERS',
  'SERVER_NOT_FOUND',
  'LINE_USERNAME_TOO_LONG_FOR_CCCAM',
  'LINE_PLAN_PROTOCOL_NOT_ALLOWED',
  'LINE_PLAN_GROUP_UNKNOWN',
  'LINE_PLAN_SERVICE_UNKNOWN',
  'LINE_TRIAL_LIMIT_REACHED',
  'LINE_USERNAME_TAKEN',
  'LINE_PLAN_NOT_ALLOWED',
  'LINE_SERVER_NOT_ALLOWED',
  'LINE_LIMIT_REACHED',
] as const satisfies readonly ErrorCode[];
