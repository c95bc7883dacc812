import { z } from 'zod';
import { text } from './schema-blocks.js';

/*
 * Credits economy endpoints, all under /api, shapes in this file, account.ts, redeem.ts,
 * pricing.ts and topup.ts:
 *   GET    /credits/ledger?account_id=&reason=&page=&page_size=   → ListResponse<LedgerEntry>, newest first
 *   GET    /accounts (accountListQuerySchema)                     → ListResponse<ManagedAccount>
 *   POST   /accounts (createAccountBodySchema)                    → 201 CreateAccountResult
 *   POST   /accounts/invite/accept {token,password} (public)      → 200 {message}
 *   GET    /accounts/:id                                          → ManagedAccount
 *   PATCH  /accounts/:id (accountPatchSchema)                     → ManagedAccount
 *   DELETE /accounts/:id/sessions                                 → {message, ended}
 *   POST   /accounts/:id/credits {amount}   (add_credits; a non-admin's add is a transfer) → CreditOperationResult
 *   POST   /accounts/:id/transfer {amount}  (from the caller's own balance)               → CreditOperationResult
 *   PUT    /accounts/:id/credits {credits}  (admin)                                       → CreditOperationResult
 *   GET    /redeem-codes (redeemCodeListQuerySchema, admin)        → ListResponse<RedeemCode>
 *   POST   /redeem-codes (createRedeemCodesBodySchema, admin)      → 201 {items: CreatedRedeemCode[]}
 *   PATCH  /redeem-codes/:id (redeemCodePatchSchema, admin)        → RedeemCode
 *   DELETE /redeem-codes/:id (admin)                               → 204
 *   POST   /redeem {code}                                          → RedeemResult
 *   GET    /redeem-history (redeemHistoryQuerySchema; own, admin all) → ListResponse<RedeemHistoryEntry>
 *   GET    /credit-packages?include_inactive=true                  → {items: CreditPackage[]}
 *   POST   /credit-packages · PATCH, DELETE /credit-packages/:id (admin) → CreditPackage / 204
 *   GET    /pricing                                                → Pricing
 *   POST   /topups (createTopUpBodySchema)                         → 201 TopUpRequest
 *   GET    /topups (topUpListQuerySchema; own, admin all)          → ListResponse<TopUpRequest>
 *   GET    /topups/pending-count (admin)                           → {count}
 *   POST   /topups/:id/approve (admin)                             → TopUpRequest
 *   POST   /topups/:id/reject {reason} (admin)                     → TopUpRequest
 * Events: auth_users + credit_ledger (audience: the account and its owner) on every balance change,
 * redeem_codes (admins), credit_packages ('all'), topup_requests (the requester; admins always see all).
 */

/** Why a balance changed: every credit movement appends one ledger row with one of these. */
export const ledgerReasons = [
  'add',
  'set',
  'line_create',
  'line_renew',
  'line_plan_change',
  'redeem',
  'topup',
  'transfer_in',
  'transfer_out',
  'refund',
  /** What a line cost, given back when its server refused it for good (a refused line costs nothing). */
  'line_refused_refund',
  /** Activation codes bought (one row per batch), and an unused code's price given back. */
  'activation_codes',
  'activation_refund',
  /**
   * A paid top-up taken back by its provider (refund, chargeback, invoice marked invalid), even below
   * 0; and a chargeback the seller won, given back. Both refer to the request (`topup_request`).
   */
  'topup_reversed',
  'topup_reinstated',
  /** A reseller's fee for creating a sub-reseller (the limit an admin set), referring to the new account. */
  'sub_reseller_create',
  /** An admin undid a manual top-up approval: its credits taken back, never below 0 (refers to the request). */
  'topup_revoked',
] as const;
export type LedgerReason = (typeof ledgerReasons)[number];

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  account_id: text(),
  /** Whose balance moved: the account column of the all-accounts ledger. */
  account_email: text(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.enum(ledgerReasons),
  actor_id: text().nullable(),
  actor_email: text().nullable(),
  ref_type: text().nullable(),
  ref_id: text().nullable(),
  note: text().nullable(),
  created_at: text(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/**
 * `Idempotency-Key` (optional) on every credit-moving endpoint: the first result (status + body) is
 * kept per account and key, a retry with the same key and body gets it again (with the header
 * `Idempotent-Replayed: true`) instead of acting twice; the same key with another body is refused with
 * IDEMPOTENCY_KEY_REUSED.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
// Loose: Fastify replaces request.headers with the parsed value, and the other headers must stay.
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': text().trim().min(1).max(200).optional(),
});

/** The most credits one request may add, transfer or set (balances are 32-bit integers). */
export const MAX_CREDIT_AMOUNT = 1_000_000;

/** `GET /api/credits/ledger?account_id=` (admins: any account, resellers: own sub-accounts; default: own). */
export const ledgerQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  account_id: text().min(1).max(64).optional(),
  reason: z.enum(ledgerReasons).optional(),
});
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

// Messages are error codes (the panel's texts): 'Credits must be greater than 0', 'Credits cannot be negative'.
const positiveCredits = z
  .number({ error: 'CREDITS_NOT_POSITIVE' })
  .int({ error: 'CREDITS_NOT_POSITIVE' })
  .gt(0, { error: 'CREDITS_NOT_POSITIVE' })
  .max(MAX_CREDIT_AMOUNT, { error: 'CREDITS_TOO_LARGE' });

/** `POST /api/accounts/:id/credits` and `POST /api/accounts/:id/transfer`. */
export const creditAmountBodySchema = z.object({
  amount: positiveCredits,
  note: text().trim().max(500).optional(),
});
export type CreditAmountBody = z.infer<typeof creditAmountBodySchema>;

/** `PUT /api/accounts/:id/credits` (admin). */
export const setCreditsBodySchema = z.object({
  credits: z
    .number({ error: 'CREDITS_NEGATIVE' })
    .int({ error: 'CREDITS_NEGATIVE' })
    .min(0, { error: 'CREDITS_NEGATIVE' })
    .max(MAX_CREDIT_AMOUNT * 1000, { error: 'CREDITS_TOO_LARGE' }),
  note: text().trim().max(500).optional(),
});
export type SetCreditsBody = z.infer<typeof setCreditsBodySchema>;

/**
 * What add / set / transfer answer: the target's new balance and its ledger row (null when a set
 * left the balance as it was), and for a transfer the caller's own balance after it.
 */
export const creditOperationResultSchema = z.object({
  account_id: text(),
  credits: z.number().int(),
  group_id: z.number().int(),
  entry: ledgerEntrySchema.nullable(),
  /** 'transfer' when a reseller's add was paid from their own balance. */
  kind: z.enum(['add', 'set', 'transfer']),
  actor_credits: z.number().int().nullable(),
});
export type CreditOperationResult = z.infer<typeof creditOperationResultSchema>;
