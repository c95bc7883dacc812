// The ECM statistics' charts at 100,000 lines over 30 days of daily rollups (issue #51's bench): the
// line page's chart (GET /api/lines/:id/ecm-stats?range=30d) and the server page's chart
// (GET /api/servers/:id/ecm-stats?range=30d) timed while the lines list is under load, beside the
// list alone in the same run. The lines and their rollups are seeded in SQL: each line a day row per
// day of the last 30 (`ecm_day`, kind 1), the server its own day rows (kind 2) and 48 hourly rows
// of both for the last two days (`ecm_hour`), as the statistics job's rollups leave them.
//
//   npx tsx bench/ecm-stats-bench.ts                          (embedded database, full size)
//   ECM_BENCH_SCALE=0.1 npx tsx bench/ecm-stats-bench.ts      (10,000 lines)
//   ECM_BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/ecm-stats-bench.ts
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';
import { startBenchPanel, type BenchPanel, type Session } from './bench-server.js';

const SCALE = Number(process.env.ECM_BENCH_SCALE ?? 1);
const LINES = Math.round(100_000 * SCALE);
const RUNS = Number(process.env.ECM_BENCH_RUNS ?? 15);
/** Lines-list requests kept in flight while the charts are timed. */
const LIST_LOAD = 4;

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

async function seed(db: Db, ownerId: string, serverId: number): Promise<void> {
  await db.execute(sql`
    insert into users (username, password, expiry_date, added_date, owner_id, server_id,
      subscription_months, plan_id, enabled, sync_state, created_at)
    select 'eb' || g, 'pw' || g, current_date + 30, current_date - 40, ${ownerId}, ${serverId}, 1, 1,
      true, 'synced', now() - interval '40 days'
    from generate_series(1, ${LINES}) g`);
  // Day rows: every line on each of the last 30 days, with answers, misses and answer times.
  await db.execute(sql`
    insert into ecm_day (kind, subject_id, reader, bucket, ok, nok, time_sum, time_n)
    select 1, u.id, '', date_trunc('day', now(), 'UTC') - make_interval(days => d),
      500 + (u.id + d) % 700, (u.id * d) % 40, (500 + (u.id + d) % 700) * 190, 500 + (u.id + d) % 700
    from users u, generate_series(1, 30) d
    where u.username like 'eb%'`);
  // The server's own day rows: what its lines asked, as the rollup sums a server.
  await db.execute(sql`
    insert into ecm_day (kind, subject_id, reader, bucket, ok, nok, time_sum, time_n)
    select 2, ${serverId}, '', bucket, sum(ok), sum(nok), sum(time_sum), sum(time_n)
    from ecm_day where kind = 1 group by bucket`);
  await db.execute(sql`
    insert into ecm_hour (kind, subject_id, reader, bucket, ok, nok, time_sum, time_n)
    select k.kind, case when k.kind = 2 then ${serverId} else u.id end, '',
      date_trunc('hour', now(), 'UTC') - make_interval(hours => h), 30, 1, 30 * 190, 30
    from (select min(id) as id from users where username like 'eb%') u,
      (values (1), (2)) k(kind), generate_series(1, 48) h`);
  await db.execute(sql`analyze`);
}

async function timeGet(panel: BenchPanel, session: Session, path: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${panel.url}${path}`, { headers: { cookie: session.cookie } });
  const body = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
  return performance.now() - started;
}

async function medianOf(panel: BenchPanel, session: Session, path: string): Promise<number> {
  await timeGet(panel, session, path).catch(() => timeGet(panel, session, path));
  const runs: number[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await timeGet(panel, session, path));
  return median(runs);
}

/** Keeps `LIST_LOAD` lines-list pages (the first twenty) in flight until stopped. */
function listLoad(panel: BenchPanel, session: Session) {
  let running = true;
  let served = 0;
  const loops = Array.from({ length: LIST_LOAD }, async (_, n) => {
    while (running) {
      await timeGet(panel, session, `/api/lines?page=${1 + ((served + n) % 20)}`);
      served += 1;
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return served;
    },
  };
}

export async function runEcmStatsBench(databaseUrl: string | undefined): Promise<void> {
  const panel = await startBenchPanel({
    databaseUrl,
    prefix: 'ecm-stats',
    portBase: 24_000,
    admin: { email: 'ecm-admin@example.com', password: 'ecm-admin-password' },
    reseller: { email: 'ecm-reseller@example.com', password: 'ecm-reseller-password' },
    resellerCredits: 1000,
  });
  try {
    const serverId = await panel.addAgentServer();
    const seeding = performance.now();
    await seed(panel.db, panel.reseller.id, serverId);
    const rows = (await panel.db.execute(sql`select count(*)::int as n from ecm_day`)) as unknown as {
      rows: { n: number }[];
    };
    console.log(
      `database: ${panel.built.ctx.database.kind}; seeded ${LINES.toLocaleString('en')} lines and ` +
        `${Number(rows.rows[0]!.n).toLocaleString('en')} daily rollup rows in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const [{ id: lineId }] = (
      (await panel.db.execute(sql`select max(id) as id from users where username like 'eb%'`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows as [{ id: number }];
    const list = '/api/lines?page=1';
    const lineChart = `/api/lines/${lineId}/ecm-stats?range=30d`;
    const serverChart = `/api/servers/${serverId}/ecm-stats?range=30d`;

    // The list last of the three alone: its first page is then as warm as under the load.
    const lineAlone = await medianOf(panel, panel.reseller, lineChart);
    const serverAlone = await medianOf(panel, panel.admin, serverChart);
    const listAlone = await medianOf(panel, panel.reseller, list);
    const load = listLoad(panel, panel.reseller);
    const lineLoaded = await medianOf(panel, panel.reseller, lineChart);
    const serverLoaded = await medianOf(panel, panel.admin, serverChart);
    const listLoaded = await medianOf(panel, panel.reseller, list);
    const served = await load.stop();
    console.log(
      `\nECM statistics, median of ${RUNS}; "under load": ${LIST_LOAD} lines-list pages in flight (${served} served):`,
    );
    console.log("| figure | alone | under the list's load | ÷ the list under the same load |");
    console.log('| --- | --- | --- | --- |');
    const row = (label: string, alone: number, loaded: number) =>
      console.log(
        `| ${label} | ${alone.toFixed(0)} ms | ${loaded.toFixed(0)} ms | ×${(loaded / listLoaded).toFixed(2)} |`,
      );
    row('lines list, first page (baseline)', listAlone, listLoaded);
    row("line page's chart, 30 days", lineAlone, lineLoaded);
    row("server page's chart, 30 days", serverAlone, serverLoaded);
  } finally {
    await panel.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runEcmStatsBench(process.env.ECM_BENCH_DATABASE_URL || undefined);
  process.exit(0);
}
