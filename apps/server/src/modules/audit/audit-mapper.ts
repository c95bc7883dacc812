import type { AuditEntry } from '@linedesk/shared';
import type { AuditRow } from './audit.repository.js';

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    action: row.action as AuditEntry['action'],
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    api_key_id: row.apiKeyId,
    target_account_id: row.targetAccountId,
    target_email: row.targetEmail,
    entity_type: row.entityType as AuditEntry['entity_type'],
    entity_id: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
  };
}
