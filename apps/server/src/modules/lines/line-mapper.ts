import { isLanguage, lineStatus, type Line } from '@linedesk/shared';
import type { LineRow } from './lines.repository.js';

/** A stored line as the API answers it (`lineSchema`); the status derives from `today` (YYYY-MM-DD). */
export function toLine(row: LineRow, today: string): Line {
  return {
    id: row.id,
    username: row.username,
    password: row.password,
    protocol: row.protocol,
    host_port: row.hostPort,
    user_value: row.userValue,
    added_date: row.addedDate,
    expiry_date: row.expiryDate,
    live_channel: row.liveChannel,
    info: row.info,
    notes: row.notes,
    enabled: row.enabled,
    status: lineStatus(
      {
        enabled: row.enabled,
        expiry_date: row.expiryDate,
        is_trial: row.isTrial,
        frozen: row.frozenAt !== null,
      },
      today,
    ),
    name: row.name,
    company: row.company,
    role: row.role,
    avatar_url: row.avatarUrl,
    email: row.email,
    language: isLanguage(row.language) ? row.language : null,
    owner_id: row.ownerId,
    owner_email: row.ownerEmail,
    server_id: row.serverId,
    server_name: row.serverName,
    newcamd_des_key: row.serverDesKey,
    is_trial: row.isTrial,
    frozen_at: row.frozenAt?.toISOString() ?? null,
    frozen_days: row.frozenDays,
    subscription_months: row.subscriptionMonths,
    plan_id: row.planId,
    restriction_overrides: row.restrictionOverrides ?? {},
    entry_extra: row.entryExtra ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    sync_state: row.syncState,
    sync_error: row.syncError,
    sync_error_code: row.syncErrorCode,
    sync_error_params: row.syncErrorParams,
    synced_at: row.syncedAt?.toISOString() ?? null,
  };
}
