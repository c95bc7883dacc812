import {
  lineStatusRules,
  type ErrorCode,
  type ErrorParams,
  type LineStatus,
  type LineStatusCondition,
  type LineSyncState,
} from '@linedesk/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gte,
  inArray,
  isNull,
  like,
  lt,
  lte,
  not,
  sql,
  type Placeholder,
  type SQL,
  type Subquery,
  type WithSubquery,
} from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { decodeJsonRows, prepareJsonRows, type PreparedJsonRows } from '../../db/json-rows.js';
import {
  authUsers,
  cccamServers,
  linePresence,
  lines,
  lineSyncOutbox,
  trialLineUsage,
} from '../../db/schema.js';
import { creditLedger, type CreditChange } from '../credits/credit-ledger.js';
import { lineHistoryRepository, type OwnedLineEvent } from './line-history.repository.js';
import { outboxStatements, type OutboxRow, type UpsertPayload } from './line-outbox.repository.js';

export type LineRecord = Omit<typeof lines.$inferSelect, 'searchText'>;
export type LineInsert = typeof lines.$inferInsert;
export type LineUpdate = Partial<
  Pick<
    LineInsert,
    | 'password'
    | 'expiryDate'
    | 'notes'
    | 'name'
    | 'email'
    | 'company'
    | 'hostPort'
    | 'enabled'
    | 'isTrial'
    | 'subscriptionMonths'
    | 'syncState'
    | 'planId'
  >
>;
/** A line with its server's name, protocol and DES key, as lists, details and exports show it. */
export type LineRow = LineRecord & {
  serverName: string | null;
  serverProtocol: string | null;
  serverDesKey: string | null;
};

export type LineFilter = {
  /** null = every owner (admins). */
  scopeOwnerId: string | null;
  status?: LineStatus;
  serverId?: number;
  ownerId?: string;
  expiringWithinDays?: number;
  syncState?: LineSyncState;
  /** Only lines connected now, or found shared now (their `line_presence`). */
  online?: boolean;
  sharing?: boolean;
  search?: string;
  /**
   * A part of the lower-cased `search` that the trigram index looks up instead of the whole (see
   * `line-search.ts`); each line found is then checked for the whole search.
   */
  searchWindow?: string;
  /**
   * Most lines hold the search (by the same sample): a page then walks its order checking each line
   * for it, which finds a page within a few dozen lines, instead of asking the index for them all.
   */
  searchCommon?: boolean;
  /** YYYY-MM-DD: statuses derive from it. */
  today: string;
};

const { searchText: _searchText, ...storedColumns } = getTableColumns(lines);
const lineColumns = {
  ...storedColumns,
  serverName: cccamServers.serverName,
  // Named apart from the line's own `protocol`: the list reads rows as JSON objects by name.
  serverProtocol: sql<string | null>`${cccamServers.protocol}`.as('server_protocol'),
  serverDesKey: cccamServers.newcamdDesKey,
};

/** A list page's row: the line, and who is online on it (by primary key, only for the rows shown). */
const pageColumns = {
  ...lineColumns,
  onlineSessions: linePresence.sessions,
  lastSeenAt: linePresence.lastSeenAt,
  sharingDetectedAt: linePresence.sharingDetectedAt,
};

export type LinePresence = Pick<
  typeof linePresence.$inferSelect,
  'sessions' | 'lastSeenAt' | 'sharingDetectedAt'
>;
export type LinePageRow = LineRow & { presence: LinePresence | undefined };

/** A value of a statement: given, or a placeholder filled when a statement prepared once runs. */
type Bound<T> = T | Placeholder;

/** A filter as its statement uses it: the search as its LIKE pattern, each value given or bound. */
type FilterSql = {
  scopeOwnerId: Bound<string> | null;
  /** Decides the statement's shape, so never a placeholder. */
  status?: LineStatus;
  serverId?: Bound<number>;
  ownerId?: Bound<string>;
  expiringWithinDays?: Bound<number>;
  syncState?: Bound<LineSyncState>;
  /** Decide the statement's shape, so never placeholders. */
  online?: boolean;
  sharing?: boolean;
  searchPattern?: Bound<string>;
  /** The whole search, when the pattern holds only a part of it, or alone for a common search. */
  searchNeedle?: Bound<string>;
  today: Bound<string>;
};

/**
 * The filter as its statement uses it; `forPage`: for a page's statement, where a common search
 * (`searchCommon`) is checked line by line as the page's order is walked. A count reads every match
 * up to its cap, and asks the index for them.
 */
function filterSql(filter: LineFilter, forPage = false): FilterSql {
  const { search, searchWindow, searchCommon, ...rest } = filter;
  if (!search) return rest;
  // search_text is username, name, email and notes lower-cased (see the schema).
  const needle = search.toLowerCase();
  // `strpos` is what a LIKE '%needle%' checks, and no index can answer it: the plan walks the order.
  if (forPage && searchCommon) return { ...rest, searchNeedle: needle };
  if (!searchWindow || searchWindow === needle) {
    return { ...rest, searchPattern: `%${escapeLike(needle)}%` };
  }
  return { ...rest, searchPattern: `%${escapeLike(searchWindow)}%`, searchNeedle: needle };
}

/**
 * The filter with a placeholder for each value it has, those values, and a key naming the shape:
 * every filter of one shape (which fields are set, the status) runs one prepared statement.
 */
function boundFilter(filter: LineFilter): {
  bound: FilterSql;
  values: Record<string, unknown>;
  shape: string;
} {
  const bound: Record<string, unknown> = {};
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filterSql(filter, true))) {
    // An empty owner (`?owner_id=`) filters nothing, as in `whereOf`.
    if (value === undefined || value === null || value === '' || key === 'status' || value === true) {
      bound[key] = value;
    } else {
      bound[key] = sql.placeholder(key);
      values[key] = value;
    }
  }
  const flags = [filter.online ? 'online' : '', filter.sharing ? 'sharing' : ''];
  const shape = [
    filter.scopeOwnerId === null ? 'all' : 'own',
    filter.status ?? '',
    ...flags,
    ...Object.keys(values),
  ];
  return { bound: bound as FilterSql, values, shape: shape.join(',') };
}

function dateParam(iso: Bound<string>): SQL {
  return sql`${iso}::date`;
}

/** A status condition (shared `lineStatusRules`) in SQL, or its negation. */
function conditionSql(when: LineStatusCondition, holds: boolean, today: Bound<string>): SQL {
  // Flags as plain conditions, not compared with bound values: a plan kept for a prepared statement
  // then knows which lines they pick, and can use the partial index on trial lines.
  switch (when) {
    case 'disabled':
      return holds ? not(lines.enabled) : sql`${lines.enabled}`;
    case 'expired':
      return holds
        ? lt(lines.expiryDate, dateParam(today) as never)
        : gte(lines.expiryDate, dateParam(today) as never);
    case 'trial':
      return holds ? sql`${lines.isTrial}` : not(lines.isTrial);
    case 'always':
      return holds ? sql`true` : sql`false`;
  }
}

/** The derived status (shared `lineStatus`) in SQL, for sorting. */
function statusExpression(today: string): SQL<string> {
  const cases = lineStatusRules.map(
    ({ status, when }) => sql`when ${conditionSql(when, true, today)} then ${sql.raw(`'${status}'`)}`,
  );
  return sql<string>`case ${sql.join(cases, sql` `)} end`;
}

/** Lines with this status: its rule's condition holds and no earlier rule's does. */
function statusFilter(status: LineStatus, today: Bound<string>): SQL {
  const index = lineStatusRules.findIndex((rule) => rule.status === status);
  const earlier = lineStatusRules.slice(0, index).map(({ when }) => conditionSql(when, false, today));
  const own = lineStatusRules[index]!.when;
  return and(...earlier, ...(own === 'always' ? [] : [conditionSql(own, true, today)])) as SQL;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Lines whose presence row says they are online now and/or shared now (the presence is per line). */
function presenceFilter(filter: Pick<FilterSql, 'online' | 'sharing'>): SQL {
  const conditions = [
    ...(filter.online ? [sql`${linePresence.sessions} > 0`] : []),
    ...(filter.sharing ? [sql`${linePresence.sharingSince} is not null`] : []),
  ];
  return sql`exists (select 1 from ${linePresence} where ${linePresence.lineId} = ${lines.id} and ${sql.join(conditions, sql` and `)})`;
}

function whereOf(filter: FilterSql): SQL | undefined {
  const parts: SQL[] = [];
  // The scope's owner as a range of one: see `scopeOrder`.
  if (filter.scopeOwnerId !== null) {
    parts.push(gte(lines.ownerId, filter.scopeOwnerId), lte(lines.ownerId, filter.scopeOwnerId));
  }
  if (filter.ownerId) parts.push(eq(lines.ownerId, filter.ownerId));
  if (filter.serverId !== undefined) parts.push(eq(lines.serverId, filter.serverId));
  if (filter.syncState) parts.push(eq(lines.syncState, filter.syncState));
  if (filter.status) parts.push(statusFilter(filter.status, filter.today));
  if (filter.expiringWithinDays !== undefined) {
    parts.push(
      gte(lines.expiryDate, dateParam(filter.today) as never),
      lte(lines.expiryDate, sql`${dateParam(filter.today)} + ${filter.expiringWithinDays}::int` as never),
    );
  }
  if (filter.online || filter.sharing) parts.push(presenceFilter(filter));
  if (filter.searchPattern) parts.push(like(lines.searchText, filter.searchPattern));
  // Not a LIKE, so that the index looks up only the pattern's part and this checks the rows it finds.
  if (filter.searchNeedle) parts.push(sql`strpos(${lines.searchText}, ${filter.searchNeedle}) > 0`);
  return parts.length > 0 ? and(...parts) : undefined;
}

type Order = 'asc' | 'desc';

/**
 * A reseller's page is ordered by its owner first: only the indexes that start with the owner give
 * that order, so a plan kept for every reseller (`plannedOnce`) walks the reseller's own lines, never
 * the whole panel's order checking each line's owner, which a plan made for a bound owner id may
 * choose (the planner cannot tell a reseller of 100 lines from one of 50,000 by it). The owner is
 * written as a range of one (`>=` and `<=`), which selects the same lines: an equality would tell
 * the planner that the owner is the same on every line, and it would drop the owner from the order.
 */
function scopeOrder(filter: FilterSql, direction: typeof asc): SQL[] {
  return filter.scopeOwnerId === null ? [] : [direction(lines.ownerId)];
}
type Page = { sort?: string; order: Order; limit: number; offset: number };
/** A count in a statement: given (bound), a placeholder, or written into its text (`countLiteral`). */
type Count = Bound<number> | SQL;
/**
 * A page as its statement uses it; `upTo` is offset + limit (the rows each bucket reads), and
 * `skips` whether rows come before it (it decides the statement's shape, so it is never bound).
 */
type PageSql = {
  sort?: string;
  order: Order;
  limit: Count;
  offset: Count;
  upTo: Count;
  skips: boolean;
};

/** A number written into the statement's text. */
function countLiteral(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a count: ${n}`);
  return sql.raw(String(n));
}

/** Drizzle writes an SQL chunk given as a limit or offset as it is, and binds a number. */
const asCount = (count: Count) => count as number | Placeholder;

/**
 * Whether a page's statement is written so that one plan serves every run of it, and that plan is
 * kept (a generic plan: `prepareJsonRows` with `keepPlan`): a first page read in the order of an
 * index, the whole panel's or the reseller's own (`scopeOrder`), picking lines by a status or a server
 * of the server-name sort (written into the text) or checking a common search as it walks, with the
 * page's size written into the text. Left to choose, PostgreSQL kept such a plan only when its
 * estimates rated it no dearer than planning each run, and they did not for a reseller's pages: in a
 * generic plan the owner's range is guessed at 0.5 % of the lines, so 25 rows look like 5 % of the
 * walk (0.25 % for a reseller with 10 % of them), and the first page (reseller) was planned at every
 * run (1,852 against 3,007 req/s with its plan kept, p99 11 against 6 ms). The other pages are planned
 * at each run with their values, which is what they need: how many lines a rare search, a server, an
 * owner picked by an admin, a sync state or an expiry window matches varies from one value to the
 * next, and one plan for every value read all 100,000 lines for a rare search or a sync state, or for
 * page 100 (36, 22 and 33 ms against 0.1-1 ms). Planning took about half of a first page's database
 * time (0.3-0.8 ms of 0.6-1.5 ms), and more on the embedded database (a reseller's status sort: 2.8 ms
 * of the panel's CPU a request planned each time, 1.6 ms with its plan kept).
 */
function plannedOnce(boundValues: Record<string, unknown>, page: Page): boolean {
  return !skipsRows(page) && Object.keys(boundValues).every((key) => ONE_PLAN_VALUES.has(key));
}

/** Whether lines come before the page: it decides the statement's shape, so it is never bound. */
const skipsRows = (page: Page) => page.offset > 0;

/** Bound values that only check the lines a kept plan's index walk reads, whatever they are. */
const ONE_PLAN_VALUES = new Set(['scopeOwnerId', 'searchNeedle', 'today']);

/** A page's counts, bound, or written into the statement when it is `plannedOnce`. */
const pageSql = (page: Page, once: boolean): PageSql => ({
  ...page,
  limit: once ? countLiteral(page.limit) : page.limit,
  upTo: once ? countLiteral(page.offset + page.limit) : page.offset + page.limit,
  skips: skipsRows(page),
});
type PageColumnsOfPresence = {
  onlineSessions: number | null;
  lastSeenAt: Date | null;
  sharingDetectedAt: Date | null;
};

/** Sorts that follow an index on the line's own columns (and per owner), the id breaking ties. */
function sortColumn(sort: string | undefined): AnyPgColumn {
  switch (sort) {
    case 'username':
      return lines.username;
    case 'expiry_date':
      return lines.expiryDate;
    case 'added_date':
      return lines.addedDate;
    case 'owner_email':
      return lines.ownerEmail;
    case 'sync_state':
      return lines.syncState;
    default:
      return lines.createdAt;
  }
}

function orderOf(sort: string | undefined, order: Order, today: string): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  const column: SQL | AnyPgColumn =
    sort === 'status'
      ? statusExpression(today)
      : sort === 'server_name'
        ? cccamServers.serverName
        : sortColumn(sort);
  // The id breaks ties so that pages never repeat or skip a row.
  return [direction(column), direction(lines.id)];
}

/** Statuses in their sort order (by name, as the derived status text sorts). */
const statusBuckets: LineStatus[] = ['active', 'expired', 'suspended', 'trial'];

/** A page's ids as a subquery, in the page's order. */
type PageIds = Subquery & { id: AnyPgColumn };

/**
 * A page of a sort on a derived value with few distinct values (status, server name): each value's
 * lines are read in id order from their own index range, at most offset + limit of each, and only
 * those few ids are merged, instead of computing the value for every line and sorting them all.
 */
function bucketedPageIds(db: Db, filter: FilterSql, page: PageSql, buckets: SQL[]) {
  const direction = page.order === 'asc' ? asc : desc;
  const ordered = page.order === 'asc' ? buckets : [...buckets].reverse();
  const branches = ordered.map((condition, i) =>
    db
      .select({ id: lines.id, bucket: sql<number>`${sql.raw(String(i))}::int`.as('bucket') })
      .from(lines)
      .where(and(whereOf(filter), condition))
      .orderBy(...scopeOrder(filter, direction), direction(lines.id))
      .limit(asCount(page.upTo))
      .$dynamic(),
  );
  const [first, ...rest] = branches;
  // `bucket` and `id` name the union's own output columns. Typed as a plain select, the union loses
  // its fields' types: the subquery below has the first branch's.
  const union = rest.reduce<PgSelect | ReturnType<PgSelect['unionAll']>>(
    (all, branch) => all.unionAll(branch),
    first!,
  );
  return union
    .orderBy(asc(sql`bucket`), direction(sql`id`))
    .limit(asCount(page.limit))
    .offset(asCount(page.offset))
    .as('page_ids') as PageIds & { bucket: SQL.Aliased<number> };
}

/** The servers' ids grouped by name, in name order (names may repeat): the server-name sort's buckets. */
export type ServerNameGroups = number[][];

/**
 * The server-name sort's buckets: each name's servers, then the lines without a server. The ids are
 * written into the statement (it is built for one set of servers): a kept plan knows each one's lines.
 */
function serverBuckets(groups: ServerNameGroups): SQL[] {
  return [
    ...groups.map((ids) => sql`${lines.serverId} in (${sql.join(ids.map(countLiteral), sql`, `)})`),
    isNull(lines.serverId),
  ];
}

/**
 * A page's statement; `serverBuckets` are the server-name sort's buckets (from the servers, so that
 * sort's statement is prepared for each set of servers).
 *
 * A page after others, and a sort by buckets (which reads up to a page from each), finds its ids
 * first, from the sort's index alone, and only those rows are read and joined to their server and
 * presence: page 100 skips 2,475 lines without joining any of them. The first page of a plain sort
 * joins its 25 rows as it reads them: the ids found apart cost it more than they save.
 */
function pageQuery(db: Db, filter: FilterSql, page: PageSql, serverBuckets: SQL[] | null) {
  const direction = page.order === 'asc' ? asc : desc;
  const buckets =
    page.sort === 'status'
      ? statusBuckets.map((status) => statusFilter(status, filter.today))
      : page.sort === 'server_name'
        ? serverBuckets
        : null;
  if (buckets) {
    const ids = bucketedPageIds(db, filter, page, buckets);
    return withPageColumns(db, ids).orderBy(asc(ids.bucket), direction(ids.id));
  }
  const column = sortColumn(page.sort);
  if (!page.skips) {
    return db
      .select(pageColumns)
      .from(lines)
      .leftJoin(cccamServers, eq(cccamServers.id, lines.serverId))
      .leftJoin(linePresence, eq(linePresence.lineId, lines.id))
      .where(whereOf(filter))
      .orderBy(...scopeOrder(filter, direction), direction(column), direction(lines.id))
      .limit(asCount(page.limit));
  }
  const ids = db
    .select({ id: lines.id, key: sql`${column}`.as('page_key') })
    .from(lines)
    .where(whereOf(filter))
    .orderBy(...scopeOrder(filter, direction), direction(column), direction(lines.id))
    .limit(asCount(page.limit))
    .offset(asCount(page.offset))
    .as('page_ids');
  return withPageColumns(db, ids).orderBy(direction(ids.key), direction(ids.id));
}

/** The listed columns of the lines a page's ids name. */
function withPageColumns(db: Db, ids: PageIds) {
  return db
    .select(pageColumns)
    .from(ids)
    .innerJoin(lines, eq(lines.id, ids.id))
    .leftJoin(cccamServers, eq(cccamServers.id, lines.serverId))
    .leftJoin(linePresence, eq(linePresence.lineId, lines.id));
}

/** Prepared page statements per database, by shape; the oldest goes past this many (each holds a plan). */
const PREPARED_PAGES = 200;
const preparedPages = new WeakMap<Db, Map<string, PreparedJsonRows>>();
let preparedCount = 0;

/**
 * Runs a page through a statement built once for its shape (which filters are set, the status, sort
 * and order) and prepared: the list's most frequent request neither builds its SQL again
 * nor, on either database, has it parsed again (a named statement, per connection on PostgreSQL),
 * nor, when it is `plannedOnce`, planned again.
 */
async function runPreparedPage(
  db: Db,
  filter: LineFilter,
  page: Page,
  serverGroups: ServerNameGroups | null,
): Promise<{ j: string }[]> {
  const { bound, values, shape } = boundFilter(filter);
  const skips = skipsRows(page);
  const once = plannedOnce(values, page);
  // The server-name sort's buckets name the servers in the statement: one statement per set of them.
  const servers = page.sort === 'server_name' ? JSON.stringify(serverGroups) : '';
  const size = once ? page.limit : '';
  const key = `${shape}|${page.sort ?? ''}|${page.order}|${skips}|${size}|${servers}`;
  let byShape = preparedPages.get(db);
  if (!byShape) preparedPages.set(db, (byShape = new Map()));
  let prepared = byShape.get(key);
  if (!prepared) {
    const placeholders: PageSql = once
      ? pageSql(page, true)
      : {
          sort: page.sort,
          order: page.order,
          limit: sql.placeholder('limit'),
          offset: sql.placeholder('offset'),
          upTo: sql.placeholder('upTo'),
          skips,
        };
    const buckets = page.sort === 'server_name' ? serverBuckets(serverGroups ?? []) : null;
    preparedCount += 1;
    prepared = prepareJsonRows(
      db,
      pageQuery(db, bound, placeholders, buckets),
      `lines_page_${preparedCount}`,
      once,
    );
    if (byShape.size >= PREPARED_PAGES) {
      const oldest = byShape.keys().next().value!;
      byShape.get(oldest)!.close();
      byShape.delete(oldest);
    }
    byShape.set(key, prepared);
  }
  return prepared.execute({
    ...values,
    limit: page.limit,
    offset: page.offset,
    upTo: page.offset + page.limit,
  });
}

export const linesRepository = {
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
      page.sort === 'server_name' ? (serverGroups ?? (await linesRepository.serverNameGroups(db))) : null;
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
      page.sort === 'server_name' ? serverBuckets(await linesRepository.serverNameGroups(db)) : null;
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
    const [row] = await linesRepository.countQuery(db, filter, cap);
    return row?.n ?? 0;
  },
  /**
   * How many lines of a scope each quick filter selects, in one pass over the scope's lines; each
   * condition is the one its filter applies (`whereOf`), so a count is what the filtered list shows.
   */
  async quickCounts(
    db: Db,
    scopeOwnerId: string | null,
    today: string,
    expiringWithinDays: number,
  ): Promise<{ [K in 'expiringSoon' | 'expired' | 'online' | 'sharing' | 'failingSync']: number }> {
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
      .where(whereOf({ scopeOwnerId, today }));
    return row ?? { expiringSoon: 0, expired: 0, online: 0, sharing: 0, failingSync: 0 };
  },
  /**
   * Up to `size` lines' search texts, picked at random by id (only those rows are read), for telling
   * which parts of a search most lines share.
   */
  async sampleSearchTexts(db: Db, size: number): Promise<string[]> {
    const result = (await db.execute(sql`
      select ${lines.searchText} as text
      from (select min(${lines.id}) as lo, max(${lines.id}) as hi from ${lines}) bounds
      cross join lateral (
        select distinct (bounds.lo + floor(random() * (bounds.hi - bounds.lo + 1)))::int as id
        from generate_series(1, ${size})
      ) picked
      join ${lines} on ${lines.id} = picked.id`)) as unknown as { rows: { text: string | null }[] };
    return result.rows.flatMap((row) => (row.text === null ? [] : [row.text]));
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
  async findManyByIds(db: Db, ids: number[]): Promise<LineRow[]> {
    if (ids.length === 0) return [];
    return (await db
      .select(lineColumns)
      .from(lines)
      .leftJoin(cccamServers, eq(cccamServers.id, lines.serverId))
      .where(inArray(lines.id, ids))) as LineRow[];
  },
  async findById(db: Db, id: number): Promise<LineRow | undefined> {
    const [row] = (await db
      .select(lineColumns)
      .from(lines)
      .leftJoin(cccamServers, eq(cccamServers.id, lines.serverId))
      .where(eq(lines.id, id))) as LineRow[];
    return row;
  },
  /** Locks the line for the rest of the transaction: every outbox write for a line happens under it. */
  async lockById(tx: Db, id: number): Promise<LineRecord | undefined> {
    const [row] = await tx.select(storedColumns).from(lines).where(eq(lines.id, id)).for('update');
    return row;
  },
  /**
   * Counts one trial line for the account on `day` unless it already has `limit`: one guarded upsert,
   * so concurrent creates queue on the row and never pass the limit. False = limit reached.
   */
  async claimTrial(tx: Db, accountId: string, day: string, limit: number): Promise<boolean> {
    if (limit <= 0) return false;
    const rows = await tx
      .insert(trialLineUsage)
      .values({ accountId, day, used: 1 })
      .onConflictDoUpdate({
        target: [trialLineUsage.accountId, trialLineUsage.day],
        set: { used: sql`${trialLineUsage.used} + 1` },
        setWhere: sql`${trialLineUsage.used} < ${limit}`,
      })
      .returning({ used: trialLineUsage.used });
    return rows.length > 0;
  },
  async trialsUsed(db: Db, accountId: string, day: string): Promise<number> {
    const [row] = await db
      .select({ used: trialLineUsage.used })
      .from(trialLineUsage)
      .where(and(eq(trialLineUsage.accountId, accountId), eq(trialLineUsage.day, day)));
    return row?.used ?? 0;
  },
  /**
   * A new line and what its creation writes besides, in one statement: its outbox row (leased for
   * the caller when free), its history row and, when it is charged, the balance change with its
   * ledger row. The line's id is drawn from its sequence first, so the other rows can name it.
   * `charged` is null when the balance could not pay (the caller must roll back), undefined when
   * nothing was charged.
   */
  async insertCreated(
    tx: Db,
    values: LineInsert,
    extra: {
      outbox: {
        serverId: number;
        payload: UpsertPayload;
        workerAfterMs: number;
        /** Leased for the caller to deliver after the commit; none: left to the worker. */
        lease?: { ms: number; id: string };
      };
      event: Omit<OwnedLineEvent, 'lineId'>;
      charge: (Omit<CreditChange, 'refId'> & { refType: string }) | null;
    },
  ): Promise<{
    line: LineRecord;
    outbox: OutboxRow | undefined;
    charged: { balance: number; ownerId: string | null } | null | undefined;
  }> {
    const lineId = sql`(select id from new_line)`;
    const outboxEntry = {
      lineId: 0,
      serverId: extra.outbox.serverId,
      username: values.username,
      operation: 'upsert' as const,
      payload: extra.outbox.payload,
    };
    const ctes: WithSubquery[] = [
      tx
        .$with('new_line', {})
        .as(sql`select nextval(pg_get_serial_sequence(${getTableName(lines)}, 'id'))::int as id`),
      tx
        .$with('queued', {})
        .as(
          outboxStatements.upsertStatement(
            { ...outboxEntry, lineId },
            extra.outbox.workerAfterMs,
            extra.outbox.lease,
          ),
        ),
      tx.$with('logged', {}).as(lineHistoryRepository.insertStatement({ ...extra.event, lineId })),
    ];
    if (extra.charge) {
      const charge = creditLedger.changeCtes({
        ...extra.charge,
        refId: sql`(select id::text from new_line)`,
      });
      ctes.push(tx.$with('charged', {}).as(charge.charged), tx.$with('entry', {}).as(charge.entry));
    }
    const [row] = await tx
      .with(...ctes)
      .insert(lines)
      .values({ ...values, id: lineId as unknown as number })
      .returning({
        ...storedColumns,
        queuedId: sql<string | number | null>`(select id from queued)`,
        queuedLease: sql<string | null>`(select lease_id from queued)`,
        queuedAttempts: sql<number | null>`(select attempts from queued)`,
        balance: extra.charge ? sql<number | null>`(select credits from charged)` : sql<null>`null`,
        accountOwner: extra.charge ? sql<string | null>`(select owner_id from charged)` : sql<null>`null`,
      });
    const { queuedId, queuedLease, queuedAttempts, balance, accountOwner, ...line } = row!;
    const outbox =
      queuedId === null
        ? undefined
        : outboxStatements.leasedRow(
            { ...outboxEntry, lineId: line.id },
            extra.outbox.workerAfterMs,
            extra.outbox.lease,
            { id: queuedId, lease_id: queuedLease, attempts: queuedAttempts ?? 0 },
          );
    const charged = !extra.charge ? undefined : balance === null ? null : { balance, ownerId: accountOwner };
    return { line, outbox, charged };
  },
  /**
   * Many new lines in one transaction's two statements (group commit of concurrent creates): the
   * lines, in order, skipping any whose username is taken (by an existing line or an earlier one in
   * `values`); then for the inserted ones, in one statement, their outbox rows (each leased for its
   * own request), their history rows and the charges with one ledger row per line, each account's
   * balance moved once by its lines' total. `short`: accounts whose balance could not pay their
   * total; the caller must roll back, since their lines stand uncharged.
   */
  async insertCreatedMany(
    tx: Db,
    items: {
      values: LineInsert;
      outbox: { payload: UpsertPayload; leaseId: string };
      details: Record<string, unknown>;
      charge: number;
    }[],
    timing: { workerAfterMs: number; leaseMs: number },
  ): Promise<{
    lines: LineRecord[];
    outbox: Map<string, { id: number; lease_id: string | null; attempts: number }>;
    balances: Map<string, { balance: number; ownerId: string | null }>;
    short: string[];
  }> {
    // Of several creates for one username only the first is written (the caller answers the others
    // that it is taken): its values, charge, agent payload and lease must all be that first one's.
    const byUsername = new Map<string, (typeof items)[number]>();
    for (const item of items) {
      if (!byUsername.has(item.values.username)) byUsername.set(item.values.username, item);
    }
    const inserted = await tx
      .insert(lines)
      .values([...byUsername.values()].map((item) => item.values))
      .onConflictDoNothing({ target: lines.username })
      .returning(storedColumns);
    if (inserted.length === 0) return { lines: [], outbox: new Map(), balances: new Map(), short: [] };
    // One JSON parameter for all rows: building thousands of bound parameters costs more than the
    // statement itself.
    const rows = inserted.map((line) => {
      const item = byUsername.get(line.username)!;
      return {
        line_id: line.id,
        owner_id: line.ownerId,
        server_id: line.serverId,
        username: line.username,
        charge: item.charge,
        payload: item.outbox.payload,
        details: item.details,
        lease_id: item.outbox.leaseId,
      };
    });
    // Each owner's balance moves once, by the total of its lines, through the credit ledger.
    const spend = creditLedger.spendManyCtes({
      from: sql`v`,
      payer: sql`v.owner_id`,
      amount: sql`v.charge`,
      actorId: sql`v.owner_id`,
      order: sql`v.line_id`,
      refType: 'line',
      refId: sql`v.line_id::text`,
      note: sql`v.username`,
      reason: 'line_create',
    });
    const result = await tx.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r (line_id int, owner_id text,
          server_id int, username text, charge int, payload jsonb, details jsonb, lease_id text)
      ),
      need as (${spend.need}),
      charged as (${spend.charged}),
      entry as (${spend.entry}),
      queued as (${outboxStatements.upsertManyStatement(sql`v`, timing.workerAfterMs, timing.leaseMs)}),
      logged as (${lineHistoryRepository.insertSelected(
        sql`select v.line_id, v.owner_id, v.owner_id, 'created', v.details from v`,
      )})
      select 'queued' as kind, q.username as key, q.id, q.lease_id, q.attempts, null::int as credits,
        null::text as owner_id
      from queued q
      union all
      select 'charged', c.id, null, null, null, c.credits, c.owner_id from charged c
      union all
      select 'short', n.owner_id, null, null, null, null, null from need n
        where not exists (select 1 from charged c where c.id = n.owner_id)`);
    const outbox = new Map<string, { id: number; lease_id: string | null; attempts: number }>();
    const balances = new Map<string, { balance: number; ownerId: string | null }>();
    const short: string[] = [];
    type ResultRow = {
      kind: 'queued' | 'charged' | 'short';
      key: string;
      id: string | number | null;
      lease_id: string | null;
      attempts: number | null;
      credits: number | null;
      owner_id: string | null;
    };
    for (const row of (result as unknown as { rows: ResultRow[] }).rows) {
      if (row.kind === 'queued') {
        outbox.set(row.key, { id: Number(row.id), lease_id: row.lease_id, attempts: row.attempts ?? 0 });
      } else if (row.kind === 'charged') {
        balances.set(row.key, { balance: row.credits!, ownerId: row.owner_id });
      } else {
        short.push(row.key);
      }
    }
    return { lines: inserted, outbox, balances, short };
  },
  async update(tx: Db, id: number, values: LineUpdate): Promise<LineRecord | undefined> {
    const [row] = await tx
      .update(lines)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(lines.id, id))
      .returning();
    return row;
  },
  async delete(tx: Db, id: number): Promise<LineRecord | undefined> {
    const [row] = await tx.delete(lines).where(eq(lines.id, id)).returning();
    return row;
  },
  /** What reconcile compares with an agent's GET /users. */
  listForServer(db: Db, serverId: number) {
    return db
      .select({
        id: lines.id,
        username: lines.username,
        expiryDate: lines.expiryDate,
        enabled: lines.enabled,
      })
      .from(lines)
      .where(eq(lines.serverId, serverId));
  },
  /**
   * After a batch's delivery: each line synced, with its `synced` history row, unless a newer change
   * for the same server and username is pending. Run after the delivered outbox rows were removed.
   * Returns the lines that changed.
   */
  async markSyncedMany(
    db: Db,
    delivered: { id: number; serverId: number; username: string }[],
  ): Promise<{ id: number; ownerId: string | null; syncedAt: Date }[]> {
    if (delivered.length === 0) return [];
    // One JSON parameter for the whole batch rather than three bound parameters a line.
    const values = delivered.map((line) => ({
      id: line.id,
      server_id: line.serverId,
      username: line.username,
    }));
    const result = await db.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as r (id int, server_id int, username text)
      ),
      synced as (
        update ${lines} u set sync_state = 'synced', sync_error = null, sync_error_code = null,
          sync_error_params = null, synced_at = now()
        from v
        where u.id = v.id and u.server_id = v.server_id and u.username = v.username
          and not exists (select 1 from ${lineSyncOutbox} o where o.server_id = v.server_id and o.username = v.username)
        returning u.id, u.owner_id, u.server_id, u.synced_at
      ),
      logged as (${lineHistoryRepository.insertSelected(
        sql`select id, owner_id, null, 'synced', jsonb_build_object('server_id', server_id) from synced`,
      )})
      select id, owner_id, (extract(epoch from synced_at) * 1000)::float8 as synced_ms from synced`);
    return (
      result as unknown as { rows: { id: number; owner_id: string | null; synced_ms: number }[] }
    ).rows.map((row) => ({
      id: row.id,
      ownerId: row.owner_id,
      syncedAt: new Date(Math.floor(row.synced_ms)),
    }));
  },
  /** Returns the owner only when this changes what the line shows (not already failing this way). */
  async markFailing(
    db: Db,
    lineId: number,
    failure: { message: string; code: ErrorCode | null; params: ErrorParams | null },
  ): Promise<{ ownerId: string | null } | undefined> {
    const { message } = failure;
    const [row] = await db
      .update(lines)
      .set({
        syncState: 'failing',
        syncError: message,
        syncErrorCode: failure.code,
        syncErrorParams: failure.params,
      })
      .where(
        and(
          eq(lines.id, lineId),
          sql`(${lines.syncState} <> 'failing' or ${lines.syncError} is distinct from ${message})`,
        ),
      )
      .returning({ ownerId: lines.ownerId });
    return row;
  },
  async syncedAt(db: Db, lineId: number): Promise<{ syncedAt: Date | null } | undefined> {
    const [row] = await db.select({ syncedAt: lines.syncedAt }).from(lines).where(eq(lines.id, lineId));
    return row;
  },
  async accountBalance(db: Db, accountId: string): Promise<{ credits: number; ownerId: string | null }> {
    const [row] = await db
      .select({ credits: authUsers.credits, ownerId: authUsers.ownerId })
      .from(authUsers)
      .where(eq(authUsers.id, accountId));
    return row ?? { credits: 0, ownerId: null };
  },
};
