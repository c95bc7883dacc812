import type { RedeemCode, RedeemHistoryEntry } from '@linedesk/shared';
import type { CodeRow, HistoryRow } from './redeem.repository.js';

function statusOf(row: CodeRow, now: Date): RedeemCode['status'] {
  if (!row.isActive) return 'inactive';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  if (row.timesUsed >= row.maxUses) return 'used_up';
  return 'valid';
}

export function toRedeemCode(row: CodeRow, now = new Date()): RedeemCode {
  return {
    id: row.id,
    code_hint: row.codeHint,
    credits: row.credits,
    description: row.description,
    is_active: row.isActive,
    max_uses: row.maxUses,
    times_used: row.timesUsed,
    expires_at: row.expiresAt?.toISOString() ?? null,
    status: statusOf(row, now),
    created_by: row.createdBy,
    created_by_email: row.createdByEmail,
    created_at: row.createdAt.toISOString(),
  };
}

export function toRedeemHistoryEntry(r: HistoryRow): RedeemHistoryEntry {
  return {
    id: r.id,
    code_id: r.codeId,
    code_hint: r.code,
    credits: r.credits,
    user_id: r.userId,
    user_email: r.userEmail,
    redeemed_at: r.redeemedAt.toISOString(),
    status: r.status,
    error_code: r.errorCode,
  };
}
