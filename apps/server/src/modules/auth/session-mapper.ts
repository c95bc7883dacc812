import type { SessionInfo } from '@linedesk/shared';
import type { authSessions } from '../../db/schema.js';

/** A session as its owner sees it; `current` marks the one the request came with. */
export function toSessionInfo(
  row: typeof authSessions.$inferSelect,
  currentSessionId: string | null,
): SessionInfo {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    ip_address: row.ipAddress,
    user_agent: row.userAgent,
    current: row.id === currentSessionId,
  };
}
