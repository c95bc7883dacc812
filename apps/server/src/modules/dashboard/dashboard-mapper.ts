import type { Dashboard } from '@linedesk/shared';
import type { ServerLineCountsRow } from './dashboard.repository.js';

export type LineCounts = Dashboard['lines'];

/** One server's share of the scope's lines, as the dashboard's figures and charts use it. */
export type ServerFigures = {
  server_id: number | null;
  server_name: string | null;
  counts: LineCounts;
};

export function toServerFigures(row: ServerLineCountsRow): ServerFigures {
  return {
    server_id: row.serverId,
    server_name: row.serverName,
    counts: {
      total: row.total,
      active: row.active,
      expiring_7d: row.expiring7d,
      expired: row.expired,
      trial: row.trial,
      suspended: row.suspended,
    },
  };
}
