import { z } from 'zod';
import { idSchema, text } from './schema-blocks.js';

/**
 * Top-up requests: an account picks a credit package and names its payment; an admin (or later a
 * payment provider's webhook) confirms it and the credits arrive through the ledger, or rejects it.
 */
export const topUpStatuses = ['pending', 'approved', 'rejected'] as const;
export type TopUpStatus = (typeof topUpStatuses)[number];

export const topUpRequestSchema = z.object({
  id: z.number().int(),
  account_id: text(),
  account_email: text().nullable(),
  package_id: z.number().int().nullable(),
  /** Copied from the package when requested, so later package edits do not change the request. */
  package_name: text(),
  credits: z.number().int(),
  price_cents: z.number().int(),
  currency: text(),
  payment_reference: text(),
  status: z.enum(topUpStatuses),
  reject_reason: text().nullable(),
  decided_by: text().nullable(),
  decided_by_email: text().nullable(),
  decided_at: text().nullable(),
  /** 'manual' (an admin decided) or a payment provider's name once webhooks exist. */
  provider: text().nullable(),
  provider_payment_id: text().nullable(),
  created_at: text(),
});
export type TopUpRequest = z.infer<typeof topUpRequestSchema>;

export const createTopUpBodySchema = z.object({
  package_id: idSchema,
  payment_reference: z
    .string({ error: 'PAYMENT_REFERENCE_REQUIRED' })
    .trim()
    .min(1, { error: 'PAYMENT_REFERENCE_REQUIRED' })
    .max(200),
});
export type CreateTopUpBody = z.infer<typeof createTopUpBodySchema>;

export const rejectTopUpBodySchema = z.object({
  reason: z
    .string({ error: 'REJECT_REASON_REQUIRED' })
    .trim()
    .min(1, { error: 'REJECT_REASON_REQUIRED' })
    .max(500),
});
export type RejectTopUpBody = z.infer<typeof rejectTopUpBodySchema>;

export const topUpListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  status: z.enum(topUpStatuses).optional(),
  /** Admins only. */
  account_id: text().min(1).max(64).optional(),
});
export type TopUpListQuery = z.infer<typeof topUpListQuerySchema>;

/** `GET /api/topups/pending-count` (admin): for the badge. */
export const topUpPendingCountSchema = z.object({ count: z.number().int() });
