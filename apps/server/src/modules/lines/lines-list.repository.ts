import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { decodeJsonRows } from '../../db/json-rows.js';
import { cccamServers, lines } from '../../db/schema.js';
import { churnRiskIdsSql } from '../ecm-stats/churn-filter.js';
import { boundFilter, filterSql, whereOf, type FilterSql, type LineFilter } from './line-list-filter.js';
import {
  orderOf,
  pageColumns,
  pageQuery,
  pageSql,
  plannedOnce,
  runPreparedPage,
  serverBuckets,
  type LinePageRow,
  type Page,
  type PageColumnsOfPresence,
  type ServerNameGroups,
} from './line-page-statement.js';
import type { LineRow } from './lines.repository.js';

/** The lines list's queries: its pages, counts and export order. */
export const linesListRepository = {
  /**
   * One page of the list, in index order for every sort it offers; the server-name sort needs the
   * servers' `serverNameGroups` (read here when not given).
   */
  async page(
    db: Db,
    filter: LineFilter,
    page: Page,
    serverGroups?: ServerNameGroups,
  ): Promise<LinePageRow[]> {
    const groups =
      page.sort === 'server_name' ? (serverGroups ?? (await linesListRepository.serverNameGroups(db))) : null;
    const rows = decodeJsonRows<LineRow & PageColumnsOfPresence>(
      await runPreparedPage(db, filter, page, groups),
      pageColumns,
    );
    // Added to the decoded row rather than copied into a new one: 25 rows of 36 fields a request.
    return rows.map((row) =>
      Object.assign(row, {
        presence: row.lastSeenAt
          ? {
              sessions: row.onlineSessions ?? 0,
              lastSeenAt: row.lastSeenAt,
              sharingDetectedAt: row.sharingDetectedAt,
            }
          : undefined,
      }),
    );
  },
  /**
   * The page's statement, unrun (wrapped: a bare query builder would run when awaited), so the
   * benchmark can send the very same SQL straight to the driver and show its plan.
   */
  async pageStatement(db: Db, filter: LineFilter, page: Page) {
    const buckets =
      page.sort === 'server_name' ? serverBuckets(await linesListRepository.serverNameGroups(db)) : null;
    const once = plannedOnce(boundFilter(filter).values, page);
    return { statement: pageQuery(db, filterSql(filter, true), pageSql(page, once), buckets) };
  },
  async serverNameGroups(db: Db): Promise<ServerNameGroups> {
    const servers = await db
      .select({ id: cccamServers.id, name: cccamServers.serverName })
      .from(cccamServers)
      .orderBy(asc(cccamServers.serverName), asc(cccamServers.id));
    const byName = new Map<string, number[]>();
    for (const server of servers) byName.set(server.name, [...(byName.get(server.name) ?? []), server.id]);
    return [...byName.values()];
  },
  /** How many lines match, counting no further than `cap` + 1: past the cap only "more than cap" matters. */
  countQuery(db: Db, filter: LineFilter, cap: number) {
    const matching = db
      .select({ one: sql`1`.as('one') })
      .from(lines)
      .where(whereOf(filterSql(filter)))
      .limit(cap + 1)
      .as('matching');
    return db.select({ n: count() }).from(matching);
  },
  async countUpTo(db: Db, filter: LineFilter, cap: number): Promise<number> {
    const [row] = await linesListRepository.countQuery(db, filter, cap);
    return row?.n ?? 0;
  },
  /**
   * How many lines of a scope each quick filter selects, in one pass over the scope's lines; each
   * condition is the one its filter applies (`whereOf`), so a count is what the filtered list shows.
   */
  async quickCounts(
    db: Db,
    scope: { scopeOwnerId: string | null; scopeTreeId?: string; today: string; expiringWithinDays: number },
  ): Promise<{ [K in 'expiringSoon' | 'expired' | 'online' | 'sharing' | 'failingSync']: number }> {
    const { scopeOwnerId, scopeTreeId, today, expiringWithinDays } = scope;
    const only = (filter: Omit<FilterSql, 'scopeOwnerId' | 'today'>) =>
      sql<number>`count(*) filter (where ${whereOf({ scopeOwnerId: null, today, ...filter })})`.mapWith(
        Number,
      );
    const [row] = await db
      .select({
        expiringSoon: only({ expiringWithinDays }),
        expired: only({ status: 'expired' }),
        online: only({ online: true }),
        sharing: only({ sharing: true }),
        failingSync: only({ syncState: 'failing' }),
      })
      .from(lines)
      .where(whereOf({ scopeOwnerId, scopeTreeId, today }));
    return row ?? { expiringSoon: 0, expired: 0, online: 0, sharing: 0, failingSync: 0 };
  },
  /**
   * Up to `size` lines' search texts, picked at random by id (only those rows are read), for telling
   * which parts of a search most lines share.
   */
  async sampleSearchTexts(db: Db, size: number): Promise<string[]> {
    const result = await db.execute<{ text: string | null }>(sql`
      select ${lines.searchText} as text
      from (select min(${lines.id}) as lo, max(${lines.id}) as hi from ${lines}) bounds
      cross join lateral (
        select distinct (bounds.lo + floor(random() * (bounds.hi - bounds.lo + 1)))::int as id
        from generate_series(1, ${size})
      ) picked
      join ${lines} on ${lines.id} = picked.id`);
    return result.rows.flatMap((row) => (row.text === null ? [] : [row.text]));
  },
  /** The churn radar's lines in the filter's scope (`churnRiskIdsSql`); none while its idle days are 0. */
  async churnRiskIds(db: Db, filter: LineFilter): Promise<number[]> {
    const idleDays = filter.churnIdleDays ?? 0;
    if (idleDays <= 0) return [];
    const result = await db.execute<{ id: number }>(
      churnRiskIdsSql({ today: filter.today, idleDays, horizonDays: filter.churnHorizonDays ?? 0 }, filter),
    );
    return result.rows.map((row) => Number(row.id));
  },
  /** Every matching id in the list's order: the CSV export then reads the rows in slices by id. */
  async orderedIds(db: Db, filter: LineFilter, sort: string | undefined, order: 'asc' | 'desc') {
    const rows = await db
      .select({ id: lines.id })
      .from(lines)
      .leftJoin(cccamServers, eq(cccamServers.id, lines.serverId))
      .where(whereOf(filterSql(filter)))
      .orderBy(...orderOf(sort, order, filter.today));
    return rows.map((row) => row.id);
  },
};
