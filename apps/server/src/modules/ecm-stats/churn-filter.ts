import { CHURN_UNUSED_TRIAL_HOURS } from '@linedesk/shared';
import { and, sql, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import { ecmDay, ecmHour, ecmMinute, lines } from '../../db/schema.js';
import { LINE_KIND, SERVER_KIND } from './ecm-poll.repository.js';

/** A value of a statement, given or bound when a prepared statement runs. */
type Value = unknown;

const levels = [
  { table: ecmMinute, unit: 'minute' },
  { table: ecmHour, unit: 'hour' },
  { table: ecmDay, unit: 'day' },
] as const;

/** The lines the radar finds its candidates in, apart from the list's own rows. */
const candidate = alias(lines, 'churn_line');
type LinesTable = typeof candidate;

/** Which owners' lines the radar looks at: the list's own scope, given again for its candidates. */
export type ChurnOwners = {
  /** null = every owner (admins). */
  scopeOwnerId: Value | null;
  /** The accounts of a subtree, as a subquery (`subtreeIdsSql`). */
  scopeTree?: SQL;
  ownerId?: Value;
};

/**
 * Whether the line's server counts ECMs for the whole quiet time since `since`: it was already polled
 * then (its own row is written at every poll, at any rollup level, at or before `since`), and it
 * answered ECMs since — to some account. Without the first, a quiet line may be one nobody counted
 * yet; without the second, the server (a CCcam one that reports no counts, or one that was down) is
 * quiet, not the customer.
 */
function serverCounted(line: LinesTable, since: SQL): SQL {
  const server = (table: (typeof levels)[number]['table']) =>
    sql`${table.kind} = ${SERVER_KIND} and ${table.subjectId} = ${line.serverId} and ${table.reader} = ''`;
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
function nothingAnsweredSince(line: LinesTable, since: SQL): SQL {
  const probes = levels.map(
    ({ table, unit }) =>
      sql`not exists (select 1 from ${table} where ${table.kind} = ${LINE_KIND} and ${table.subjectId} = ${line.id} and ${table.reader} = '' and ${table.bucket} >= date_trunc(${unit}, ${since}) and ${table.ok} > 0)`,
  );
  return sql.join(probes, sql` and `);
}

function ownersOf(owners: ChurnOwners): SQL[] {
  return [
    ...(owners.scopeOwnerId === null ? [] : [sql`${candidate.ownerId} = ${owners.scopeOwnerId}`]),
    ...(owners.scopeTree ? [sql`${candidate.ownerId} in ${owners.scopeTree}`] : []),
    ...(owners.ownerId === undefined ? [] : [sql`${candidate.ownerId} = ${owners.ownerId}`]),
  ];
}

/**
 * The churn radar (docs/ecm-stats.md): lines likely not to renew. Running lines (not frozen,
 * enabled, not expired) that either expire within `horizonDays` and were answered no ECM for
 * `idleDays` (made at least that long ago), or are trials answered no ECM in the day after they were
 * made. Only lines on a server whose statistics cover the whole quiet time (`serverCounted`).
 * `idleDays` 0: none.
 *
 * The lines are found first, each kind through its own index (the expiry window through the expiry
 * index, trials through the partial index of trial lines, both per owner for a reseller), and the
 * list then reads them by id. Written as one condition on the list's rows, a page in expiry order
 * walked every running line checking each (666,600 of them at 1,000,000 lines: 9 s for the admin's
 * to-do list), since the planner cannot know how few lines pass the ECM probes.
 */
export function churnRiskSql(
  values: { today: Value; idleDays: Value; horizonDays: Value },
  owners: ChurnOwners,
): SQL {
  const today = sql`${values.today}::date`;
  const idleSince = sql`(now() - ${values.idleDays}::int * interval '1 day')`;
  const running = sql`${candidate.frozenAt} is null and ${candidate.enabled} and ${candidate.expiryDate} >= ${today}`;
  const scope = ownersOf(owners);
  const quietBeforeExpiry = and(
    running,
    ...scope,
    sql`${candidate.expiryDate} <= ${today} + ${values.horizonDays}::int`,
    sql`${candidate.createdAt} <= ${idleSince}`,
    serverCounted(candidate, idleSince),
    nothingAnsweredSince(candidate, idleSince),
  );
  const unusedTrial = and(
    sql`${candidate.isTrial}`,
    running,
    ...scope,
    sql`${candidate.createdAt} <= now() - interval '${sql.raw(String(CHURN_UNUSED_TRIAL_HOURS))} hours'`,
    serverCounted(candidate, sql`${candidate.createdAt}`),
    nothingAnsweredSince(candidate, sql`${candidate.createdAt}`),
  );
  const ids = () => new QueryBuilder().select({ id: candidate.id }).from(candidate);
  const found = ids().where(quietBeforeExpiry).union(ids().where(unusedTrial));
  return sql`(${values.idleDays}::int > 0 and ${lines.id} = any (array(${found})))`;
}
