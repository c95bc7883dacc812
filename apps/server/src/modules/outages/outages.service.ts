import { OUTAGE_HISTORY_DAYS, type OutageList } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { outagesRepository } from './outages.repository.js';

const LISTED = 200;
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The status page's outages: an admin every server's with every affected line; a reseller the
 * outages of servers their lines are on, counting only their own lines.
 */
export async function listOutages(ctx: AppContext, actor: Actor): Promise<OutageList> {
  const scope = access.lines(actor);
  const since = new Date(Date.now() - OUTAGE_HISTORY_DAYS * 86_400_000);
  const owners = scope.ownerIds ?? (scope.ownerId === null ? null : [scope.ownerId]);
  const rows = await outagesRepository.list(ctx.db, owners, since, LISTED);
  return {
    since: since.toISOString(),
    outages: rows.map((row) => ({
      id: Number(row.id),
      server_id: Number(row.server_id),
      server: row.server,
      cause: row.cause,
      started_at: iso(row.started_at),
      ended_at: row.ended_at === null ? null : iso(row.ended_at),
      affected_lines: Number(row.affected),
      compensated_lines: Number(row.compensated),
      compensated_minutes: Number(row.compensated_minutes),
    })),
  };
}
