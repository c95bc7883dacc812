import type { CreditPackage, Currency } from '@linedesk/shared';
import type { PackageRow } from './pricing.repository.js';

export function toCreditPackage(row: PackageRow): CreditPackage {
  return {
    id: row.id,
    name: row.name,
    credits: row.credits,
    price_cents: row.priceCents,
    currency: row.currency as Currency,
    highlight: row.highlight,
    sort_order: row.sortOrder,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
