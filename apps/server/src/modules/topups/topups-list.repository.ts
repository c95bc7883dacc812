import type { PaymentMethodKind, TopUpFilter, TopUpStatus } from '@linedesk/shared';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { subtreeIdsSql } from '../../db/account-subtree.js';
import type { Db } from '../../db/client.js';
import { pageAndTotal } from '../../db/one-snapshot.js';
import { authUsers, topUpRequests } from '../../db/schema.js';
import { escapeLike } from '../lines/line-list-filter.js';
import { selectTopUps, type TopUpRow } from './topups.repository.js';

function nextDay(day: string): Date {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

/** The list's filters, and (for the dashboard's to-do list) several states at once. */
export type TopUpListFilter = TopUpFilter & {
  statuses?: readonly TopUpStatus[];
  /** Only the requests of this account's subtree (a scoped staff member's list). */
  treeId?: string;
};

/** The list's filters as SQL; the state is left out when counting per state. */
function filterConditions(filter: TopUpListFilter, withStatus: boolean): SQL[] {
  const where: SQL[] = [];
  if (filter.account_id) where.push(eq(topUpRequests.accountId, filter.account_id));
  if (filter.treeId) where.push(sql`${topUpRequests.accountId} in ${subtreeIdsSql(filter.treeId)}`);
  if (filter.search) {
    where.push(
      sql`${topUpRequests.accountId} in (select ${authUsers.id} from ${authUsers} where ${ilike(
        authUsers.email,
        `%${escapeLike(filter.search)}%`,
      )})`,
    );
  }
  if (filter.method_id !== undefined) where.push(eq(topUpRequests.methodId, filter.method_id));
  if (filter.from) where.push(gte(topUpRequests.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) where.push(lt(topUpRequests.createdAt, nextDay(filter.to)));
  if (withStatus && filter.status) where.push(eq(topUpRequests.status, filter.status));
  if (withStatus && filter.statuses) where.push(inArray(topUpRequests.status, [...filter.statuses]));
  return where;
}

const sortColumns = {
  created_at: [topUpRequests.createdAt],
  decided_at: [topUpRequests.decidedAt],
  amount: [sql`${topUpRequests.priceCents} + ${topUpRequests.feeCents}`],
  credits: [topUpRequests.credits],
  status: [topUpRequests.status],
} as const;

function orderOf(sort: TopUpFilter['sort'], order: TopUpFilter['order']): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  // Undecided requests have no decision date: they go last whichever way it is sorted.
  const nulls = sort === 'decided_at' ? [sql`${topUpRequests.decidedAt} is null`] : [];
  return [...nulls, ...sortColumns[sort].map((column) => direction(column)), direction(topUpRequests.id)];
}

export const topUpListRepository = {
  async list(
    db: Db,
    filter: TopUpListFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: TopUpRow[]; total: number }> {
    const conditions = filterConditions(filter, true);
    const where = conditions.length ? and(...conditions) : undefined;
    return pageAndTotal(
      db,
      (tx) =>
        selectTopUps(tx)
          .where(where)
          .orderBy(...orderOf(filter.sort, filter.order))
          .limit(page.limit)
          .offset(page.offset),
      (tx) => tx.select({ n: count() }).from(topUpRequests).where(where),
    );
  },
  /** How many requests each state holds under the filter's other conditions. */
  async countByStatus(db: Db, filter: TopUpFilter): Promise<{ status: TopUpStatus; count: number }[]> {
    const conditions = filterConditions(filter, false);
    return db
      .select({ status: topUpRequests.status, count: count() })
      .from(topUpRequests)
      .where(conditions.length ? and(...conditions) : undefined)
      .groupBy(topUpRequests.status);
  },
  /** The filter's ids in its order: the CSV export reads the rows in slices after this one scan. */
  async orderedIds(db: Db, filter: TopUpFilter): Promise<number[]> {
    const conditions = filterConditions(filter, true);
    const rows = await db
      .select({ id: topUpRequests.id })
      .from(topUpRequests)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(...orderOf(filter.sort, filter.order));
    return rows.map((row) => row.id);
  },
  async findManyByIds(db: Db, ids: number[]): Promise<TopUpRow[]> {
    if (ids.length === 0) return [];
    return selectTopUps(db).where(inArray(topUpRequests.id, ids));
  },
  /**
   * Approved requests' amounts (price + fee) per period of their approval, method and currency, from
   * `from` on; `unit` is 'day' or 'month' (UTC).
   */
  async revenue(
    db: Db,
    unit: 'day' | 'month',
    from: Date,
  ): Promise<
    {
      period: string;
      methodName: string | null;
      methodKind: PaymentMethodKind | null;
      currency: string;
      amountCents: number;
      count: number;
    }[]
  > {
    // A literal, not a parameter: PostgreSQL matches the GROUP BY to the selected expression only
    // when both are the same text, and two placeholders of the same value are not.
    const format = sql.raw(unit === 'day' ? `'YYYY-MM-DD'` : `'YYYY-MM'`);
    const period = sql<string>`to_char(${topUpRequests.decidedAt} at time zone 'UTC', ${format})`;
    const rows = await db
      .select({
        period,
        methodName: topUpRequests.methodName,
        methodKind: topUpRequests.methodKind,
        currency: topUpRequests.currency,
        amountCents: sql<string>`sum(${topUpRequests.priceCents} + ${topUpRequests.feeCents})`,
        count: count(),
      })
      .from(topUpRequests)
      .where(and(eq(topUpRequests.status, 'approved'), gte(topUpRequests.decidedAt, from)))
      .groupBy(period, topUpRequests.methodName, topUpRequests.methodKind, topUpRequests.currency)
      .orderBy(period, topUpRequests.currency, topUpRequests.methodName);
    return rows.map((row) => ({ ...row, amountCents: Number(row.amountCents) }));
  },
  /** Requests waiting for an admin: submitted payments, and payments made that nothing credited. */
  async countPending(db: Db): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(topUpRequests)
      .where(inArray(topUpRequests.status, ['pending', 'needs_attention']));
    return row?.n ?? 0;
  },
};
