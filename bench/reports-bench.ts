// The reports (GET /api/reports) on a reseller tree of 1,000 accounts over 100,000 lines and a year of
// credit ledger rows, beside the same statements run bare on the same database in the same run
// (issue #50's bench). The tree, the lines, their history (a `created` row each and a renewal for
// every other one, many after the line had lapsed) and the ledger are seeded in SQL under the bench's
// reseller: 10 accounts below it, 99 below each of those. Three reports are timed, each the median of
// RUNS calls: the whole panel by month over a year (admin), the whole tree by month (its reseller),
// and one mid-level subtree (100 accounts) by day over 30 days. "bare" runs the report's four
// statements (`reportsRepository`, in parallel as the service does) on the panel's own database
// connection without HTTP, access check or JSON.
//
//   npx tsx bench/reports-bench.ts                        (embedded database, full size)
//   REPORTS_BENCH_SCALE=0.05 npx tsx bench/reports-bench.ts   (5,000 lines, 50 accounts)
//   REPORTS_BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/reports-bench.ts
import { addDays } from '@linedesk/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';
import { today as businessToday } from '../apps/server/src/modules/lines/line-scope.js';
import {
  reportsRepository,
  type ReportWindow,
} from '../apps/server/src/modules/reports/reports.repository.js';
import { startBenchPanel, type BenchPanel, type Session } from './bench-server.js';

const SCALE = Number(process.env.REPORTS_BENCH_SCALE ?? 1);
const LINES = Math.round(100_000 * SCALE);
const CHILDREN = Math.max(1, Math.round(10 * Math.sqrt(SCALE)));
const GRANDCHILDREN = Math.max(1, Math.round(99 * Math.sqrt(SCALE)));
const RUNS = Number(process.env.REPORTS_BENCH_RUNS ?? 5);

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

/**
 * The tree under `rootId`, then the lines spread over every account of it, each with its `created`
 * row and ledger row on a day of the last year; every other line renewed (its `renewed` row keeps the
 * expiry it replaced, a third of them renewed after that expiry) with its ledger row; one top-up a
 * week per account. Everything the reports read, as the panel writes it.
 */
async function seed(db: Db, rootId: string): Promise<void> {
  await db.execute(sql`
    insert into auth_users (id, email, full_name, group_id, owner_id, credits, email_verified)
    select 'rb-c' || c, 'rb-c' || c || '@example.com', 'Child ' || c, 2, ${rootId}, 1000, true
    from generate_series(1, ${CHILDREN}) c`);
  await db.execute(sql`
    insert into auth_users (id, email, full_name, group_id, owner_id, credits, email_verified)
    select 'rb-c' || c || '-g' || g, 'rb-c' || c || '-g' || g || '@example.com', 'Grandchild ' || g, 2,
      'rb-c' || c, 1000, true
    from generate_series(1, ${CHILDREN}) c, generate_series(1, ${GRANDCHILDREN}) g`);
  // The accounts in a fixed order, so line n belongs to account n mod count.
  await db.execute(sql`create temporary table rb_accounts as
    select row_number() over (order by id) - 1 as n, id from auth_users
    where id = ${rootId} or id like 'rb-c%'`);
  await db.execute(sql`
    insert into users (username, password, expiry_date, added_date, owner_id, is_trial,
      subscription_months, plan_id, enabled, sync_state, created_at)
    select 'rb' || g, 'pw' || g,
      (current_date - 365 + (g % 365)) + case when g % 13 = 0 then 1 else 30 end,
      current_date - 365 + (g % 365), a.id, g % 13 = 0, case when g % 13 = 0 then null else 1 end, 1,
      true, 'synced', (current_date - 365 + (g % 365))::timestamp + interval '12 hours'
    from generate_series(1, ${LINES}) g
    join rb_accounts a on a.n = g % (select count(*) from rb_accounts)`);
  await db.execute(sql`
    insert into line_events (line_id, owner_id, action, details, created_at)
    select u.id, u.owner_id, 'created',
      jsonb_build_object('is_trial', u.is_trial, 'expiry_date', to_char(u.expiry_date, 'YYYY-MM-DD'),
        'plan_id', 1, 'charged', case when u.is_trial then 0 else 2 end),
      u.created_at
    from users u where u.username like 'rb%'`);
  await db.execute(sql`
    insert into credit_ledger (account_id, delta, balance_after, reason, ref_type, ref_id, created_at)
    select u.owner_id, -2, 1000, 'line_create', 'line', u.id::text, u.created_at
    from users u where u.username like 'rb%' and not u.is_trial`);
  // Every other line renewed for a month: a third of them 5 days after their expiry, the rest 3 days before.
  await db.execute(sql`create temporary table rb_renewals as
    select u.id, u.owner_id, u.expiry_date as old_expiry,
      u.expiry_date + case when u.id % 3 = 0 then 5 else -3 end as renewed_on
    from users u where u.username like 'rb%' and u.id % 2 = 0
      and u.expiry_date + case when u.id % 3 = 0 then 5 else -3 end <= current_date`);
  await db.execute(sql`
    insert into line_events (line_id, owner_id, action, details, created_at)
    select r.id, r.owner_id, 'renewed',
      jsonb_build_object('subscription_months', 1, 'from', to_char(r.old_expiry, 'YYYY-MM-DD'),
        'to', to_char(greatest(r.old_expiry, r.renewed_on) + 30, 'YYYY-MM-DD'), 'charged', 2),
      r.renewed_on::timestamp + interval '10 hours'
    from rb_renewals r`);
  await db.execute(sql`
    insert into credit_ledger (account_id, delta, balance_after, reason, ref_type, ref_id, created_at)
    select r.owner_id, -2, 1000, 'line_renew', 'line', r.id::text, r.renewed_on::timestamp + interval '10 hours'
    from rb_renewals r`);
  await db.execute(sql`
    update users u set expiry_date = greatest(r.old_expiry, r.renewed_on) + 30, is_trial = false
    from rb_renewals r where r.id = u.id`);
  await db.execute(sql`
    insert into credit_ledger (account_id, delta, balance_after, reason, created_at)
    select a.id, 50, 1000, 'add', (current_date - 7 * w)::timestamp + interval '9 hours'
    from rb_accounts a, generate_series(0, 51) w`);
  await db.execute(sql`analyze`);
}

type Case = { label: string; session: Session; query: Record<string, string>; window: ReportWindow };

async function timeHttp(panel: BenchPanel, c: Case): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${panel.url}/api/reports?${new URLSearchParams(c.query)}`, {
    headers: { cookie: c.session.cookie },
  });
  const body = await res.text();
  if (!res.ok) throw new Error(`${c.label}: ${res.status} ${body}`);
  return performance.now() - started;
}

async function timeBare(db: Db, w: ReportWindow, admin: boolean): Promise<number> {
  const started = performance.now();
  await Promise.all([
    reportsRepository.credits(db, w),
    reportsRepository.lineEvents(db, w),
    reportsRepository.expiries(db, w, 30),
    admin ? reportsRepository.moneyIn(db, w) : Promise.resolve(null),
  ]);
  return performance.now() - started;
}

export async function runReportsBench(databaseUrl: string | undefined): Promise<void> {
  const panel = await startBenchPanel({
    databaseUrl,
    prefix: 'reports',
    portBase: 23_000,
    admin: { email: 'reports-admin@example.com', password: 'reports-admin-password' },
    reseller: { email: 'reports-reseller@example.com', password: 'reports-reseller-password' },
    resellerCredits: 1000,
  });
  try {
    const seeding = performance.now();
    await seed(panel.db, panel.reseller.id);
    const accounts = 1 + CHILDREN + CHILDREN * GRANDCHILDREN;
    console.log(
      `database: ${panel.built.ctx.database.kind}; seeded ${accounts.toLocaleString('en')} accounts, ` +
        `${LINES.toLocaleString('en')} lines and a year of history in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const today = businessToday();
    const yearAgo = addDays(today, -364);
    const monthAgo = addDays(today, -29);
    const cases: (Case & { admin: boolean })[] = [
      {
        label: 'whole panel, by month, a year (admin)',
        session: panel.admin,
        admin: true,
        query: { unit: 'month', from: yearAgo, to: today },
        window: { scope: { kind: 'panel' }, unit: 'month', from: yearAgo, to: today, today },
      },
      {
        label: `the reseller's tree (${accounts} accounts), by month, a year`,
        session: panel.reseller,
        admin: false,
        query: { unit: 'month', from: yearAgo, to: today },
        window: {
          scope: { kind: 'subtree', accountId: panel.reseller.id },
          unit: 'month',
          from: yearAgo,
          to: today,
          today,
        },
      },
      {
        label: `one subtree (${1 + GRANDCHILDREN} accounts), by day, 30 days`,
        session: panel.reseller,
        admin: false,
        query: { unit: 'day', from: monthAgo, to: today, account_id: 'rb-c1' },
        window: {
          scope: { kind: 'subtree', accountId: 'rb-c1' },
          unit: 'day',
          from: monthAgo,
          to: today,
          today,
        },
      },
    ];
    console.log(`\nReports, median of ${RUNS} (taking turns: HTTP, then the bare statements):`);
    console.log('| report | GET /api/reports | bare SQL | overhead |');
    console.log('| --- | --- | --- | --- |');
    for (const c of cases) {
      // One call each first: the route compiles its serializer, the database plans and caches. The
      // connection kept alive from the sign-ins may have been closed by the server while the seeding
      // ran; that first call is then sent again on a new one.
      await timeHttp(panel, c).catch(() => timeHttp(panel, c));
      await timeBare(panel.db, c.window, c.admin);
      const http: number[] = [];
      const bare: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        http.push(await timeHttp(panel, c));
        bare.push(await timeBare(panel.db, c.window, c.admin));
      }
      const h = median(http);
      const b = median(bare);
      console.log(`| ${c.label} | ${h.toFixed(0)} ms | ${b.toFixed(0)} ms | ${(h - b).toFixed(0)} ms |`);
    }
  } finally {
    await panel.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runReportsBench(process.env.REPORTS_BENCH_DATABASE_URL || undefined);
  process.exit(0);
}
