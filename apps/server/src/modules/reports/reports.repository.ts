import type { PaymentMethodKind, ReportUnit } from '@linedesk/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rawNumber, rawRows } from '../../db/raw-rows.js';

/**
 * Whose rows a report reads: every account (the panel), one account, or an account and every account
 * below it (the walk stops at 50 levels, as the tree's other walks do).
 */
export type ReportScopeSpec = { kind: 'panel' } | { kind: 'account' | 'subtree'; accountId: string };

/** The range: `from` and `until` are UTC midnights, `until` the day after the last one. */
export type ReportWindow = {
  scope: ReportScopeSpec;
  unit: ReportUnit;
  from: string;
  to: string;
  today: string;
};

/** Credits bought come in through these; a transfer is bought only when it comes from outside the scope. */
const BOUGHT = sql.raw(`'topup', 'topup_reversed', 'topup_reinstated', 'topup_revoked', 'add', 'redeem'`);
/** Credits spent go out through these, and the refunds of such spending come back through them. */
const SPENT = sql.raw(
  `'line_create', 'line_renew', 'line_plan_change', 'activation_codes', 'sub_reseller_create', 'line_refused_refund', 'activation_refund'`,
);

/** `with recursive scope(id)`: the accounts whose rows count. */
function scopeCte(scope: ReportScopeSpec): SQL {
  if (scope.kind === 'panel') return sql`with recursive scope (id, depth) as (select id, 0 from auth_users)`;
  if (scope.kind === 'account')
    return sql`with recursive scope (id, depth) as (select ${scope.accountId}::text, 0)`;
  return sql`with recursive scope (id, depth) as (
      select ${scope.accountId}::text, 0
      union all
      select a.id, scope.depth + 1 from auth_users a join scope on a.owner_id = scope.id where scope.depth < 50
    )`;
}

// A literal, not a parameter: PostgreSQL matches the GROUP BY to the selected expression only when
// both are the same text, and two placeholders of the same value are not.
function periodOfTime(unit: ReportUnit, column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', ${sql.raw(unit === 'day' ? `'YYYY-MM-DD'` : `'YYYY-MM'`)})`;
}
function periodOfDay(unit: ReportUnit, column: SQL): SQL {
  return sql`to_char(${column}, ${sql.raw(unit === 'day' ? `'YYYY-MM-DD'` : `'YYYY-MM'`)})`;
}

const fromTime = (w: ReportWindow) => sql`(${w.from}::date)::timestamp at time zone 'UTC'`;
const untilTime = (w: ReportWindow) => sql`(${w.to}::date + 1)::timestamp at time zone 'UTC'`;

/**
 * Every report figure is read from the rows the panel already writes — the credit ledger, the lines'
 * history (`line_events`, which keeps a line's `created` and `renewed` rows with the owner of the
 * time), the lines and the top-ups — one statement per source, grouped by period in the database.
 */
export const reportsRepository = {
  /** Credits bought and spent per period, the spending split by the plan of the line or codes it bought. */
  async credits(db: Db, w: ReportWindow) {
    const period = periodOfTime(w.unit, sql`cl.created_at`);
    const result = await rawRows(
      db,
      sql`${scopeCte(w.scope)}
        select ${period} as period, p.id as plan_id, p.name as plan_name,
          coalesce(sum(cl.delta) filter (where cl.reason in (${BOUGHT})
            or (cl.reason = 'transfer_in' and cl.ref_id not in (select id from scope))), 0) as bought,
          coalesce(-sum(cl.delta) filter (where cl.reason in (${SPENT})), 0) as spent
        from credit_ledger cl
        left join users u on cl.ref_type = 'line' and u.id::text = cl.ref_id
        left join activation_codes ac on cl.ref_type = 'activation_code' and ac.id::text = cl.ref_id
        left join line_plans p on p.id = coalesce(u.plan_id, ac.plan_id)
        where cl.account_id in (select id from scope)
          and cl.created_at >= ${fromTime(w)} and cl.created_at < ${untilTime(w)}
        group by ${period}, p.id, p.name`,
    );
    return result.map((r) => ({
      period: String(r.period),
      planId: r.plan_id === null ? null : rawNumber(r.plan_id),
      planName: r.plan_name === null ? null : String(r.plan_name),
      bought: rawNumber(r.bought),
      spent: rawNumber(r.spent),
    }));
  },

  /** Lines and trials made, renewals, and of the trials made the ones renewed since (at any time). */
  async lineEvents(db: Db, w: ReportWindow) {
    const period = periodOfTime(w.unit, sql`e.created_at`);
    const isTrial = sql`coalesce((e.details ->> 'is_trial')::boolean, false)`;
    const made = sql`e.action = 'created' and e.details ->> 'imported' is null`;
    const result = await rawRows(
      db,
      sql`${scopeCte(w.scope)}
        select ${period} as period,
          count(*) filter (where ${made} and not ${isTrial}) as created,
          count(*) filter (where ${made} and ${isTrial}) as trials,
          count(*) filter (where e.action = 'renewed') as renewed,
          count(*) filter (where ${made} and ${isTrial} and exists (
            select 1 from line_events r where r.line_id = e.line_id and r.action = 'renewed')) as converted
        from line_events e
        where e.owner_id in (select id from scope) and e.action in ('created', 'renewed')
          and e.created_at >= ${fromTime(w)} and e.created_at < ${untilTime(w)}
        group by ${period}`,
    );
    return result.map((r) => ({
      period: String(r.period),
      created: rawNumber(r.created),
      trials: rawNumber(r.trials),
      renewed: rawNumber(r.renewed),
      converted: rawNumber(r.converted),
    }));
  },

  /**
   * Paid lines that expired in each period, and of those the ones churned. A line's expiry days are
   * the `from` of each of its renewals (the expiry that renewal replaced, renewed on the day it was
   * written) and its expiry now (not renewed yet). An expiry happened when the line was not renewed
   * on or before that day; it churned when the renewal came more than `churnDays` after it, or never
   * and that time is over. A trial's own expiry (the one its `created` row set) is no paid expiry.
   */
  async expiries(db: Db, w: ReportWindow, churnDays: number) {
    const period = periodOfDay(w.unit, sql`p.expiry`);
    const result = await rawRows(
      db,
      sql`${scopeCte(w.scope)},
        points (line_id, expiry, renewed_on) as (
          select r.line_id, (r.details ->> 'from')::date, (r.created_at at time zone 'UTC')::date
          from line_events r
          where r.action = 'renewed' and r.owner_id in (select id from scope)
            and r.details ->> 'from' between ${w.from} and ${w.to}
          union all
          select u.id, u.expiry_date, null::date from users u
          where u.owner_id in (select id from scope) and u.expiry_date between ${w.from}::date and ${w.to}::date
        ),
        lapsed as (
          select p.* from points p
          where p.expiry < coalesce(p.renewed_on, ${w.today}::date)
            and not exists (
              select 1 from line_events t
              where t.line_id = p.line_id and t.action = 'created'
                and t.details ->> 'is_trial' = 'true' and t.details ->> 'expiry_date' = to_char(p.expiry, 'YYYY-MM-DD'))
        )
        select ${period} as period, count(*) as expired,
          count(*) filter (where p.renewed_on > p.expiry + ${churnDays}::int
            or (p.renewed_on is null and ${w.today}::date > p.expiry + ${churnDays}::int)) as churned
        from lapsed p
        group by ${period}`,
    );
    return result.map((r) => ({
      period: String(r.period),
      expired: rawNumber(r.expired),
      churned: rawNumber(r.churned),
    }));
  },

  /** Approved top-ups of the scope's accounts, per method and currency, by the period they were approved. */
  async moneyIn(db: Db, w: ReportWindow) {
    const period = periodOfTime(w.unit, sql`t.decided_at`);
    const result = await rawRows(
      db,
      sql`${scopeCte(w.scope)}
        select ${period} as period, t.method_name, t.method_kind, t.currency,
          sum(t.price_cents + t.fee_cents) as amount_cents, count(*) as count
        from topup_requests t
        where t.status = 'approved' and t.account_id in (select id from scope)
          and t.decided_at >= ${fromTime(w)} and t.decided_at < ${untilTime(w)}
        group by ${period}, t.method_name, t.method_kind, t.currency
        order by 1, t.currency, t.method_name`,
    );
    return result.map((r) => ({
      period: String(r.period),
      method_name: r.method_name === null ? null : String(r.method_name),
      method_kind: (r.method_kind ?? null) as PaymentMethodKind | null,
      currency: String(r.currency),
      amount_cents: rawNumber(r.amount_cents),
      count: rawNumber(r.count),
    }));
  },
  /** Minutes of outage compensation given to the scope's lines (docs/outages.md) within the range. */
  async outageCompensation(db: Db, w: ReportWindow): Promise<number> {
    const [row] = await rawRows(
      db,
      sql`${scopeCte(w.scope)}
        select coalesce(sum(ol.compensated_minutes), 0) as minutes
        from server_outage_lines ol
        where ol.owner_id in (select id from scope)
          and ol.compensated_at >= ${fromTime(w)} and ol.compensated_at < ${untilTime(w)}`,
    );
    return rawNumber(row?.minutes);
  },
};
