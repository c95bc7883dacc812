import type { TopUpRequest, TopUpReversal } from '@linedesk/shared';
import type { TopUpRow } from './topups.repository.js';

export const topUpProofUrl = (id: number) => `/api/topups/${id}/proof`;

/**
 * A request's state after its provider took money back, from its reversals: an open or lost
 * chargeback is `disputed`; otherwise what refunds took makes it `refunded` or `partially_refunded`.
 * Nothing taken back (or a chargeback won) is no reversal.
 */
function reversalOf(row: TopUpRow): TopUpReversal | null {
  if (row.reversedCredits <= 0 || !row.lastReversalAt) return null;
  const state =
    row.lastReversalKind === 'dispute' || row.lastReversalKind === 'invalidated'
      ? row.lastReversalKind === 'dispute'
        ? 'disputed'
        : 'refunded'
      : row.reversedCredits >= row.credits
        ? 'refunded'
        : 'partially_refunded';
  return { state, credits: row.reversedCredits, at: row.lastReversalAt };
}

export function toTopUpRequest(row: TopUpRow): TopUpRequest {
  return {
    id: row.id,
    account_id: row.accountId,
    account_email: row.accountEmail,
    package_id: row.packageId,
    package_name: row.packageName,
    credits: row.credits,
    price_cents: row.priceCents,
    currency: row.currency,
    payment_reference: row.paymentReference,
    status: row.status,
    reject_reason: row.rejectReason,
    expired_reason: row.expiredReason,
    decided_by: row.decidedBy,
    decided_by_email: row.decidedByEmail,
    decided_at: row.decidedAt?.toISOString() ?? null,
    provider: row.provider,
    provider_payment_id: row.providerPaymentId,
    method_id: row.methodId,
    method_name: row.methodName,
    method_kind: row.methodKind,
    fee_cents: row.feeCents,
    amount_cents: row.priceCents + row.feeCents,
    reference_code: row.referenceCode,
    instructions: row.instructions,
    proof_required: row.proofRequired,
    proof:
      row.proofKey && row.proofFileName && row.proofContentType
        ? {
            url: topUpProofUrl(row.id),
            file_name: row.proofFileName,
            content_type: row.proofContentType,
            size: row.proofSize ?? 0,
          }
        : null,
    checkout_url: row.checkoutUrl,
    surplus_cents: row.surplusCents,
    surplus_currency: row.surplusCurrency,
    receipt_number: row.receiptNumber,
    reversal: reversalOf(row),
    created_at: row.createdAt.toISOString(),
  };
}
