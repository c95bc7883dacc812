import type { LedgerEntry } from '@linedesk/shared';
import type { LedgerRow } from './ledger.repository.js';

export function toLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    account_id: row.accountId,
    account_email: row.accountEmail,
    delta: row.delta,
    balance_after: row.balanceAfter,
    reason: row.reason,
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    ref_type: row.refType,
    ref_id: row.refId,
    note: row.note,
    created_at: row.createdAt.toISOString(),
  };
}
