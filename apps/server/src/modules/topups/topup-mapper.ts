import type { TopUpRequest } from '@linedesk/shared';
import type { TopUpRow } from './topups.repository.js';

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
    decided_by: row.decidedBy,
    decided_by_email: row.decidedByEmail,
    decided_at: row.decidedAt?.toISOString() ?? null,
    provider: row.provider,
    provider_payment_id: row.providerPaymentId,
    created_at: row.createdAt.toISOString(),
  };
}
