import { formatActivationCode, type ActivationCode } from '@linedesk/shared';
import type { ActivationCodeRow } from './activation-codes.repository.js';

export function toActivationCode(row: ActivationCodeRow): ActivationCode {
  return {
    id: row.id,
    code: formatActivationCode(row.code),
    owner_id: row.ownerId,
    owner_email: row.ownerEmail,
    plan_id: row.planId,
    plan_name: row.planName,
    subscription_months: row.subscriptionMonths,
    is_trial: row.isTrial,
    charged: row.charged,
    state: row.state,
    valid_until: row.validUntil?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    activated_at: row.activatedAt?.toISOString() ?? null,
    line_id: row.lineId,
    line_username: row.lineUsername,
    voided_at: row.voidedAt?.toISOString() ?? null,
  };
}
