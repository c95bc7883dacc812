import { addDays, LINE_EXPIRING_SOON_DAYS } from '@linedesk/shared';
import { asc, count, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cccamServers } from '../../db/schema.js';
import { pageAndTotal } from '../../db/one-snapshot.js';
import { rawNumber, rawRows } from '../../db/raw-rows.js';

function perDay(result: Record<string, unknown>[], value = 'count'): Map<string, number> {
  return new Map(result.map((r) => [String(r.day), rawNumber(r[value])]));
}

/** A scope's line counts per status. */
export type LineCountsRow = {
  total: number;
  active: number;
  expiring7d: number;
  expired: number;
  trial: number;
  suspended: number;
};

/** One server's lines in a scope (serverId null: lines on no server). */
export type ServerLinesRow = { serverId: number | null; serverName: string | null; total: number };

/** The panel's counters (scope '*') or one owner's. */
function scopeOf(ownerId: string | null): string {
  return ownerId ?? '*';
}

/**
 * The scope's counters by enabled, trial and expiry date, each with how many of its lines are frozen
 * (`frozen`, read from the lines themselves: the counters do not know a freeze, and frozen lines are
 * few, under their own partial index), for LINE_EXPIRING_SOON_DAYS's rule: a frozen line is not
 * expiring.
 */
function countsOf(ownerId: string | null): SQL {
  const owner = ownerId === null ? sql`true` : sql`u.owner_id = ${ownerId}`;
  return sql`(select l.enabled, l.is_trial, l.expiry_date, l.lines, 0 as frozen
      from dashboard_line_counts l where l.scope = ${scopeOf(ownerId)}
    union all
    select u.enabled, u.is_trial, u.expiry_date, 0, 1
      from users u where u.frozen_at is not null and ${owner})`;
}

/**
 * The line figures come from counters kept up to date on write (dashboard_line_counts,
 * dashboard_server_lines and dashboard_daily, maintained by triggers in the changing transaction), so
 * a view right after a sale reads a few hundred counter rows instead of rescanning every line of the
 * scope. Statuses derive from today at read time, from the counts per expiry date.
 */
export const dashboardRepository = {
  /** Every status count of the scope, from its counters (a row per expiry date, enabled and trial). */
  async lineCounts(db: Db, ownerId: string | null, today: string): Promise<LineCountsRow> {
    const [row] = await rawRows(
      db,
      sql`select sum(l.lines) as total,
          sum(l.lines) filter (where l.enabled and l.expiry_date >= ${today}::date and not l.is_trial) as active,
          -- LINE_EXPIRING_SOON_DAYS's rule, suspended lines too (the list's quick filter counts
          -- them), frozen ones not.
          sum(l.lines - l.frozen) filter (where l.expiry_date >= ${today}::date
            and l.expiry_date <= ${today}::date + ${LINE_EXPIRING_SOON_DAYS}::int) as expiring_7d,
          sum(l.lines) filter (where l.enabled and l.expiry_date < ${today}::date) as expired,
          sum(l.lines) filter (where l.enabled and l.is_trial and l.expiry_date >= ${today}::date) as trial,
          sum(l.lines) filter (where not l.enabled) as suspended
        from ${countsOf(ownerId)} l`,
    );
    return {
      total: rawNumber(row?.total),
      active: rawNumber(row?.active),
      expiring7d: rawNumber(row?.expiring_7d),
      expired: rawNumber(row?.expired),
      trial: rawNumber(row?.trial),
      suspended: rawNumber(row?.suspended),
    };
  },
  /** The scope's lines per server (serverId null: lines on no server), the most first. */
  async linesByServer(db: Db, ownerId: string | null): Promise<ServerLinesRow[]> {
    const result = await rawRows(
      db,
      sql`select c.server_id, c.total, s.server_name from (
          select nullif(l.server_id, 0) as server_id, sum(l.lines) as total
          from dashboard_server_lines l where l.scope = ${scopeOf(ownerId)}
          group by l.server_id
          having sum(l.lines) <> 0
        ) c left join cccam_servers s on s.id = c.server_id
        order by c.total desc, s.server_name`,
    );
    return result.map((r) => ({
      serverId: r.server_id === null ? null : rawNumber(r.server_id),
      serverName: r.server_name === null || r.server_name === undefined ? null : String(r.server_name),
      total: rawNumber(r.total),
    }));
  },
  /**
   * Per UTC day since `from` (inclusive): lines created (of those still there), renewals, and credits
   * spent on lines (purchases and renewals, net of refunds) by the scope's owner, or by everyone.
   */
  async perDay(db: Db, ownerId: string | null, from: string) {
    const result = await rawRows(
      db,
      sql`select to_char(d.day, 'YYYY-MM-DD') as day,
          sum(d.created) as created, sum(d.renewed) as renewed, sum(d.spent) as spent
        from dashboard_daily d where d.scope = ${scopeOf(ownerId)} and d.day >= ${from}::date
        group by d.day`,
    );
    return {
      created: perDay(result, 'created'),
      renewed: perDay(result, 'renewed'),
      spent: perDay(result, 'spent'),
    };
  },
  /**
   * Folds the counters' difference rows into one row per key (dropping those that sum to nothing),
   * each table in one statement: rows inserted meanwhile are not in its snapshot and stay as they
   * are, and a concurrent fold skips the rows this one deleted, so nothing is counted twice.
   * Expiry days before the day before yesterday become that day: from then on they only ever count
   * as expired or suspended, whatever today is, so a scope holds a row per coming expiry day and not
   * one per day of its history (two days back, so no instance's today, in any time zone, is earlier).
   */
  async compact(db: Db, today: string): Promise<void> {
    const past = addDays(today, -2);
    await db.execute(sql`with gone as (delete from dashboard_line_counts returning *)
      insert into dashboard_line_counts (scope, enabled, is_trial, expiry_date, lines)
      select scope, enabled, is_trial, greatest(expiry_date, ${past}::date), sum(lines)::int from gone
      group by 1, 2, 3, 4 having sum(lines) <> 0`);
    await db.execute(sql`with gone as (delete from dashboard_server_lines returning *)
      insert into dashboard_server_lines (scope, server_id, lines)
      select scope, server_id, sum(lines)::int from gone
      group by 1, 2 having sum(lines) <> 0`);
    await db.execute(sql`with gone as (delete from dashboard_daily returning *)
      insert into dashboard_daily (scope, day, created, renewed, spent)
      select scope, day, sum(created)::int, sum(renewed)::int, sum(spent)::int from gone
      group by 1, 2 having sum(created) <> 0 or sum(renewed) <> 0 or sum(spent) <> 0`);
  },
  /** Lines expiring per day in [from, to], by LINE_EXPIRING_SOON_DAYS's rule (the card's count). */
  async expiriesPerDay(db: Db, ownerId: string | null, from: string, to: string) {
    const result = await rawRows(
      db,
      sql`select to_char(l.expiry_date, 'YYYY-MM-DD') as day, sum(l.lines - l.frozen) as count
        from ${countsOf(ownerId)} l
        where l.expiry_date between ${from}::date and ${to}::date
        group by 1`,
    );
    return perDay(result);
  },
  async openTickets(db: Db, userId: string | null): Promise<number> {
    const owner = userId === null ? sql`true` : sql`t.user_id = ${userId}`;
    const [row] = await rawRows(
      db,
      sql`select count(*) as count from tickets t where ${owner} and t.status <> 'closed'`,
    );
    return rawNumber(row?.count);
  },

  /** Messages the account may read (global or addressed to it) that it has not read. */
  async unreadMessages(db: Db, accountId: string): Promise<number> {
    const [row] = await rawRows(
      db,
      sql`select count(*) as count from messages m
        where (m.is_global or m.recipient_id = ${accountId})
          and not exists (select 1 from message_reads r where r.message_id = m.id and r.account_id = ${accountId})`,
    );
    return rawNumber(row?.count);
  },

  async serverCounts(db: Db) {
    const [row] = await rawRows(
      db,
      sql`select count(*) filter (where status = 'active') as up, count(*) filter (where status <> 'active') as down
        from cccam_servers`,
    );
    return { up: rawNumber(row?.up), down: rawNumber(row?.down) };
  },

  /** Up to `limit` servers that are not active (what the "servers down" figure counts), and how many. */
  async serversDown(db: Db, limit: number) {
    const down = ne(cccamServers.status, 'active');
    return pageAndTotal(
      db,
      (tx) =>
        tx
          .select({
            id: cccamServers.id,
            serverName: cccamServers.serverName,
            hostIp: cccamServers.hostIp,
            status: cccamServers.status,
            lastError: cccamServers.lastError,
          })
          .from(cccamServers)
          .where(down)
          .orderBy(asc(cccamServers.serverName), asc(cccamServers.id))
          .limit(limit),
      (tx) => tx.select({ n: count() }).from(cccamServers).where(down),
    );
  },

  async balance(db: Db, accountId: string): Promise<number> {
    const [row] = await rawRows(db, sql`select credits from auth_users where id = ${accountId}`);
    return rawNumber(row?.credits);
  },
};
