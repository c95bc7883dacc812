import { defineContract } from '../contract.js';
import { idempotencyHeadersSchema } from '../credits.js';
import { idParamsSchema } from '../schema-blocks.js';
import {
  createTopUpBodySchema,
  receiptPdfQuerySchema,
  rejectTopUpBodySchema,
  revokeTopUpBodySchema,
  topUpFilterSchema,
  topUpListQuerySchema,
  topUpListResponseSchema,
  topUpPendingCountSchema,
  topUpReceiptSchema,
  topUpRequestSchema,
  topUpSettingsSchema,
} from '../topup.js';

const tags = ['topups'];

export const create = defineContract({
  method: 'POST',
  path: '/api/topups',
  access: 'signedIn',
  tags,
  summary: 'Request a top-up: a credit package and the reference of the payment made, or a payment method',
  description:
    "Without `method_id` the payment was made and `payment_reference` is required; the request is pending. With `method_id` (an enabled method of the package currency) the request copies price, currency and fee, gets a `reference_code` to pay with and waits for the payment (`awaiting_payment`) until submitted. With an online method (Stripe) the provider's checkout is opened at once and its page answered in `checkout_url`; the webhook confirms the payment. A provider that cannot be reached answers `PAYMENT_PROVIDER_UNAVAILABLE` and leaves no request behind.",
  body: createTopUpBodySchema,
  status: 201,
  response: topUpRequestSchema,
  errors: [
    'CREDIT_PACKAGE_NOT_FOUND',
    'PAYMENT_REFERENCE_REQUIRED',
    'PAYMENT_METHOD_UNAVAILABLE',
    'PAYMENT_METHOD_CURRENCY_MISMATCH',
    'PAYMENT_PROVIDER_UNAVAILABLE',
  ],
});

export const get = defineContract({
  method: 'GET',
  path: '/api/topups/:id',
  access: 'signedIn',
  tags,
  summary: 'One top-up request (its requester, admins): what the page after an online checkout follows live',
  params: idParamsSchema,
  response: topUpRequestSchema,
  errors: ['TOPUP_NOT_FOUND'],
});

export const receipt = defineContract({
  method: 'GET',
  path: '/api/topups/:id/receipt',
  access: 'signedIn',
  tags,
  summary:
    'The receipt of a credited top-up (its requester, admins): number, seller, buyer, package, price, fee, method',
  description:
    'Receipt numbers (`R-<year>-<000001>`) are given per calendar year (UTC) in the transaction that credits the request, without gaps. A request a provider took back later keeps its receipt, with `reversal` saying so. A request not credited has none (`TOPUP_NO_RECEIPT`); anyone but its requester and admins gets `TOPUP_NOT_FOUND`.',
  params: idParamsSchema,
  response: topUpReceiptSchema,
  errors: ['TOPUP_NOT_FOUND', 'TOPUP_NO_RECEIPT'],
});

export const submit = defineContract({
  method: 'POST',
  path: '/api/topups/:id/submit',
  access: 'signedIn',
  tags,
  summary: 'Submit the payment of an own request waiting for it: the payment reference and a proof file',
  description:
    'JSON `{payment_reference}`, or multipart/form-data with a `payment_reference` field and a `file` (PNG, JPEG, GIF, WebP or PDF, at most 5 MB; the type is checked from the bytes). A method that requires a proof refuses the request without a file.',
  params: idParamsSchema,
  response: topUpRequestSchema,
  errors: [
    'TOPUP_NOT_FOUND',
    'TOPUP_NOT_AWAITING_PAYMENT',
    'TOPUP_PAID_ONLINE',
    'PAYMENT_REFERENCE_REQUIRED',
    'PAYMENT_PROOF_REQUIRED',
    'ATTACHMENT_TOO_LARGE',
    'ATTACHMENT_TYPE_NOT_ALLOWED',
  ],
});

/** A file, read by URL (an image or a download link), not through the client. */
export const proof = defineContract({
  method: 'GET',
  path: '/api/topups/:id/proof',
  access: 'signedIn',
  tags,
  summary: 'Download the proof of payment of a request (its requester, admins)',
  params: idParamsSchema,
  response: null,
  errors: ['TOPUP_NOT_FOUND', 'PAYMENT_PROOF_NOT_FOUND'],
});

export const list = defineContract({
  method: 'GET',
  path: '/api/topups',
  access: 'signedIn',
  tags,
  summary: 'Top-up requests, newest first (mine; admins: all, filtered by state, account, method and days)',
  description:
    "Admins may filter by `account_id` or `search` (part of the requester's email); everyone by `status`, `method_id` and the days `from`/`to` (UTC, both included), sorted by `sort`/`order`. With `counts=true` the answer also carries `status_counts`: the matches of the other filters per state.",
  query: topUpListQuerySchema,
  response: topUpListResponseSchema,
});

export const exportCsv = defineContract({
  method: 'GET',
  path: '/api/topups/export.csv',
  access: 'admin',
  tags,
  summary: "CSV of every top-up request the list's filters select, in its order (admin; paging ignored)",
  query: topUpFilterSchema,
  response: null,
  errors: ['ADMIN_ONLY'],
});

export const getSettings = defineContract({
  method: 'GET',
  path: '/api/topup-settings',
  access: 'admin',
  tags,
  summary: 'Top-up settings (admin): after how many days an unpaid request expires',
  response: topUpSettingsSchema,
  errors: ['ADMIN_ONLY'],
});

export const setSettings = defineContract({
  method: 'PUT',
  path: '/api/topup-settings',
  access: 'admin',
  tags,
  summary: 'Change the top-up settings (admin)',
  description:
    'Requests still awaiting their payment `unpaid_expiry_days` (1 to 365) after they were made are closed as expired by a periodic job; an online one only after its provider confirms it was not paid.',
  body: topUpSettingsSchema,
  response: topUpSettingsSchema,
  errors: ['ADMIN_ONLY'],
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
    "Approve a pending request, one still awaiting its payment when the money arrived with its reference, or one that `needs_attention` (paid at its provider, not credited) (admin): the credits are added once, the requester is messaged, the admin is recorded as the one who decided. An online request keeps its provider payment id, so the provider's later refunds and chargebacks are booked against it; a webhook for the same payment afterwards credits nothing more. A second decision answers 409. Accepts an `Idempotency-Key` header.",
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

export const revoke = defineContract({
  method: 'POST',
  path: '/api/topups/:id/revoke',
  access: 'admin',
  tags,
  summary:
    'Undo the manual approval of a top-up (admin): its credits are taken back through the ledger, the request becomes `revoked` with the reason and the admin who decided, and the requester is messaged',
  description:
    "Only a request an admin approved by hand (not one a payment provider confirmed or that keeps a provider payment: the provider's refund takes those back) and only once (`TOPUP_NOT_REVOCABLE`). The balance may not go below 0: when the credits were already spent, `TOPUP_CREDITS_SPENT` (params `balance`, `credits`) and nothing changes. The receipt stays, saying the approval was undone.",
  params: idParamsSchema,
  body: revokeTopUpBodySchema,
  response: topUpRequestSchema,
  errors: [
    'ADMIN_ONLY',
    'REJECT_REASON_REQUIRED',
    'TOPUP_NOT_FOUND',
    'TOPUP_NOT_REVOCABLE',
    'TOPUP_CREDITS_SPENT',
  ],
});

export const cancel = defineContract({
  method: 'POST',
  path: '/api/topups/:id/cancel',
  access: 'signedIn',
  tags,
  summary:
    'Cancel an own request still awaiting its payment (the requester left the checkout or will not pay): it is closed `expired` with reason `cancelled`',
  description:
    "An online request's checkout is asked about first: one already paid is not cancelled (it answers the request as it is, and the payment is credited as usual); an open Stripe Checkout Session is expired at Stripe so it cannot be paid afterwards (a provider that cannot be reached does not hold the cancellation up). A payment that still arrives later is never lost: its request becomes `needs_attention` for an admin. Anyone but the requester gets `TOPUP_NOT_FOUND`; a request no longer awaiting its payment `TOPUP_NOT_CANCELLABLE`.",
  params: idParamsSchema,
  response: topUpRequestSchema,
  errors: ['TOPUP_NOT_FOUND', 'TOPUP_NOT_CANCELLABLE'],
});

/** A file, read by URL (a download link), not through the client. */
export const receiptPdf = defineContract({
  method: 'GET',
  path: '/api/topups/:id/receipt.pdf',
  access: 'signedIn',
  tags,
  summary: "The receipt as an A4 PDF in the reader's language (its requester, admins)",
  params: idParamsSchema,
  query: receiptPdfQuerySchema,
  response: null,
  errors: ['TOPUP_NOT_FOUND', 'TOPUP_NO_RECEIPT'],
});
