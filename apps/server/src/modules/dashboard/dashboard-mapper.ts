import type { Dashboard } from '@linedesk/shared';
import type { LineCountsRow } from './dashboard.repository.js';

export type LineCounts = Dashboard['lines'];

export function toLineCounts(row: LineCountsRow): LineCounts {
  return {
    total: row.total,
    active: row.active,
    expiring_7d: row.expiring7d,
    expired: row.expired,
    trial: row.trial,
    suspended: row.suspended,
  };
}
