import type { SystemStatus } from '@linedesk/shared';
import type { OutboxRow } from './system-status.repository.js';

export function toOutbox(row: OutboxRow): SystemStatus['outbox'] {
  return {
    pending: row.pending,
    failing: row.failing,
    oldest_at: row.oldestAt?.toISOString() ?? null,
    last_error: row.lastError,
  };
}
