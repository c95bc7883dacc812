import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { serverPollsRepository } from '../servers/server-polls.repository.js';
import { ecmCounters, ecmLineChannels, ecmMinute, ecmPolls, ecmReaders, lines } from '../../db/schema.js';

/** One account as the agent's GET /ecm-stats reported it. */
export type EcmAccountReading = {
  username: string;
  ok: number;
  nok: number;
  ms: number | null;
  caid: string | null;
  srvid: string | null;
  channel: string | null;
};
/** `ok`/`nok`: the reader's counters since the server started, null where it counts none per reader. */
export type EcmReaderReading = {
  label: string;
  protocol: string;
  state: string;
  ms: number | null;
  ok: number | null;
  nok: number | null;
};

export const LINE_KIND = 1;
export const SERVER_KIND = 2;
export const READER_KIND = 3;

/** When each active server's ECM counters are read next. */
export const ecmPollsRepository = serverPollsRepository(ecmPolls);
const thisMinute = sql`date_trunc('minute', now(), 'UTC')`;

/** The poll's writes, all keyed by (server, this minute); each a single statement over the whole reading. */
export const ecmPollRepository = {
  /**
   * Adds what each account asked since the server's last reading to this minute's rows (of its
   * line, when it is one of the server's lines, and of the server), the channel of every line that
   * got answers to today's channels, and keeps the reading for the next difference. A counter
   * below its last reading means the server restarted: the new count is all since then.
   * The first reading of an account only sets its baseline. Answers what the whole server answered
   * and not since its last reading (the outage watch's answer rate).
   */
  async addAccountReadings(
    tx: Db,
    serverId: number,
    readings: EcmAccountReading[],
  ): Promise<{ ok: number; nok: number }> {
    if (readings.length === 0) return { ok: 0, nok: 0 };
    const input = JSON.stringify(readings);
    const deltas = sql`
      with input as (
        select * from json_to_recordset(${input}::json)
          as i(username text, ok bigint, nok bigint, ms int, caid text, srvid text, channel text)
      )
      select i.*, l.id as line_id,
        case when c.ok is null then 0 when i.ok >= c.ok and i.nok >= c.nok then i.ok - c.ok else i.ok end as d_ok,
        case when c.ok is null then 0 when i.ok >= c.ok and i.nok >= c.nok then i.nok - c.nok else i.nok end as d_nok
      from input i
      left join ${ecmCounters} c on c.server_id = ${serverId} and c.username = i.username
      left join ${lines} l on l.server_id = ${serverId} and l.username = i.username`;
    // The last answer's time stands for every answer since the last reading.
    const result = await tx.execute<{ ok: number; nok: number }>(sql`
      with d as (${deltas}),
      per_line as (
        insert into ${ecmMinute} (kind, subject_id, reader, bucket, ok, nok, time_sum, time_n)
        select ${LINE_KIND}, line_id, '', ${thisMinute}, d_ok, d_nok,
          case when ms is null then 0 else ms::bigint * d_ok end,
          case when ms is null then 0 else d_ok end
        from d where line_id is not null and (d_ok > 0 or d_nok > 0)
        on conflict (kind, subject_id, reader, bucket) do update set
          ok = ${ecmMinute.ok} + excluded.ok, nok = ${ecmMinute.nok} + excluded.nok,
          time_sum = ${ecmMinute.timeSum} + excluded.time_sum, time_n = ${ecmMinute.timeN} + excluded.time_n
        returning 1
      ),
      channels as (
        insert into ${ecmLineChannels} (line_id, day, caid, srvid, channel, polls)
        select line_id, (now() at time zone 'UTC')::date, coalesce(caid, ''), coalesce(srvid, ''), channel, 1
        from d where line_id is not null and d_ok > 0 and (srvid is not null or caid is not null or channel is not null)
        on conflict (line_id, day, caid, srvid) do update set
          polls = ${ecmLineChannels.polls} + 1, channel = coalesce(excluded.channel, ${ecmLineChannels.channel})
        returning 1
      ),
      counters as (
        insert into ${ecmCounters} (server_id, username, ok, nok, read_at)
        select ${serverId}, username, ok, nok, now() from d
        on conflict (server_id, username) do update set ok = excluded.ok, nok = excluded.nok, read_at = now()
        returning 1
      ),
      per_server as (
        insert into ${ecmMinute} (kind, subject_id, reader, bucket, ok, nok, time_sum, time_n)
        select ${SERVER_KIND}, ${serverId}, '', ${thisMinute}, coalesce(sum(d_ok), 0), coalesce(sum(d_nok), 0),
          coalesce(sum(case when ms is null then 0 else ms::bigint * d_ok end), 0),
          coalesce(sum(case when ms is null then 0 else d_ok end), 0)
        from d
        on conflict (kind, subject_id, reader, bucket) do update set
          ok = ${ecmMinute.ok} + excluded.ok, nok = ${ecmMinute.nok} + excluded.nok,
          time_sum = ${ecmMinute.timeSum} + excluded.time_sum, time_n = ${ecmMinute.timeN} + excluded.time_n
        returning 1
      )
      select coalesce(sum(d_ok), 0)::float8 as ok, coalesce(sum(d_nok), 0)::float8 as nok
      from d, (select count(*) from per_server) w`);
    const [sums] = result.rows;
    return { ok: Number(sums?.ok ?? 0), nok: Number(sums?.nok ?? 0) };
  },

  /**
   * Counts this poll for each reader (working or not, and its answer time), adds what it answered and
   * not since the last reading (the first reading only sets the baseline; counters below the last
   * reading mean the server restarted, so the new count is all since then), and keeps its state and
   * counters. A reader the server no longer lists is dropped.
   */
  async addReaderReadings(
    tx: Db,
    serverId: number,
    readings: EcmReaderReading[],
    upStates: readonly string[],
  ): Promise<void> {
    const labels = [...new Set(readings.map((reading) => reading.label))];
    if (labels.length === 0) {
      await tx.delete(ecmReaders).where(eq(ecmReaders.serverId, serverId));
      return;
    }
    const input = JSON.stringify(readings);
    const up = JSON.stringify(upStates);
    const readingsOf = sql`
      select distinct on (label) * from json_to_recordset(${input}::json)
        as r(label text, protocol text, state text, ms int, ok bigint, nok bigint)
      order by label`;
    // The minute rows read the last counters before the statement below replaces them.
    await tx.execute(sql`
      with r as (${readingsOf}),
      d as (
        select r.*,
          case when r.ok is null or r.nok is null or c.ok is null or c.nok is null then 0
            when r.ok >= c.ok and r.nok >= c.nok then r.ok - c.ok else r.ok end as d_ok,
          case when r.ok is null or r.nok is null or c.ok is null or c.nok is null then 0
            when r.ok >= c.ok and r.nok >= c.nok then r.nok - c.nok else r.nok end as d_nok
        from r left join ${ecmReaders} c on c.server_id = ${serverId} and c.label = r.label
      )
      insert into ${ecmMinute} (kind, subject_id, reader, bucket, ok, nok, time_sum, time_n, polls, up)
      select ${READER_KIND}, ${serverId}, label, ${thisMinute}, d_ok, d_nok,
        coalesce(ms, 0), case when ms is null then 0 else 1 end, 1,
        case when upper(state) in (select json_array_elements_text(${up}::json)) then 1 else 0 end
      from d
      on conflict (kind, subject_id, reader, bucket) do update set
        ok = ${ecmMinute.ok} + excluded.ok, nok = ${ecmMinute.nok} + excluded.nok,
        time_sum = ${ecmMinute.timeSum} + excluded.time_sum, time_n = ${ecmMinute.timeN} + excluded.time_n,
        polls = ${ecmMinute.polls} + 1, up = ${ecmMinute.up} + excluded.up`);
    await tx.execute(sql`
      insert into ${ecmReaders} (server_id, label, protocol, state, ok, nok, seen_at)
      select ${serverId}, label, protocol, state, ok, nok, now() from (${readingsOf}) r
      on conflict (server_id, label) do update set
        protocol = excluded.protocol, state = excluded.state, ok = excluded.ok, nok = excluded.nok,
        seen_at = excluded.seen_at`);
    await tx
      .delete(ecmReaders)
      .where(and(eq(ecmReaders.serverId, serverId), notInArray(ecmReaders.label, labels)));
  },
};
