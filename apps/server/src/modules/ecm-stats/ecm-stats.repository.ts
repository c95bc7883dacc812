import type { EcmGranularity, EcmRange } from '@linedesk/shared';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rawRows } from '../../db/raw-rows.js';
import {
  ecmDay,
  ecmHour,
  ecmLineChannels,
  ecmMinute,
  ecmPolls,
  ecmReaders,
  ecmRollupState,
  lines,
} from '../../db/schema.js';
import { LINE_KIND, READER_KIND, SERVER_KIND } from './ecm-poll.repository.js';

const SPAN: Record<EcmRange, SQL> = {
  '1h': sql`interval '1 hour'`,
  '24h': sql`interval '24 hours'`,
  '7d': sql`interval '7 days'`,
  '30d': sql`interval '30 days'`,
};

export type SeriesRow = {
  at: number;
  reader: string;
  ok: number;
  nok: number;
  timeSum: number;
  timeN: number;
  polls: number;
  up: number;
};

/** Which rows a chart sums: one line, one server, a server's readers, or every line of an owner. */
export type SeriesSubject =
  | { kind: 'line'; id: number }
  | { kind: 'server'; id: number }
  | { kind: 'readers'; serverId: number }
  | { kind: 'all-servers' }
  | { kind: 'owner-lines'; ownerId: string };

function subjectFilter(subject: SeriesSubject): SQL {
  switch (subject.kind) {
    case 'line':
      return sql`kind = ${LINE_KIND} and subject_id = ${subject.id} and reader = ''`;
    case 'server':
      return sql`kind = ${SERVER_KIND} and subject_id = ${subject.id} and reader = ''`;
    case 'readers':
      return sql`kind = ${READER_KIND} and subject_id = ${subject.serverId}`;
    case 'all-servers':
      return sql`kind = ${SERVER_KIND}`;
    case 'owner-lines':
      return sql`kind = ${LINE_KIND} and subject_id in (select ${lines.id} from ${lines} where ${lines.ownerId} = ${subject.ownerId})`;
  }
}

export const ecmStatsRepository = {
  /**
   * The subject's buckets of `granularity` over the range. Each level is read only where the next
   * finer one has been rolled into it (the marks), so a day chart reads day rows, today's hours and
   * this hour's minutes; never the minute rows of the whole range.
   */
  async series(
    db: Db,
    subject: SeriesSubject,
    range: EcmRange,
    granularity: EcmGranularity,
  ): Promise<SeriesRow[]> {
    const where = subjectFilter(subject);
    const from = sql`date_trunc(${granularity}, now() - ${SPAN[range]}, 'UTC')`;
    const pick = (table: typeof ecmMinute, lower: SQL, upper: SQL | null) => sql`
      select bucket, reader, ok, nok, time_sum, time_n, polls, up from ${table}, m
      where ${where} and bucket >= ${lower} ${upper ? sql`and bucket < ${upper}` : sql``}`;
    const noMarks = sql`coalesce(m.h, '-infinity'::timestamptz)`;
    const parts =
      granularity === 'minute'
        ? [pick(ecmMinute, from, null)]
        : granularity === 'hour'
          ? [pick(ecmHour, from, noMarks), pick(ecmMinute, sql`greatest(${from}, ${noMarks})`, null)]
          : [
              pick(ecmDay, from, sql`coalesce(m.d, '-infinity'::timestamptz)`),
              pick(ecmHour, sql`greatest(${from}, coalesce(m.d, '-infinity'::timestamptz))`, noMarks),
              pick(ecmMinute, sql`greatest(${from}, ${noMarks})`, null),
            ];
    const rows = await rawRows<Record<string, unknown>>(
      db,
      sql`
        with m as (
          select (select hours_through from ${ecmRollupState} where id = 1) as h,
            (select days_through from ${ecmRollupState} where id = 1) as d
        )
        select extract(epoch from date_trunc(${granularity}, bucket, 'UTC'))::float8 * 1000 as at, reader,
          sum(ok)::float8 as ok, sum(nok)::float8 as nok, sum(time_sum)::float8 as time_sum,
          sum(time_n)::float8 as time_n, sum(polls)::float8 as polls, sum(up)::float8 as up
        from (${sql.join(parts, sql` union all `)}) s
        group by 2, 1 order by 2, 1`,
    );
    return rows.map((row) => ({
      at: Number(row.at),
      reader: String(row.reader),
      ok: Number(row.ok),
      nok: Number(row.nok),
      timeSum: Number(row.time_sum),
      timeN: Number(row.time_n),
      polls: Number(row.polls),
      up: Number(row.up),
    }));
  },

  /** The channels the line was found watching since `days` days ago, most watched first. */
  async channels(db: Db, lineId: number, days: number) {
    const rows = await rawRows<{ caid: string; srvid: string; channel: string | null; polls: number }>(
      db,
      sql`
        select caid, srvid, max(channel) as channel, sum(polls)::int as polls
        from ${ecmLineChannels}
        where line_id = ${lineId} and day >= (now() at time zone 'UTC')::date - ${days}::int
        group by caid, srvid order by 4 desc, 1, 2 limit 10`,
    );
    return rows.map((row) => ({
      caid: row.caid || null,
      srvid: row.srvid || null,
      channel: row.channel,
      polls: Number(row.polls),
    }));
  },

  async readers(db: Db, serverId: number) {
    return db.select().from(ecmReaders).where(eq(ecmReaders.serverId, serverId)).orderBy(ecmReaders.label);
  },

  async pollOf(db: Db, serverId: number) {
    const [row] = await db.select().from(ecmPolls).where(eq(ecmPolls.serverId, serverId));
    return row;
  },
};
