import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  InstructionTranslations,
  LedgerReason,
  PaymentChannel,
  PaymentMethodKind,
  TicketAttachmentType,
  TopUpReversalKind,
  TopUpExpiredReason,
  TopUpProviderState,
  TopUpStatus,
} from '@linedesk/shared';
import { timestamps } from './columns.js';
import { authUsers } from './core.schema.js';
import { paymentMethods } from './payments.schema.js';

/**
 * Every change of a balance appends one row here in the same transaction that changes
 * auth_users.credits, so the sum of an account's deltas always equals its balance.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').$type<LedgerReason>().notNull(),
    /** Who caused it (an admin adding credits, the reseller buying a line); null for the system. */
    actorId: text('actor_id').references(() => authUsers.id, { onDelete: 'set null' }),
    /** What it is about, e.g. ('line', '42') or ('redeem_code', '7'). */
    refType: text('ref_type'),
    refId: text('ref_id'),
    note: text('note'),
    /** The account's credit limit when the row was written: how far below 0 this spend could go. */
    creditLimit: integer('credit_limit').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A balance goes below 0 only when a paid top-up is taken back (a refund or a chargeback), or down
    // to a trusted reseller's credit limit; a negative balance otherwise only rises. Every other spend
    // is refused there by the ledger's guard.
    check(
      'credit_ledger_balance_after_not_negative',
      sql`${t.balanceAfter} >= -${t.creditLimit} or ${t.delta} > 0 or ${t.reason} = 'topup_reversed'`,
    ),
    index('credit_ledger_account_idx').on(t.accountId, t.createdAt),
    index('credit_ledger_created_idx').on(t.createdAt),
    // What a line cost, read back when its server refuses it (line-refusal-settle.ts).
    index('credit_ledger_line_ref_idx')
      .on(t.refId)
      .where(sql`${t.refType} = 'line'`),
  ],
);

/**
 * Redeem codes. Only a SHA-256 of the normalized code is kept, so a database leak
 * gives away no spendable codes; `code_hint` (the last group) lets admins tell them apart.
 */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    id: serial('id').primaryKey(),
    codeHash: text('code_hash').notNull().unique(),
    codeHint: text('code_hint').notNull(),
    credits: integer('credits').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    maxUses: integer('max_uses').notNull().default(1),
    timesUsed: integer('times_used').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    check('redeem_codes_credits_positive', sql`${t.credits} > 0`),
    check('redeem_codes_max_uses_positive', sql`${t.maxUses} >= 1`),
    // The conditional UPDATE that redeems also checks this; the constraint is the last word.
    check('redeem_codes_times_used_range', sql`${t.timesUsed} between 0 and ${t.maxUses}`),
    index('redeem_codes_created_idx').on(t.createdAt),
  ],
);

/** Every redemption attempt: successes, and failures for the brute-force limit. */
export const redeemCodeHistory = pgTable(
  'redeem_code_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    codeId: integer('code_id').references(() => redeemCodes.id, { onDelete: 'set null' }),
    /** The code's hint (or, for an unknown code, the last characters typed). */
    code: text('code').notNull(),
    credits: integer('credits').notNull().default(0),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').$type<'success' | 'error'>().notNull().default('success'),
    errorCode: text('error_code'),
  },
  (t) => [
    check('redeem_code_history_status_check', sql`${t.status} in ('success', 'error')`),
    // One successful redemption of a code per account, even under concurrent requests.
    uniqueIndex('redeem_code_history_once_per_user')
      .on(t.codeId, t.userId)
      .where(sql`${t.status} = 'success'`),
    index('redeem_code_history_user_idx').on(t.userId, t.status, t.redeemedAt),
    index('redeem_code_history_redeemed_idx').on(t.redeemedAt),
  ],
);

/** What an admin sells on /payments/pricing; the price in the currency's minor unit. */
export const creditPackages = pgTable(
  'credit_packages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    credits: integer('credits').notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    highlight: boolean('highlight').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('credit_packages_credits_positive', sql`${t.credits} > 0`),
    check('credit_packages_price_not_negative', sql`${t.priceCents} >= 0`),
  ],
);

/**
 * A request to buy a package. Confirmed by an admin (provider 'manual') or, later, by a payment
 * provider's webhook (provider + provider_payment_id, unique so one payment credits once).
 */
export const topUpRequests = pgTable(
  'topup_requests',
  {
    id: serial('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    packageId: integer('package_id').references(() => creditPackages.id, { onDelete: 'set null' }),
    packageName: text('package_name').notNull(),
    credits: integer('credits').notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    /** The requester's reference of their payment; null while a method's request awaits it. */
    paymentReference: text('payment_reference'),
    status: text('status').$type<TopUpStatus>().notNull().default('pending'),
    rejectReason: text('reject_reason'),
    /** Why an `expired` request was closed: its provider's checkout ran out, or it was never paid in time. */
    expiredReason: text('expired_reason').$type<TopUpExpiredReason>(),
    decidedBy: text('decided_by').references(() => authUsers.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    provider: text('provider'),
    providerPaymentId: text('provider_payment_id'),
    // The method and what it asked for, copied when the request is made: editing or deleting the
    // method or the package later never changes what an open request says to pay.
    methodId: integer('method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    methodName: text('method_name'),
    methodKind: text('method_kind').$type<PaymentMethodKind>(),
    feeCents: integer('fee_cents').notNull().default(0),
    referenceCode: text('reference_code'),
    instructions: text('instructions'),
    /** The method's instructions for other languages, copied with `instructions`. */
    instructionsI18n: jsonb('instructions_i18n').$type<InstructionTranslations>(),
    /** A manual method's kind of payment (bank, crypto, other), copied with it. */
    channel: text('channel').$type<PaymentChannel>(),
    proofRequired: boolean('proof_required').notNull().default(false),
    /** The proof file, in the ticket attachments' store (disk or S3) under a random key. */
    proofStorage: text('proof_storage').$type<'disk' | 's3'>(),
    proofKey: text('proof_key'),
    proofFileName: text('proof_file_name'),
    proofContentType: text('proof_content_type').$type<TicketAttachmentType>(),
    proofSize: integer('proof_size'),
    /**
     * Online methods: the provider's checkout (a Stripe Checkout Session id) and its page. A webhook
     * is taken only for the checkout its request opened, so another provider's id never pays it.
     */
    checkoutId: text('checkout_id'),
    checkoutUrl: text('checkout_url'),
    /**
     * When the reconciliation job last asked the provider about this checkout; claiming a request sets
     * it, so instances sharing the database ask about each request once a round between them.
     */
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    /**
     * Stripe: the PaymentIntent of the paid Checkout Session, stored when it is credited. Refund and
     * dispute events name the charge's PaymentIntent, not the session, so this ties them to the request.
     */
    paymentIntentId: text('payment_intent_id'),
    /** More than the amount arrived (a crypto invoice paid over): what came on top, in its currency. */
    surplusCents: integer('surplus_cents'),
    surplusCurrency: text('surplus_currency'),
    /** `R-<year>-<6 digits>`, given in the approval's transaction from `receipt_counters`: no gaps. */
    receiptNumber: text('receipt_number'),
    /**
     * Online methods: the payment's refunds and chargebacks as its provider reported them when last
     * asked, written with the reversal they led to (`payment-reversal.service.ts`). What the request
     * shows, and whether the reconciliation round asks again (a chargeback still open).
     */
    providerState: jsonb('provider_state').$type<TopUpProviderState>(),
    /**
     * Online methods: when the payment's refunds and chargebacks were last read from its provider (by
     * an event or by the reconciliation round). The round re-reads credited payments still within the
     * provider's reversal window least recently read first, so a refund whose every event was lost is
     * found in turn, and no payment waits behind newer ones.
     */
    providerCheckedAt: timestamp('provider_checked_at', { withTimezone: true }),
    /** An admin undid the manual approval (status `revoked`): who, when and why. */
    revokedBy: text('revoked_by').references(() => authUsers.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    ...timestamps,
  },
  (t) => [
    check(
      'topup_requests_status_check',
      sql`${t.status} in ('awaiting_payment', 'pending', 'approved', 'rejected', 'expired', 'underpaid', 'needs_attention', 'revoked')`,
    ),
    // A request made without a method names its payment at once.
    check(
      'topup_requests_reference_given',
      sql`${t.paymentReference} is not null or ${t.methodKind} is not null`,
    ),
    uniqueIndex('topup_requests_reference_code_idx').on(t.referenceCode),
    check('topup_requests_credits_positive', sql`${t.credits} > 0`),
    uniqueIndex('topup_requests_provider_payment_idx')
      .on(t.provider, t.providerPaymentId)
      .where(sql`${t.providerPaymentId} is not null`),
    uniqueIndex('topup_requests_checkout_idx')
      .on(t.methodKind, t.checkoutId)
      .where(sql`${t.checkoutId} is not null`),
    uniqueIndex('topup_requests_payment_intent_idx')
      .on(t.methodKind, t.paymentIntentId)
      .where(sql`${t.paymentIntentId} is not null`),
    uniqueIndex('topup_requests_receipt_number_idx').on(t.receiptNumber),
    index('topup_requests_status_idx').on(t.status, t.createdAt),
    check(
      'topup_requests_expired_reason_check',
      sql`${t.expiredReason} is null or ${t.expiredReason} in ('checkout_expired', 'not_paid_in_time', 'cancelled')`,
    ),
    // Revenue reads approved requests by the day they were approved.
    index('topup_requests_decided_idx').on(t.status, t.decidedAt),
    index('topup_requests_account_idx').on(t.accountId, t.createdAt),
    // The reconciliation round's queue of credited online payments to re-read, least recently read first.
    index('topup_requests_provider_check_idx')
      .on(t.providerCheckedAt.asc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'approved' and ${t.checkoutId} is not null`),
  ],
);

/**
 * A paid top-up taken back, in part or whole, by its provider (a refund, a chargeback, an invoice
 * marked invalid), or given back (a chargeback the seller won). One row per provider event, never
 * changed: the unique (provider, event_id) makes a repeated or concurrent delivery book nothing twice,
 * and the request's row is never rewritten. `credits` is what the ledger row moved (negative: taken
 * back; 0 when the event took nothing new, e.g. a refund already booked by a later event).
 */
export const topUpReversals = pgTable(
  'topup_reversals',
  {
    id: serial('id').primaryKey(),
    topUpRequestId: integer('topup_request_id')
      .notNull()
      .references(() => topUpRequests.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind').$type<TopUpReversalKind>().notNull(),
    /** The provider's object: a Stripe charge or dispute id, a BTCPay invoice id. */
    providerRef: text('provider_ref').notNull(),
    /** The money the event is about, in the request's currency (Stripe: refunded so far, disputed). */
    amountCents: integer('amount_cents').notNull(),
    credits: integer('credits').notNull(),
    ledgerEntryId: integer('ledger_entry_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('topup_reversals_event_idx').on(t.provider, t.eventId),
    index('topup_reversals_request_idx').on(t.topUpRequestId, t.id),
    check(
      'topup_reversals_kind_check',
      sql`${t.kind} in ('refund', 'dispute', 'dispute_won', 'invalidated', 'restored')`,
    ),
  ],
);

/**
 * The last receipt number given per year. The approval's transaction increments its year's row (the
 * row lock queues concurrent approvals), so a rolled-back approval gives its number back: receipt
 * numbers have no gaps, which a PostgreSQL sequence cannot promise.
 */
export const receiptCounters = pgTable('receipt_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * `Idempotency-Key` results of credit-moving requests, per account. The row is inserted first in the
 * request's own transaction, so a concurrent retry waits on the key and then replays the result.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, route and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
