import { CHURN_UNUSED_TRIAL_HOURS } from '@linedesk/shared';
import { and, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ownerScopeSql, type OwnerScope } from '../../db/account-subtree.js';
import { cccamServers, ecmDay, ecmHour, ecmMinute, lines } from '../../db/schema.js';
import { LINE_KIND, SERVER_KIND } from './ecm-poll.repository.js';

/** A value of a statement, given or bound when a prepared statement runs. */
type Value = unknown;

const levels = [
  { table: ecmMinute, unit: 'minute' },
  { table: ecmHour, unit: 'hour' },
  { table: ecmDay, unit: 'day' },
] as const;

type RadarValues = { today: Value; idleDays: Value; horizonDays: Value };

/** Running: not frozen, enabled, not expired. */
function running(line: LinesTable, today: Value): SQL {
  return sql`${line.frozenAt} is null and ${line.enabled} and ${line.expiryDate} >= ${today}::date`;
}

/** The lines the radar finds its candidates in, apart from the list's own rows. */
const candidate = alias(lines, 'churn_line');
/** A line of the scope on a server: whether the radar needs that server's statistics at all. */
const inScope = alias(lines, 'churn_scope');
type LinesTable = typeof lines | typeof candidate | typeof inScope;

/**
 * What holds for every line the radar names, and only changes with the line itself: running, and
 * expiring within `horizonDays` or a trial. A page and a count select the radar's lines by id
 * (`churnRiskIdsSql`, read once for many requests) and check this again on the list's own rows, so a
 * line renewed, frozen or disabled since leaves the radar at once. It also tells the planner where
 * in the expiry order those lines are: without it a page in expiry order walked the index from the
 * oldest expired line checking each id (372,395 lines for the admin's to-do list at 1,000,000 lines:
 * 2.7-7 s).
 */
export function churnLineSql(today: Value, horizonDays: Value): SQL {
  return sql`${running(lines, today)} and (${lines.expiryDate} <= ${today}::date + ${horizonDays}::int or ${lines.isTrial})`;
}

/**
 * What the radar needs to know of each server, read once per statement rather than once per line
 * (a few probes of the key a server, however many lines it holds): when its own row was first
 * written at any rollup level (`first_polled`: the poll writes it at every poll), and the newest
 * bucket of each level in which it answered ECMs to some account (`answered_minute`, `_hour`,
 * `_day`); `counted_idle`: whether it counts the lines' quiet time since `idleSince`. Only servers
 * with both a poll and an answer: the others count no line. Without ECM statistics (or with only
 * CCcam servers, which report no counts) there are none, and the radar reads no line at all.
 */
function countedServers(idleSince: SQL, values: RadarValues, owners: OwnerScope): SQL {
  const server = (table: (typeof levels)[number]['table']) =>
    sql`${table.kind} = ${SERVER_KIND} and ${table.subjectId} = ${cccamServers.id} and ${table.reader} = ''`;
  // min and max over the key's range (kind, subject, reader, bucket): a probe of the key each.
  const firstPolled = levels.map(
    ({ table }) => sql`(select min(${table.bucket}) from ${table} where ${server(table)})`,
  );
  const answered = levels.map(
    ({ table, unit }) =>
      sql`(select max(${table.bucket}) from ${table} where ${server(table)} and ${table.ok} > 0) as ${sql.identifier(`answered_${unit}`)}`,
  );
  // A reseller's radar probes only the servers of their own candidates, found once through the
  // owner's indexes (`offset 0` keeps that set a step of its own): a reseller with a few lines pays
  // for their servers, not for the panel's. As `exists` per server, the planner walked every server's
  // lines looking for the owner's: 1.7 s for a 50,000-line reseller at 1,000,000 lines.
  const scope =
    owners.scopeOwnerId !== null || Boolean(owners.ownerId)
      ? sql`where ${cccamServers.id} in (select ${inScope.serverId} from ${lines} as ${sql.identifier('churn_scope')} where ${and(
          ...ownerScopeSql(inScope.ownerId, owners),
          running(inScope, values.today),
          sql`(${inScope.expiryDate} <= ${values.today}::date + ${values.horizonDays}::int or ${inScope.isTrial})`,
        )} offset 0)`
      : sql``;
  // offset 0 keeps the probes in their own step: the condition above them would repeat each.
  return sql`select *, ${serverCounted(sql`counted`, idleSince)} as counted_idle
    from (select ${cccamServers.id} as id, least(${sql.join(firstPolled, sql`, `)}) as first_polled, ${sql.join(answered, sql`, `)}
      from ${cccamServers} ${scope} offset 0) as counted
    where first_polled is not null and coalesce(answered_minute, answered_hour, answered_day) is not null`;
}

/**
 * Whether the server (its row of `countedServers`) counts ECMs for the whole quiet time since
 * `since`: it was already polled then (its own row was written at or before `since`), and it
 * answered ECMs since — to some account; a bucket that began before `since` but reaches past it
 * counts. Without the first, a quiet line may be one nobody counted yet; without the second, the
 * server (a CCcam one that reports no counts, or one that was down) is quiet, not the customer.
 */
function serverCounted(server: SQL, since: SQL): SQL {
  const answeredSince = levels.map(
    ({ unit }) => sql`${server}.${sql.identifier(`answered_${unit}`)} >= date_trunc(${unit}, ${since})`,
  );
  return sql`(${server}.first_polled <= ${since} and (${sql.join(answeredSince, sql` or `)}))`;
}

/**
 * Whether an ECM was answered to the line since `since`, at each rollup level: a join of one probe of
 * the table's key per candidate line (`line_minute`, `line_hour`, `line_day`; `hit` null when none).
 * A bucket that began before `since` but reaches past it counts as an answer after it: the radar would
 * rather miss a line than name one that was watching. Joined LATERAL with LIMIT 1 so that each stays
 * a probe per line: as `not exists` the planner hashed the level's whole table instead, every minute
 * row kept (900,000 at 1,000,000 lines), about a second of each radar statement whoever asked.
 */
function answeredSince(line: LinesTable, since: SQL): SQL {
  const probes = levels.map(
    ({ table, unit }) =>
      sql`left join lateral (select 1 as hit from ${table} where ${table.kind} = ${LINE_KIND} and ${table.subjectId} = ${line.id} and ${table.reader} = '' and ${table.bucket} >= date_trunc(${unit}, ${since}) and ${table.ok} > 0 limit 1) as ${sql.identifier(`line_${unit}`)} on true`,
  );
  return sql.join(probes, sql` `);
}

/** No ECM answered to the line at any level since the `since` of its `answeredSince` joins. */
const nothingAnswered = sql.join(
  levels.map(({ unit }) => sql`${sql.identifier(`line_${unit}`)}.hit is null`),
  sql` and `,
);

/**
 * The churn radar (docs/ecm-stats.md): lines likely not to renew. Running lines (not frozen,
 * enabled, not expired) that either expire within `horizonDays` and were answered no ECM for
 * `idleDays` (made at least that long ago), or are trials answered no ECM in the day after they were
 * made. Only lines on a server whose statistics cover the whole quiet time (`serverCounted`).
 * A statement of the radar's line ids, read once per request (`idleDays` 0 asks for none): a page
 * and its count then both select by those ids. As a condition of each, the radar ran twice per
 * request side by side, and most of an admin's to-do list at 1,000,000 lines was those two runs.
 *
 * The lines are found first, each kind through its own index (the expiry window through the expiry
 * index, trials through the partial index of trial lines, both per owner for a reseller), and the
 * list then reads them by id. Written as one condition on the list's rows, a page in expiry order
 * walked every running line checking each (666,600 of them at 1,000,000 lines: 9 s for the admin's
 * to-do list), since the planner cannot know how few lines pass the ECM probes. The servers'
 * statistics are read once per statement (`countedServers`) and joined to the candidates: probed
 * for each candidate, they cost the admin's to-do list most of its time (#52), and a panel without
 * counted servers now reads no candidate at all.
 */
export function churnRiskIdsSql(
  values: RadarValues,
  /** Which owners' lines the radar looks at: the list's own scope. */
  owners: OwnerScope,
): SQL {
  const today = sql`${values.today}::date`;
  const idleSince = sql`(now() - ${values.idleDays}::int * interval '1 day')`;
  const scope = ownerScopeSql(candidate.ownerId, owners);
  const quietBeforeExpiry = and(
    running(candidate, values.today),
    ...scope,
    sql`${candidate.expiryDate} <= ${today} + ${values.horizonDays}::int`,
    sql`${candidate.createdAt} <= ${idleSince}`,
    sql`churn_server.counted_idle`,
    nothingAnswered,
  );
  const unusedTrial = and(
    sql`${candidate.isTrial}`,
    running(candidate, values.today),
    ...scope,
    sql`${candidate.createdAt} <= now() - interval '${sql.raw(String(CHURN_UNUSED_TRIAL_HOURS))} hours'`,
    serverCounted(sql`churn_server`, sql`${candidate.createdAt}`),
    nothingAnswered,
  );
  const ids = (where: SQL | undefined, since: SQL) =>
    sql`select ${candidate.id} as id from ${lines} as ${sql.identifier('churn_line')}
      join churn_server on churn_server.id = ${candidate.serverId} ${answeredSince(candidate, since)} where ${where}`;
  return sql`with churn_server as (${countedServers(idleSince, values, owners)}) ${ids(quietBeforeExpiry, idleSince)} union ${ids(unusedTrial, sql`${candidate.createdAt}`)}`;
}
