import { csvRecord } from '@linedesk/shared';
import type { TopUpRow } from './topups.repository.js';

export const TOPUP_CSV_HEADER = [
  'id',
  'created_at',
  'account',
  'package',
  'credits',
  'method',
  'method_kind',
  'provider',
  'provider_payment_id',
  'reference_code',
  'payment_reference',
  'currency',
  'price',
  'fee',
  'amount',
  'status',
  'expired_reason',
  'reject_reason',
  'decided_at',
  'decided_by',
] as const;

export function topUpCsvHeader(): string {
  return csvRecord(TOPUP_CSV_HEADER);
}

/** Minor units as a decimal amount (2500 → 25.00), the way a spreadsheet sums it. */
const decimal = (cents: number) => (cents / 100).toFixed(2);

/** One CSV record per request; times in ISO 8601 (UTC). */
export function topUpCsvRow(row: TopUpRow): string {
  return csvRecord([
    row.id,
    row.createdAt.toISOString(),
    row.accountEmail,
    row.packageName,
    row.credits,
    row.methodName,
    row.methodKind,
    row.provider,
    row.providerPaymentId,
    row.referenceCode,
    row.paymentReference,
    row.currency,
    decimal(row.priceCents),
    decimal(row.feeCents),
    decimal(row.priceCents + row.feeCents),
    row.status,
    row.expiredReason,
    row.rejectReason,
    row.decidedAt?.toISOString() ?? null,
    row.decidedByEmail,
  ]);
}
