import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rawNumber, rawRows } from '../../db/raw-rows.js';

/** One background queue's work: ready to be taken, being worked on, failed; and its oldest item's age. */
export type QueueRow = { queue: string; due: number; running: number; failed: number; oldestSeconds: number };

/** A count per state (a server's status, a top-up's). */
export type StateCount = { state: string; count: number };

/**
 * The aggregates a scrape reads, each over what its table's indexes already cover or over a table
 * that stays small whatever the number of lines: an outbox holds only undelivered rows, the job
 * tables one row per job; the line counts are not here at all (the dashboard's counters hold them).
 */
export const metricsRepository = {
  /**
   * Every job queue at once. A row is due when its time has come and nobody holds its lease (an
   * expired lease is due again: another instance takes it over); running while a lease is held.
   * Failed: an outbox row that failed at least once and waits for its next try, a notice given up on
   * (`dead`, over notification_outbox_dead_idx), a bulk job, move or import that finished within the
   * last day with refused lines.
   */
  async queues(db: Db): Promise<QueueRow[]> {
    const free = sql`(leased_until is null or leased_until < now())`;
    const oldest = sql`coalesce(extract(epoch from now() - min(created_at)), 0)`;
    const result = await rawRows(
      db,
      sql`select 'line_sync' as queue,
          count(*) filter (where next_attempt_at <= now() and ${free}) as due,
          count(*) filter (where leased_until >= now()) as running,
          count(*) filter (where attempts > 0) as failed,
          ${oldest} as oldest_seconds
        from line_sync_outbox
        union all
        select 'notifications',
          count(*) filter (where next_attempt_at <= now() and ${free}),
          count(*) filter (where leased_until >= now()),
          (select count(*) from notification_outbox where status = 'dead'),
          ${oldest}
        from notification_outbox where status = 'pending'
        union all
        select q.queue,
          count(*) filter (where j.status = 'queued' or (j.status = 'running' and ${free})),
          count(*) filter (where j.status = 'running' and leased_until >= now()),
          (select count(*) from line_bulk_jobs d
            where d.status = 'done' and d.refused > 0 and d.finished_at > now() - interval '1 day'
              and (d.action = 'move') = (q.queue = 'line_moves')),
          coalesce(extract(epoch from now() - min(j.created_at)), 0)
        from (values ('line_bulk'), ('line_moves')) q(queue)
        left join line_bulk_jobs j on j.status <> 'done' and (j.action = 'move') = (q.queue = 'line_moves')
        group by q.queue
        union all
        select 'line_imports',
          count(*) filter (where status = 'queued' or (status = 'running' and ${free})),
          count(*) filter (where status = 'running' and leased_until >= now()),
          (select count(*) from line_imports d
            where d.status = 'done' and d.refused > 0 and d.finished_at > now() - interval '1 day'),
          ${oldest}
        from line_imports where status in ('queued', 'running')`,
    );
    return result.map((r) => ({
      queue: String(r.queue),
      due: rawNumber(r.due),
      running: rawNumber(r.running),
      failed: rawNumber(r.failed),
      oldestSeconds: rawNumber(r.oldest_seconds),
    }));
  },

  /** Servers by status: an active server's agent answered its last check, an error one's did not. */
  async serversByStatus(db: Db): Promise<StateCount[]> {
    const result = await rawRows(
      db,
      sql`select status, count(*) as count from cccam_servers group by status`,
    );
    return result.map((r) => ({ state: String(r.status), count: rawNumber(r.count) }));
  },

  /** Top-up requests (manual and paid online) by status. */
  async topUpsByStatus(db: Db): Promise<StateCount[]> {
    const result = await rawRows(
      db,
      sql`select status, count(*) as count from topup_requests group by status`,
    );
    return result.map((r) => ({ state: String(r.status), count: rawNumber(r.count) }));
  },
};
