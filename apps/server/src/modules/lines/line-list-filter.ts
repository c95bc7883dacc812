import {
  lineStatusRules,
  type LineStatus,
  type LineStatusCondition,
  type LineSyncState,
} from '@linedesk/shared';
import type { asc } from 'drizzle-orm';
import {
  and,
  eq,
  gte,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  not,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { ownerScopeSql } from '../../db/account-subtree.js';
import { linePresence, lines } from '../../db/schema.js';
import { churnLineSql } from '../ecm-stats/churn-filter.js';

// The list's filter as SQL: which lines a page, a count, an export or a bulk selection picks.
export type LineFilter = {
  /** null = every owner (admins). */
  scopeOwnerId: string | null;
  /** Only the lines of this account's subtree (a scoped staff member's lists). */
  scopeTreeId?: string;
  status?: LineStatus;
  serverId?: number;
  ownerId?: string;
  expiringWithinDays?: number;
  syncState?: LineSyncState;
  /** Lines that ended at least this many days ago (`endedCondition`). */
  expiredForDays?: number;
  /** Only archived lines; without it the archived ones are left out. */
  archived?: boolean;
  /** Only lines connected now, or found shared now (their `line_presence`). */
  online?: boolean;
  sharing?: boolean;
  /** Only lines likely not to renew (`churnRiskIdsSql`), by the admin's days at the time of asking. */
  churnRisk?: boolean;
  churnIdleDays?: number;
  churnHorizonDays?: number;
  /**
   * The radar's lines for `churnRisk`, found once for the request (`withChurnIds`): a page and its
   * count select by them rather than each running the radar.
   */
  churnIds?: readonly number[];
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

/** A value of a statement: given, or a placeholder filled when a statement prepared once runs. */
export type Bound<T> = T | Placeholder;

/** A filter as its statement uses it: the search as its LIKE pattern, each value given or bound. */
export type FilterSql = {
  scopeOwnerId: Bound<string> | null;
  scopeTreeId?: Bound<string>;
  /** Decides the statement's shape, so never a placeholder. */
  status?: LineStatus;
  serverId?: Bound<number>;
  ownerId?: Bound<string>;
  expiringWithinDays?: Bound<number>;
  syncState?: Bound<LineSyncState>;
  expiredForDays?: Bound<number>;
  /** Decide the statement's shape, so never placeholders. */
  archived?: boolean;
  online?: boolean;
  sharing?: boolean;
  /** The radar's line ids as an array literal (`{1,2,3}`): one value, however many lines. */
  churnIds?: Bound<string>;
  churnHorizonDays?: Bound<number>;
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
export function filterSql(filter: LineFilter, forPage = false): FilterSql {
  const {
    search,
    searchWindow,
    searchCommon,
    churnRisk,
    churnIds,
    // The radar's idle days are read into `churnIds` beforehand; they are no condition of their own.
    churnIdleDays: _idleDays,
    ...others
  } = filter;
  if (churnRisk && churnIds === undefined) throw new Error('the churn radar was asked for but not read');
  const rest: FilterSql = churnRisk
    ? { ...others, churnIds: `{${churnIds!.join(',')}}`, churnHorizonDays: others.churnHorizonDays ?? 0 }
    : others;
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
export function boundFilter(filter: LineFilter): {
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
  const flags = [
    filter.online ? 'online' : '',
    filter.sharing ? 'sharing' : '',
    filter.churnRisk ? 'churn' : '',
    filter.archived ? 'archived' : '',
  ];
  const shape = [
    filter.scopeOwnerId === null ? 'all' : 'own',
    filter.status ?? '',
    ...flags,
    ...Object.keys(values),
  ];
  return { bound: bound as FilterSql, values, shape: shape.join(',') };
}

export function dateParam(iso: Bound<string>): SQL {
  return sql`${iso}::date`;
}

/** A status condition (shared `lineStatusRules`) in SQL, or its negation. */
function conditionSql(when: LineStatusCondition, holds: boolean, today: Bound<string>): SQL {
  // Flags as plain conditions, not compared with bound values: a plan kept for a prepared statement
  // then knows which lines they pick, and can use the partial index on trial lines.
  switch (when) {
    case 'frozen':
      return holds ? isNotNull(lines.frozenAt) : isNull(lines.frozenAt);
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
export function statusExpression(today: string): SQL<string> {
  const cases = lineStatusRules.map(
    ({ status, when }) => sql`when ${conditionSql(when, true, today)} then ${sql.raw(`'${status}'`)}`,
  );
  return sql<string>`case ${sql.join(cases, sql` `)} end`;
}

/** Lines with this status: its rule's condition holds and no earlier rule's does. */
export function statusFilter(status: LineStatus, today: Bound<string>): SQL {
  const index = lineStatusRules.findIndex((rule) => rule.status === status);
  const earlier = lineStatusRules.slice(0, index).map(({ when }) => conditionSql(when, false, today));
  const own = lineStatusRules[index]!.when;
  return and(...earlier, ...(own === 'always' ? [] : [conditionSql(own, true, today)])) as SQL;
}

/**
 * Lines that ended on or before `lastDay` (their expiry date, their last day) and are neither frozen
 * (a frozen line's expiry says nothing until it is unfrozen) nor restored since they expired: the
 * lines the ended-lines job archives or deletes (docs/resellers.md, "Lines that ended"), and the
 * list's `expired_for_days` filter that the to-do list links to.
 */
export function endedCondition(lastDay: SQL | string): SQL {
  return and(
    lte(lines.expiryDate, lastDay as never),
    isNull(lines.frozenAt),
    sql`(${lines.restoredAt} is null or ${lines.restoredAt} < ${lines.expiryDate})`,
  ) as SQL;
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

export function whereOf(filter: FilterSql): SQL | undefined {
  const parts: SQL[] = ownerScopeSql(lines.ownerId, filter);
  if (filter.serverId !== undefined) parts.push(eq(lines.serverId, filter.serverId));
  if (filter.syncState) parts.push(eq(lines.syncState, filter.syncState));
  // Archived lines are off their servers and out of every list but the one that asks for them.
  parts.push(filter.archived ? isNotNull(lines.archivedAt) : isNull(lines.archivedAt));
  if (filter.expiredForDays !== undefined) {
    parts.push(endedCondition(sql`${dateParam(filter.today)} - ${filter.expiredForDays}::int`));
  }
  if (filter.status) parts.push(statusFilter(filter.status, filter.today));
  if (filter.expiringWithinDays !== undefined) {
    // LINE_EXPIRING_SOON_DAYS's rule: a frozen line is not expiring.
    parts.push(
      isNull(lines.frozenAt),
      gte(lines.expiryDate, dateParam(filter.today) as never),
      lte(lines.expiryDate, sql`${dateParam(filter.today)} + ${filter.expiringWithinDays}::int` as never),
    );
  }
  if (filter.online || filter.sharing) parts.push(presenceFilter(filter));
  if (filter.churnIds !== undefined) {
    parts.push(
      churnLineSql(filter.today, filter.churnHorizonDays ?? 0),
      sql`${lines.id} = any(${filter.churnIds}::int[])`,
    );
  }
  if (filter.searchPattern) parts.push(like(lines.searchText, filter.searchPattern));
  // Not a LIKE, so that the index looks up only the pattern's part and this checks the rows it finds.
  if (filter.searchNeedle) parts.push(sql`strpos(${lines.searchText}, ${filter.searchNeedle}) > 0`);
  return and(...parts);
}

export type Order = 'asc' | 'desc';

/**
 * A reseller's page is ordered by its owner first: only the indexes that start with the owner give
 * that order, so a plan kept for every reseller (`plannedOnce`) walks the reseller's own lines, never
 * the whole panel's order checking each line's owner, which a plan made for a bound owner id may
 * choose (the planner cannot tell a reseller of 100 lines from one of 50,000 by it). The owner is
 * written as a range of one (`>=` and `<=`), which selects the same lines: an equality would tell
 * the planner that the owner is the same on every line, and it would drop the owner from the order.
 */
export function scopeOrder(filter: FilterSql, direction: typeof asc): SQL[] {
  return filter.scopeOwnerId === null ? [] : [direction(lines.ownerId)];
}
