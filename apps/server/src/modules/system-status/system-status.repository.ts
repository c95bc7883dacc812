import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export type OutboxRow = {
  pending: number;
  failing: number;
  oldestAt: Date | null;
  lastError: string | null;
};

export const systemStatusRepository = {
  async outbox(db: Db): Promise<OutboxRow> {
    const result = await db.execute<Record<string, unknown>>(sql`
      select count(*)::int as pending,
        count(*) filter (where attempts > 0)::int as failing,
        min(created_at) as oldest_at,
        (select last_error from line_sync_outbox where last_error is not null order by id desc limit 1) as last_error
      from line_sync_outbox`);
    const row = result.rows[0] ?? {};
    const oldest = row.oldest_at;
    return {
      pending: Number(row.pending ?? 0),
      failing: Number(row.failing ?? 0),
      oldestAt: oldest ? new Date(oldest as string | Date) : null,
      lastError: row.last_error ? String(row.last_error) : null,
    };
  },
};
