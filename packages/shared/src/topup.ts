import { z } from 'zod';
import { languages } from './languages.js';
import { billingDetailsSchema, paymentChannels, sellerDetailsSchema } from './billing.js';
import { contactDetailsSchema } from './contact.js';
import { instructionTranslationsSchema, paymentMethodKinds } from './payment-method.js';
import { idQuerySchema, idSchema, isoDaySchema, text } from './schema-blocks.js';
import { ticketAttachmentTypes } from './ticket.js';

/**
 * Top-up requests: an account picks a credit package and names its payment; an admin (or later a
 * payment provider's webhook) confirms it and the credits arrive through the ledger, or rejects it.
 * A request made with a payment method first waits for the payment (`awaiting_payment`: the
 * reseller has the amount and our reference to pay with) and becomes `pending` when the reseller
 * submits their own payment reference and proof. A request paid online (Stripe Checkout, BTCPay Server) waits for
 * the provider's webhook instead, and becomes `expired` when the provider's checkout expires unpaid
 * (`underpaid` when a crypto invoice closed with less than its amount).
 */
export const topUpStatuses = [
  'awaiting_payment',
  'pending',
  'approved',
  'rejected',
  'expired',
  // A crypto invoice (BTCPay) that closed with less than the amount paid: never credited.
  'underpaid',
  /**
   * The provider says it was paid, but the request was closed before (expired, underpaid, rejected)
   * or its method was switched off: nothing is credited by itself. It waits for an admin, who credits
   * it in one click (`POST /api/topups/:id/approve`) or settles it with the payer.
   */
  'needs_attention',
  /**
   * An admin's manual approval undone by an admin (`POST /api/topups/:id/revoke`): its credits were
   * taken back through the ledger. It keeps its receipt, which says so.
   */
  'revoked',
] as const;
export type TopUpStatus = (typeof topUpStatuses)[number];

/**
 * What a provider did to a paid top-up afterwards: refunded (part of) it, opened a chargeback, won a
 * chargeback for the seller, (BTCPay) marked the settled invoice invalid, or gave back what an
 * earlier state took (`restored`: a refund that failed, an invoice marked settled again).
 */
export const topUpReversalKinds = ['refund', 'dispute', 'dispute_won', 'invalidated', 'restored'] as const;
export type TopUpReversalKind = (typeof topUpReversalKinds)[number];

/**
 * A credited request's state after its provider took money back: `refunded` (all its credits),
 * `partially_refunded`, `disputed` (a chargeback is open or was lost). Null when nothing is taken back
 * (never, or a chargeback the seller won).
 */
export const topUpReversalStates = ['refunded', 'partially_refunded', 'disputed'] as const;
export type TopUpReversalState = (typeof topUpReversalStates)[number];

export const topUpReversalSchema = z.object({
  state: z.enum(topUpReversalStates),
  /** Credits taken back so far, net of a chargeback won. */
  credits: z.number().int(),
  /** When the last reversal was booked. */
  at: text(),
});
export type TopUpReversal = z.infer<typeof topUpReversalSchema>;

/** A refund of a paid top-up as its provider reports it now (Stripe: a Refund of its PaymentIntent). */
export const topUpRefundSchema = z.object({
  id: text(),
  amount_cents: z.number().int(),
  /** The provider's own word: `succeeded`, `pending`, `failed`, `canceled`… */
  status: text(),
  /** Whether it takes money back (failed and canceled refunds do not). */
  counts: z.boolean(),
  at: text().nullable(),
});
export type TopUpRefund = z.infer<typeof topUpRefundSchema>;

/** A chargeback of a paid top-up as its provider reports it now (Stripe: a Dispute). */
export const topUpDisputeSchema = z.object({
  id: text(),
  amount_cents: z.number().int(),
  /** The provider's own word: `needs_response`, `under_review`, `won`, `lost`, `warning_closed`… */
  status: text(),
  /** Whether the money is held back from the seller (open or lost; not won, not a mere inquiry). */
  counts: z.boolean(),
  at: text().nullable(),
});
export type TopUpDispute = z.infer<typeof topUpDisputeSchema>;

/**
 * A paid top-up's money as its provider reported it when last asked (stored on the request): the
 * reversal booked is always what this state implies (docs/payments.md, "How reversals are decided").
 */
export type TopUpProviderState = {
  refunds: TopUpRefund[];
  disputes: TopUpDispute[];
  /** BTCPay: the settled invoice is marked invalid now. */
  invalidated: boolean;
  checked_at: string;
};

/**
 * Why a request was closed `expired`: its provider's checkout ran out unpaid, it was left awaiting
 * its payment longer than the panel's setting allows (`unpaid_expiry_days`), or its requester
 * cancelled it (came back from the provider's checkout without paying).
 */
export const topUpExpiredReasons = ['checkout_expired', 'not_paid_in_time', 'cancelled'] as const;
export type TopUpExpiredReason = (typeof topUpExpiredReasons)[number];

/** A proof of payment: an image or a PDF, read at `url` by the requester and admins only. */
export const topUpProofSchema = z.object({
  url: text(),
  file_name: text(),
  content_type: z.enum(ticketAttachmentTypes),
  size: z.number().int(),
});
export type TopUpProof = z.infer<typeof topUpProofSchema>;

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
  /** The reference the requester gave for their payment; null until a method's request is submitted. */
  payment_reference: text().nullable(),
  status: z.enum(topUpStatuses),
  reject_reason: text().nullable(),
  /** Set on `expired` requests closed since the reason was recorded. */
  expired_reason: z.enum(topUpExpiredReasons).nullable(),
  decided_by: text().nullable(),
  decided_by_email: text().nullable(),
  decided_at: text().nullable(),
  /** 'manual' (an admin decided) or a payment provider's name once webhooks exist. */
  provider: text().nullable(),
  provider_payment_id: text().nullable(),
  /** The method chosen, copied with its name and kind (null for a request made without one). */
  method_id: z.number().int().nullable(),
  method_name: text().nullable(),
  method_kind: z.enum(paymentMethodKinds).nullable(),
  /** The method's fee on the price, and what to pay: price + fee, both in `currency`'s minor unit. */
  fee_cents: z.number().int(),
  amount_cents: z.number().int(),
  /** Ours, for the requester to put on the payment (e.g. LD-7K3M-9QXR); null without a method. */
  reference_code: text().nullable(),
  /** The method's instructions and proof rule as they were when the request was made. */
  instructions: text().nullable(),
  /** The method's instructions in other languages, copied with them (a language left out: `instructions`). */
  instructions_translations: instructionTranslationsSchema,
  /** A manual method's kind of payment, copied with it: how the payer's reference is asked for. */
  channel: z.enum(paymentChannels).nullable(),
  proof_required: z.boolean(),
  proof: topUpProofSchema.nullable(),
  /** Online methods: the provider's checkout page to pay on (null for manual methods). */
  checkout_url: text().nullable(),
  /** More than the amount arrived (a crypto invoice paid over): the surplus, kept by the store. */
  surplus_cents: z.number().int().nullable(),
  surplus_currency: text().nullable(),
  /** Given when the request is credited (approved): `R-2026-000123`. */
  receipt_number: text().nullable(),
  /** Set once its provider took (some of) it back; the request's own status stays `approved`. */
  reversal: topUpReversalSchema.nullable(),
  /** Its refunds and chargebacks as the provider reported them when last asked (oldest first). */
  refunds: z.array(topUpRefundSchema),
  disputes: z.array(topUpDisputeSchema),
  /** BTCPay: the store marked the settled invoice invalid (its credits are taken back). */
  invalidated: z.boolean(),
  /** Set when an admin undid the approval (status `revoked`): when, who and why. */
  revocation: z
    .object({ at: text(), by: text().nullable(), by_email: text().nullable(), reason: text() })
    .nullable(),
  created_at: text(),
});
export type TopUpRequest = z.infer<typeof topUpRequestSchema>;

/** The requester's reference of their payment (bank transfer reference, transaction id). */
export const topUpPaymentReferenceSchema = z
  .string({ error: 'PAYMENT_REFERENCE_REQUIRED' })
  .trim()
  .min(1, { error: 'PAYMENT_REFERENCE_REQUIRED' })
  .max(200);

/**
 * Without `method_id`: the payment was made and `payment_reference` names it (required), the request
 * is pending at once. With `method_id`: the request waits for the payment, with the amount and our
 * reference to pay with, and is submitted later (`POST /api/topups/:id/submit`).
 */
export const createTopUpBodySchema = z.object({
  package_id: idSchema,
  method_id: idSchema.optional(),
  payment_reference: topUpPaymentReferenceSchema.optional(),
});
export type CreateTopUpBody = z.infer<typeof createTopUpBodySchema>;

/**
 * `POST /api/topups/:id/submit`: the reference of the payment made; sent as multipart/form-data
 * with an optional `file` (the proof), or as JSON without one.
 */
export const submitTopUpBodySchema = z.object({ payment_reference: topUpPaymentReferenceSchema });
export type SubmitTopUpBody = z.infer<typeof submitTopUpBodySchema>;

export const rejectTopUpBodySchema = z.object({
  reason: z
    .string({ error: 'REJECT_REASON_REQUIRED' })
    .trim()
    .min(1, { error: 'REJECT_REASON_REQUIRED' })
    .max(500),
});
export type RejectTopUpBody = z.infer<typeof rejectTopUpBodySchema>;

/**
 * Whether an admin may undo a request's approval (`POST /api/topups/:id/revoke`): approved by hand,
 * with no provider payment behind it. A payment a provider confirmed, or an online request an admin
 * credited (it keeps its provider payment), is taken back by the provider's refund instead.
 */
export function topUpRevocable(
  request: Pick<TopUpRequest, 'status' | 'provider' | 'provider_payment_id' | 'checkout_url'>,
): boolean {
  return (
    request.status === 'approved' &&
    request.provider === 'manual' &&
    request.provider_payment_id === null &&
    request.checkout_url === null
  );
}

/** `POST /api/topups/:id/revoke` (admin): why a manual approval is undone, sent to the requester. */
export const revokeTopUpBodySchema = rejectTopUpBodySchema;
export type RevokeTopUpBody = RejectTopUpBody;

/** `GET /api/topups/:id/receipt.pdf?lang=`: the language to write it in (default: the reader's own). */
export const receiptPdfQuerySchema = z.object({ lang: z.enum(languages).optional() });

/** What the admin's payment list sorts by; `amount` is price + fee (within one currency). */
export const topUpSortFields = ['created_at', 'decided_at', 'amount', 'credits', 'status'] as const;
export type TopUpSortField = (typeof topUpSortFields)[number];

/** The filters of the list and of its CSV export (admins; a requester's own list is always theirs). */
export const topUpFilterSchema = z.object({
  status: z.enum(topUpStatuses).optional(),
  /** Admins only. */
  account_id: text().min(1).max(64).optional(),
  /** Admins only: part of the requester's email. */
  search: text().trim().max(200).optional(),
  method_id: idQuerySchema.optional(),
  /** Whole days (UTC) of the request's creation, both included. */
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
  sort: z.enum(topUpSortFields).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type TopUpFilter = z.infer<typeof topUpFilterSchema>;

export const topUpListQuerySchema = topUpFilterSchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  /** `true`: the answer carries `status_counts`, the filter's matches per state (the state aside). */
  counts: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type TopUpListQuery = z.infer<typeof topUpListQuerySchema>;

/** `GET /api/topups/pending-count` (admin): for the badge. */
export const topUpPendingCountSchema = z.object({ count: z.number().int() });

/**
 * `GET /api/topups/:id/receipt` (the requester, admins): the printable receipt of a credited request.
 * The seller is the panel's contact details as they are now; everything else is the request's own
 * copy from when it was made and credited. A request taken back later keeps its receipt, with the
 * reversal.
 */
export const topUpReceiptSchema = z.object({
  id: z.number().int(),
  receipt_number: text(),
  /** When it was credited. */
  issued_at: text(),
  /** The panel's seller details (company, address, tax id) and its contact details. */
  seller: contactDetailsSchema.extend(sellerDetailsSchema.shape),
  /** The requester and their billing details as they are now. */
  buyer: z.object({ id: text(), email: text().nullable() }).extend(billingDetailsSchema.shape),
  package_name: text(),
  credits: z.number().int(),
  price_cents: z.number().int(),
  fee_cents: z.number().int(),
  amount_cents: z.number().int(),
  currency: text(),
  method_name: text().nullable(),
  method_kind: z.enum(paymentMethodKinds).nullable(),
  /** 'manual' or the provider, and its payment id (a Stripe Checkout Session, a BTCPay invoice). */
  provider: text().nullable(),
  provider_payment_id: text().nullable(),
  reference_code: text().nullable(),
  payment_reference: text().nullable(),
  surplus_cents: z.number().int().nullable(),
  surplus_currency: text().nullable(),
  reversal: topUpReversalSchema.nullable(),
  /** What the provider refunded of the amount paid (refunds that took money back), in `currency`. */
  refunded_cents: z.number().int(),
  refunds: z.array(topUpRefundSchema),
  /** The approval was undone by an admin: when, and the credits taken back. */
  revocation: z.object({ at: text(), credits: z.number().int(), reason: text() }).nullable(),
});
export type TopUpReceipt = z.infer<typeof topUpReceiptSchema>;
/** How many requests each state holds under the list's other filters (states with none left out). */
export const topUpStatusCountsSchema = z.array(
  z.object({ status: z.enum(topUpStatuses), count: z.number().int() }),
);

export const topUpListResponseSchema = z.object({
  items: z.array(topUpRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  status_counts: topUpStatusCountsSchema.optional(),
});
export type TopUpListResponse = z.infer<typeof topUpListResponseSchema>;

/** `GET/PUT /api/topup-settings` (admin). */
export const topUpSettingsSchema = z.object({
  /** Requests still awaiting their payment this many days after they were made are closed `expired`. */
  unpaid_expiry_days: z
    .number({ error: 'INVALID_INPUT' })
    .int({ error: 'INVALID_INPUT' })
    .min(1, { error: 'INVALID_INPUT' })
    .max(365, { error: 'INVALID_INPUT' }),
});
export type TopUpSettings = z.infer<typeof topUpSettingsSchema>;
export const DEFAULT_TOPUP_SETTINGS: TopUpSettings = { unpaid_expiry_days: 7 };

/**
 * Revenue (admin dashboard): the amounts paid (price + fee) on approved requests, by the day or
 * month (UTC) of their approval, per method and currency. Amounts of different currencies are never
 * added up: each (method, currency) is its own series.
 */
export const revenueBucketSchema = z.object({
  /** YYYY-MM-DD for days, YYYY-MM for months. */
  period: text(),
  /** Null for requests made without a method (a reference given by hand). */
  method_name: text().nullable(),
  method_kind: z.enum(paymentMethodKinds).nullable(),
  currency: text(),
  amount_cents: z.number().int(),
  count: z.number().int(),
});
export type RevenueBucket = z.infer<typeof revenueBucketSchema>;

export const revenueSchema = z.object({
  /** The first day of each range: the last 30 days, today included, and the last 12 months. */
  days_from: text(),
  months_from: text(),
  /** Only periods with revenue; oldest first. */
  daily: z.array(revenueBucketSchema),
  monthly: z.array(revenueBucketSchema),
});
export type Revenue = z.infer<typeof revenueSchema>;
