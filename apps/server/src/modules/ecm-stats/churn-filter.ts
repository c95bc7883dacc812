import { CHURN_UNUSED_TRIAL_HOURS } from '@linedesk/shared';
import { sql, type SQL } from 'drizzle-orm';
import { ecmDay, ecmHour, ecmMinute, lines } from '../../db/schema.js';
import { LINE_KIND, SERVER_KIND } from './ecm-poll.repository.js';

/** A value of a statement, given or bound when a prepared statement runs. */
type Value = unknown;

const levels = [
  { table: ecmMinute, unit: 'minute' },
  { table: ecmHour, unit: 'hour' },
  { table: ecmDay, unit: 'day' },
] as const;

/**
 * Whether the line's server counts ECMs for the whole quiet time since `since`: it was already polled
 * then (its own row is written at every poll, at any rollup level, at or before `since`), and it
 * answered ECMs since — to some account. Without the first, a quiet line may be one nobody counted
 * yet; without the second, the server (a CCcam one that reports no counts, or one that was down) is
 * quiet, not the customer.
 */
function serverCounted(since: SQL): SQL {
  const server = (table: (typeof levels)[number]['table']) =>
    sql`${table.kind} = ${SERVER_KIND} and ${table.subjectId} = ${lines.serverId} and ${table.reader} = ''`;
  const polledBefore = levels.map(
    ({ table }) =>
      sql`exists (select 1 from ${table} where ${server(table)} and ${table.bucket} <= ${since})`,
  );
  const answeredSince = levels.map(
    ({ table, unit }) =>
      sql`exists (select 1 from ${table} where ${server(table)} and ${table.bucket} >= date_trunc(${unit}, ${since}) and ${table.ok} > 0)`,
  );
  return sql`(${sql.join(polledBefore, sql` or `)}) and (${sql.join(answeredSince, sql` or `)})`;
}

/**
 * No ECM answered to the line since `since`, at any rollup level. A bucket that began before `since`
 * but reaches past it counts as an answer after it: the radar would rather miss a line than name one
 * that was watching.
 */
function nothingAnsweredSince(since: SQL): SQL {
  const probes = levels.map(
    ({ table, unit }) =>
      sql`not exists (select 1 from ${table} where ${table.kind} = ${LINE_KIND} and ${table.subjectId} = ${lines.id} and ${table.reader} = '' and ${table.bucket} >= date_trunc(${unit}, ${since}) and ${table.ok} > 0)`,
  );
  return sql.join(probes, sql` and `);
}

/**
 * The churn radar (docs/ecm-stats.md): lines likely not to renew. Running lines (not frozen,
 * enabled, not expired) that either expire within `horizonDays` and were answered no ECM for
 * `idleDays` (made at least that long ago), or are trials answered no ECM in the day after they were
 * made. Only lines on a server whose statistics cover the whole quiet time (`serverCounted`).
 * `idleDays` 0: none.
 */
export function churnRiskSql(values: { today: Value; idleDays: Value; horizonDays: Value }): SQL {
  const today = sql`${values.today}::date`;
  const idleSince = sql`(now() - ${values.idleDays}::int * interval '1 day')`;
  const running = sql`${lines.frozenAt} is null and ${lines.enabled} and ${lines.expiryDate} >= ${today}`;
  const quietBeforeExpiry = sql`${lines.expiryDate} <= ${today} + ${values.horizonDays}::int
    and ${lines.createdAt} <= ${idleSince} and ${serverCounted(idleSince)} and ${nothingAnsweredSince(idleSince)}`;
  const unusedTrial = sql`${lines.isTrial}
    and ${lines.createdAt} <= now() - interval '${sql.raw(String(CHURN_UNUSED_TRIAL_HOURS))} hours'
    and ${serverCounted(sql`${lines.createdAt}`)} and ${nothingAnsweredSince(sql`${lines.createdAt}`)}`;
  return sql`(${values.idleDays}::int > 0 and ${running} and ((${quietBeforeExpiry}) or (${unusedTrial})))`;
}
