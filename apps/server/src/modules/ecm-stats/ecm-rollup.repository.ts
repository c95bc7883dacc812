import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rawRows } from '../../db/raw-rows.js';
import { ecmDay, ecmHour, ecmLineChannels, ecmMinute, ecmRollupState } from '../../db/schema.js';

/** Buckets a rollup leaves alone this long after they end: a poll running at the turn still adds to them. */
const SETTLE = sql`interval '5 minutes'`;
/** At most this many hours (or days) of buckets per statement, so a long-idle rollup catches up in steps. */
export const ROLLUP_BATCH_HOURS = 24;
export const ROLLUP_BATCH_DAYS = 7;

export type RollupMarks = { hoursThrough: Date; daysThrough: Date };

type SeriesTable = typeof ecmMinute;

async function countDeleted(db: Db, deletion: SQL): Promise<number> {
  const [row] = await rawRows<{ n: number }>(
    db,
    sql`with gone as (${deletion}) select count(*)::int as n from gone`,
  );
  return Number(row?.n ?? 0);
}

/** Sums `from`'s rows in [start, end) into `to`'s buckets of `unit`, replacing what `to` held there. */
function rollupStatement(from: SeriesTable, to: SeriesTable, unit: 'hour' | 'day', start: SQL, end: SQL) {
  // A literal, not a parameter: GROUP BY must see the same expression as the select list.
  const bucket = sql.raw(`date_trunc('${unit}', bucket, 'UTC')`);
  return sql`
    insert into ${to} (kind, subject_id, reader, bucket, ok, nok, time_sum, time_n, polls, up)
    select kind, subject_id, reader, ${bucket},
      sum(ok), sum(nok), sum(time_sum), sum(time_n), sum(polls), sum(up)
    from ${from}
    where bucket >= ${start} and bucket < ${end}
    group by kind, subject_id, reader, ${bucket}
    on conflict (kind, subject_id, reader, bucket) do update set
      ok = excluded.ok, nok = excluded.nok, time_sum = excluded.time_sum, time_n = excluded.time_n,
      polls = excluded.polls, up = excluded.up`;
}

export const ecmRollupRepository = {
  /** The marks, created on first use from the oldest minute row (or now). */
  async marks(db: Db): Promise<RollupMarks> {
    await db.execute(sql`
      insert into ${ecmRollupState} (id, hours_through, days_through)
      select 1, coalesce(date_trunc('hour', m.first, 'UTC'), date_trunc('hour', now(), 'UTC')),
        coalesce(date_trunc('day', m.first, 'UTC'), date_trunc('day', now(), 'UTC'))
      from (select min(bucket) as first from ${ecmMinute}) m
      on conflict (id) do nothing`);
    const [row] = await rawRows<{ h: number; d: number }>(
      db,
      sql`
        select extract(epoch from hours_through)::float8 * 1000 as h, extract(epoch from days_through)::float8 * 1000 as d
        from ${ecmRollupState} where id = 1`,
    );
    return { hoursThrough: new Date(Number(row!.h)), daysThrough: new Date(Number(row!.d)) };
  },

  /**
   * One step of the minute → hour rollup, in the caller's transaction: locks the marks (another
   * instance rolling at the same moment skips), sums up to ROLLUP_BATCH_HOURS finished hours and moves
   * the mark past them. Answers how many hours it rolled (0: nothing due, or another instance is on it).
   */
  async rollHours(tx: Db): Promise<number> {
    const [mark] = await rawRows<{ start: string; end: string; hours: number }>(
      tx,
      sql`
        select hours_through::text as start,
          least(hours_through + ${ROLLUP_BATCH_HOURS} * interval '1 hour', date_trunc('hour', now() - ${SETTLE}, 'UTC'))::text as end,
          extract(epoch from least(hours_through + ${ROLLUP_BATCH_HOURS} * interval '1 hour', date_trunc('hour', now() - ${SETTLE}, 'UTC')) - hours_through)::float8 / 3600 as hours
        from ${ecmRollupState} where id = 1 for update skip locked`,
    );
    if (!mark || Number(mark.hours) <= 0) return 0;
    const start = sql`${mark.start}::timestamptz`;
    const end = sql`${mark.end}::timestamptz`;
    await tx.execute(rollupStatement(ecmMinute, ecmHour, 'hour', start, end));
    await tx.execute(sql`update ${ecmRollupState} set hours_through = ${end} where id = 1`);
    return Number(mark.hours);
  },

  /** The hour → day step, as `rollHours`: only days whose every hour is rolled. */
  async rollDays(tx: Db): Promise<number> {
    const [mark] = await rawRows<{ start: string; end: string; days: number }>(
      tx,
      sql`
        select days_through::text as start,
          least(days_through + ${ROLLUP_BATCH_DAYS} * interval '1 day', date_trunc('day', hours_through, 'UTC'))::text as end,
          extract(epoch from least(days_through + ${ROLLUP_BATCH_DAYS} * interval '1 day', date_trunc('day', hours_through, 'UTC')) - days_through)::float8 / 86400 as days
        from ${ecmRollupState} where id = 1 for update skip locked`,
    );
    if (!mark || Number(mark.days) <= 0) return 0;
    const start = sql`${mark.start}::timestamptz`;
    const end = sql`${mark.end}::timestamptz`;
    await tx.execute(rollupStatement(ecmHour, ecmDay, 'day', start, end));
    await tx.execute(sql`update ${ecmRollupState} set days_through = ${end} where id = 1`);
    return Number(mark.days);
  },

  /**
   * Deletes up to `limit` rows of `table` older than `keep` and already rolled into the next level
   * (before `mark`); answers how many went, so the caller repeats while a batch was full.
   */
  async deleteExpired(db: Db, level: 'minute' | 'hour' | 'day', keep: SQL, limit: number): Promise<number> {
    const table = level === 'minute' ? ecmMinute : level === 'hour' ? ecmHour : ecmDay;
    const rolled =
      level === 'minute'
        ? sql`and bucket < (select hours_through from ${ecmRollupState} where id = 1)`
        : level === 'hour'
          ? sql`and bucket < (select days_through from ${ecmRollupState} where id = 1)`
          : sql``;
    return countDeleted(
      db,
      sql`delete from ${table} where ctid in (
        select ctid from ${table} where bucket < now() - ${keep} ${rolled} limit ${limit}
      ) returning 1`,
    );
  },

  async deleteExpiredChannels(db: Db, keep: SQL, limit: number): Promise<number> {
    return countDeleted(
      db,
      sql`delete from ${ecmLineChannels} where ctid in (
        select ctid from ${ecmLineChannels} where day < (now() - ${keep})::date limit ${limit}
      ) returning 1`,
    );
  },
};
