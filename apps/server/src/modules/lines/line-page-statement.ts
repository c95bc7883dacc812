import type { LineStatus } from '@linedesk/shared';
import { and, asc, desc, eq, isNull, sql, type Placeholder, type SQL, type Subquery } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { prepareJsonRows, type PreparedJsonRows } from '../../db/json-rows.js';
import { cccamServers, linePresence, lines } from '../../db/schema.js';
import {
  boundFilter,
  scopeOrder,
  statusExpression,
  statusFilter,
  whereOf,
  type Bound,
  type FilterSql,
  type LineFilter,
  type Order,
} from './line-list-filter.js';
import { lineColumns, type LineRow } from './lines.repository.js';

// A list page's statement, built once per shape and prepared (see `runPreparedPage`).
/** A list page's row: the line, and who is online on it (by primary key, only for the rows shown). */
export const pageColumns = {
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

export type Page = { sort?: string; order: Order; limit: number; offset: number };
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
export function plannedOnce(boundValues: Record<string, unknown>, page: Page): boolean {
  return !skipsRows(page) && Object.keys(boundValues).every((key) => ONE_PLAN_VALUES.has(key));
}

/** Whether lines come before the page: it decides the statement's shape, so it is never bound. */
const skipsRows = (page: Page) => page.offset > 0;

/** Bound values that only check the lines a kept plan's index walk reads, whatever they are. */
const ONE_PLAN_VALUES = new Set(['scopeOwnerId', 'searchNeedle', 'today']);

/** A page's counts, bound, or written into the statement when it is `plannedOnce`. */
export const pageSql = (page: Page, once: boolean): PageSql => ({
  ...page,
  limit: once ? countLiteral(page.limit) : page.limit,
  upTo: once ? countLiteral(page.offset + page.limit) : page.offset + page.limit,
  skips: skipsRows(page),
});
export type PageColumnsOfPresence = {
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

export function orderOf(sort: string | undefined, order: Order, today: string): SQL[] {
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
const statusBuckets: LineStatus[] = ['active', 'expired', 'frozen', 'suspended', 'trial'];

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
export function serverBuckets(groups: ServerNameGroups): SQL[] {
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
export function pageQuery(db: Db, filter: FilterSql, page: PageSql, serverBuckets: SQL[] | null) {
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
export async function runPreparedPage(
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
