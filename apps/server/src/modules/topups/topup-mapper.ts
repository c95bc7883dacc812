import type { TopUpRequest, TopUpReversal } from '@linedesk/shared';
import type { TopUpRow } from './topups.repository.js';

export const topUpProofUrl = (id: number) => `/api/topups/${id}/proof`;

/**
 * A request's state after its provider took money back: a chargeback open or lost (as the provider
 * last reported it) is `disputed`; otherwise what was taken makes it `refunded` or
 * `partially_refunded`. Nothing taken back (or a chargeback won) is no reversal. Requests reversed
 * before the provider's state was stored read it from their last reversal's kind.
 */
function reversalOf(row: TopUpRow): TopUpReversal | null {
  if (row.reversedCredits <= 0 || !row.lastReversalAt) return null;
  const disputed = row.providerState
    ? row.providerState.disputes.some((dispute) => dispute.counts)
    : row.lastReversalKind === 'dispute';
  const state = disputed
    ? 'disputed'
    : row.reversedCredits >= row.credits || row.lastReversalKind === 'invalidated'
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
    instructions_translations: row.instructionsI18n ?? {},
    channel: row.channel,
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
    refunds: row.providerState?.refunds ?? [],
    disputes: row.providerState?.disputes ?? [],
    invalidated: row.providerState?.invalidated ?? false,
    revocation:
      row.revokedAt && row.revokeReason
        ? {
            at: row.revokedAt.toISOString(),
            by: row.revokedBy,
            by_email: row.revokedByEmail,
            reason: row.revokeReason,
          }
        : null,
    created_at: row.createdAt.toISOString(),
  };
}
