// Lines benchmark: 100,000 seeded lines; every GET /api/lines scenario the list offers (first page,
// reseller, search, each filter, each sort, page 100) under autocannon next to the very same SQL run
// bare through the same driver, each beside its target; the dashboard right after a change; then
// 1,000 lines created through the API and live on a real line agent. Runs on the embedded database,
// and on PostgreSQL when given a URL (in a fresh database created next to it).
import { isoDate, type LineListQuery } from '@linedesk/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';
import {
  readSearchSample,
  searchIsCommon,
  searchWindow,
  type SearchSample,
} from '../apps/server/src/modules/lines/line-search.js';
import type { LineFilter } from '../apps/server/src/modules/lines/line-list-filter.js';
import { profileWhile } from './profile.js';
import { startBenchPanel, type Session } from './bench-server.js';
import { measureLineCreation, reportLineCreation } from './line-creation.js';
import { measure, type LoadResult } from './load.js';
import { linesListRepository } from '../apps/server/src/modules/lines/lines-list.repository.js';

const SEEDED = 100_000;
const CREATED = 1_000;
/** Resellers creating lines at the same time in the end-to-end creation figure. */
const CREATE_CONNECTIONS = 50;
const CONCURRENCY = 10;
const SCENARIO_MS = Number(process.env.LINES_BENCH_SCENARIO_MS ?? 3000);
/** While working on one case: a pattern the scenario labels must match, and `list` to stop after the list. */
const ONLY_SCENARIOS = process.env.LINES_BENCH_SCENARIOS
  ? new RegExp(process.env.LINES_BENCH_SCENARIOS)
  : null;
const LIST_ONLY = process.env.LINES_BENCH_PARTS === 'list';
/** Only the backup figure (embedded), after seeding. */
const BACKUP_ONLY = process.env.LINES_BENCH_PARTS === 'backup';
const ADMIN = { email: 'bench-lines@example.com', password: 'bench-password-1' };
const RESELLER = { email: 'bench-reseller@example.com', password: 'bench-password-2' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Stats = { rps: number; p50: number; p99: number; errors: number };

/** Closed-loop load for a fixed time: `concurrency` workers sending back to back. */
export async function measureFor(
  ms: number,
  concurrency: number,
  send: () => Promise<boolean>,
): Promise<Stats> {
  for (let i = 0; i < concurrency; i += 1) await send(); // warm-up: plans, caches, JIT
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + ms;
  const worker = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      const ok = await send().catch(() => false);
      latencies.push(performance.now() - t0);
      if (!ok) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return statsOf(latencies, errors, (performance.now() - started) / 1000);
}

export function statsOf(latencies: number[], errors: number, seconds: number): Stats {
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return {
    rps: Math.round(latencies.length / seconds),
    p50: +pct(0.5).toFixed(1),
    p99: +pct(0.99).toFixed(1),
    errors,
  };
}

/** 100,000 lines in one statement: 10 % owned by the reseller, a spread of expiries and states. */
export async function seed(db: Db, adminId: string, resellerId: string, serverId: number): Promise<number> {
  const started = performance.now();
  await db.execute(sql`
    insert into users (username, password, expiry_date, added_date, owner_id, owner_email, server_id,
      is_trial, subscription_months, enabled, notes, name, email, sync_state, synced_at, host_port, created_at)
    select
      'seed' || lpad(g::text, 6, '0'),
      substr(md5(g::text), 1, 10),
      current_date + ((g % 900) - 300),
      current_date - (g % 400),
      case when g % 10 = 0 then ${resellerId} else ${adminId} end,
      case when g % 10 = 0 then ${RESELLER.email} else ${ADMIN.email} end,
      ${serverId},
      g % 17 = 0,
      case when g % 17 = 0 then null else (array[1, 3, 6, 12, 24])[1 + g % 5] end,
      g % 23 <> 0,
      case when g % 3 = 0 then 'customer note ' || g end,
      'Customer ' || g,
      'customer' || g || '@example.com',
      'synced',
      now(),
      array['tv.example.com:12000'],
      now() - g * interval '1 minute'
    from generate_series(1, ${SEEDED}) as g`);
  // Their history and charges, as the dashboard reads them: a 'created' event for each line, a renewal
  // for every third within the last 60 days, and the reseller's purchases in the ledger.
  await db.execute(sql`insert into line_events (line_id, actor_id, owner_id, action, created_at)
    select id, owner_id, owner_id, 'created', created_at from users where username like 'seed%'`);
  await db.execute(sql`insert into line_events (line_id, actor_id, owner_id, action, created_at)
    select id, owner_id, owner_id, 'renewed', now() - (id % 60) * interval '1 day' from users
    where username like 'seed%' and id % 3 = 0`);
  await db.execute(sql`insert into credit_ledger (account_id, delta, balance_after, reason, actor_id, ref_type, ref_id, created_at)
    select owner_id, -2, 0, 'line_create', owner_id, 'line', id::text, created_at from users
    where username like 'seed%' and owner_id = ${resellerId}`);
  return Math.round(performance.now() - started);
}

/**
 * Waits until the database's own upkeep has vacuumed and analyzed the seeded tables, as it does within a
 * minute or so of an import on a live panel: PostgreSQL's autovacuum, or the panel's job on the
 * embedded database (which runs once no request has come for a moment: this reads the database
 * directly). Until then the planner knows nothing of the 100,000 rows and no index-only scan skips the
 * table. Returns how long it took.
 */
async function upkeepDone(
  db: Db,
  since: Date,
  kind: 'embedded' | 'postgres',
): Promise<{ ms: number; by: string }> {
  const started = performance.now();
  const setting = (await db.execute(sql`select current_setting('autovacuum') as on`)) as unknown as {
    rows: { on: string }[];
  };
  if (kind === 'postgres' && setting.rows[0]?.on !== 'on') {
    // A PostgreSQL with autovacuum turned off (as this machine's is): what autovacuum would have done.
    await db.execute(sql`vacuum analyze users, line_events, credit_ledger`);
    return { ms: Math.round(performance.now() - started), by: 'the bench (autovacuum is off here)' };
  }
  for (;;) {
    const result = (await db.execute(sql`
      select count(*)::int as n from pg_stat_user_tables
      where schemaname = 'public' and relname in ('users', 'line_events', 'credit_ledger')
        and greatest(last_vacuum, last_autovacuum) >= ${since.toISOString()}::timestamptz
        and greatest(last_analyze, last_autoanalyze) >= ${since.toISOString()}::timestamptz`)) as unknown as {
      rows: { n: number }[];
    };
    if (result.rows[0]?.n === 3) {
      return { ms: Math.round(performance.now() - started), by: "the database's own upkeep" };
    }
    if (performance.now() - started > 300_000)
      throw new Error('the seeded tables were not vacuumed within 5 minutes');
    await sleep(1000);
  }
}

type Role = 'admin' | 'reseller';
type Scenario = { label: string; role: Role; query: Partial<LineListQuery> };

/** What the list offers, each as its first page unless said otherwise. */
function scenariosFor(serverId: number, resellerId: string): Scenario[] {
  const admin = (label: string, query: Partial<LineListQuery>): Scenario => ({ label, role: 'admin', query });
  return [
    admin('first page', {}),
    { label: 'first page', role: 'reseller', query: {} },
    admin('search "customer9"', { search: 'customer9' }),
    admin('search "customer12345" (rare)', { search: 'customer12345' }),
    { label: 'search "customer9"', role: 'reseller', query: { search: 'customer9' } },
    admin('filter status=active', { status: 'active' }),
    admin('filter status=expired', { status: 'expired' }),
    admin('filter status=trial', { status: 'trial' }),
    admin('filter status=suspended', { status: 'suspended' }),
    admin('filter server_id', { server_id: serverId }),
    admin('filter owner_id (reseller)', { owner_id: resellerId }),
    admin('filter expiring_within_days=7', { expiring_within_days: 7 }),
    admin('filter sync_state=failing', { sync_state: 'failing' }),
    { label: 'filter status=expired', role: 'reseller', query: { status: 'expired' } },
    admin('sort created_at asc', { sort: 'created_at', order: 'asc' }),
    admin('sort username asc', { sort: 'username', order: 'asc' }),
    admin('sort expiry_date asc', { sort: 'expiry_date', order: 'asc' }),
    admin('sort added_date desc', { sort: 'added_date', order: 'desc' }),
    admin('sort status asc', { sort: 'status', order: 'asc' }),
    admin('sort server_name asc', { sort: 'server_name', order: 'asc' }),
    admin('sort owner_email asc', { sort: 'owner_email', order: 'asc' }),
    admin('sort sync_state asc', { sort: 'sync_state', order: 'asc' }),
    { label: 'sort status desc', role: 'reseller', query: { sort: 'status', order: 'desc' } },
    { label: 'sort username asc', role: 'reseller', query: { sort: 'username', order: 'asc' } },
    admin('page 100', { page: 100 }),
    { label: 'page 100', role: 'reseller', query: { page: 100 } },
  ];
}

export function queryString(query: Partial<LineListQuery>): string {
  const params = new URLSearchParams({ page: '1', page_size: '25' });
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  return params.toString();
}

type RawClient = { query: (text: string, params: unknown[]) => Promise<unknown> };

function filterOf(
  scopeOwnerId: string | null,
  query: Partial<LineListQuery>,
  sample: SearchSample,
): LineFilter {
  return {
    scopeOwnerId,
    status: query.status,
    serverId: query.server_id,
    ownerId: query.owner_id,
    expiringWithinDays: query.expiring_within_days,
    syncState: query.sync_state,
    search: query.search,
    // The part of the search the index looks up, as the panel picks it from a sample of its own.
    searchWindow: query.search ? searchWindow(query.search.toLowerCase(), sample) : undefined,
    searchCommon: query.search ? searchIsCommon(query.search.toLowerCase(), sample) : undefined,
    today: isoDate(new Date()),
  };
}

/**
 * The list's two statements exactly as the repository builds them (the page, and the total counted up
 * to the cap, which the API reuses until a change and the bare loop never does), sent straight to the
 * driver; and their plans.
 */
export async function bareList(
  db: Db,
  scopeOwnerId: string | null,
  query: Partial<LineListQuery>,
  cap: number,
  sample: SearchSample,
) {
  const filter = filterOf(scopeOwnerId, query, sample);
  const pageSize = 25;
  const page = {
    sort: query.sort,
    order: query.order ?? 'desc',
    limit: pageSize,
    offset: ((query.page ?? 1) - 1) * pageSize,
  };
  const rows = (await linesListRepository.pageStatement(db, filter, page)).statement.toSQL();
  const total = linesListRepository.countQuery(db, filter, cap).toSQL();
  const client = (db as unknown as { $client: RawClient }).$client;
  const plan = async (statement: { sql: string; params: unknown[] }) => {
    const result = (await client.query(`explain (costs off) ${statement.sql}`, statement.params)) as {
      rows: Record<string, string>[];
    };
    return result.rows.map((row) => Object.values(row)[0]!);
  };
  return {
    send: async () => {
      await Promise.all([client.query(rows.sql, rows.params), client.query(total.sql, total.params)]);
      return true;
    },
    plans: async () => ({ page: await plan(rows), count: await plan(total) }),
  };
}

/** The plan's nodes only (scans, joins, sorts), indented as EXPLAIN prints them: enough to see what reads what. */
export function shortPlan(lines: string[]): string {
  return lines
    .filter((l) => /(Scan|Sort|Limit|Append|Join|Loop|Aggregate|Unique|Result)/.test(l))
    .map((l) => l.replace(/\s+\(.*\)$/, ''))
    .join(' | ')
    .replace(/\s+->\s+/g, ' > ');
}

/**
 * While an admin's backup of the embedded database is written (as the scheduled one is), one client
 * keeps asking for the first page: the longest it waited is how long the panel stood still.
 */
async function measureBackupPause(url: string, session: Session) {
  let writing = true;
  let longestMs = 0;
  let requests = 0;
  const asking = (async () => {
    while (writing) {
      const started = performance.now();
      await (
        await fetch(`${url}/api/lines?page=1&page_size=25`, { headers: { cookie: session.cookie } })
      ).text();
      longestMs = Math.max(longestMs, performance.now() - started);
      requests += 1;
    }
  })();
  await sleep(500);
  const started = performance.now();
  const res = await fetch(`${url}/api/system/backup`, {
    method: 'POST',
    headers: { cookie: session.cookie, origin: url },
  });
  if (!res.ok) throw new Error(`backup failed: ${res.status} ${await res.text()}`);
  const backupMs = Math.round(performance.now() - started);
  writing = false;
  await asking;
  return { backupMs, longestMs: Math.round(longestMs), requests };
}

function verdict(result: { p99: number; requests?: number }, targetMs: number): string {
  // No answer within the window is a miss, not a p99 of 0.
  const met = result.p99 <= targetMs && result.requests !== 0;
  return `target p99 <= ${targetMs} ms: ${met ? 'met' : 'MISSED'}`;
}

function line(label: string, api: LoadResult, bare: Stats, targetMs: number): string {
  return `${label.padEnd(44)} api ${String(api.rps).padStart(5)} req/s p99 ${String(api.p99).padStart(5)} ms   bare SQL ${String(bare.rps).padStart(5)} q/s p99 ${String(bare.p99).padStart(6)} ms   ${verdict(api, targetMs)}${api.errors ? `   errors ${api.errors}` : ''}`;
}

export async function runLinesBench(databaseUrl?: string): Promise<void> {
  const panel = await startBenchPanel({
    databaseUrl,
    prefix: 'lines',
    portBase: 19_000,
    admin: ADMIN,
    reseller: RESELLER,
    // The 1,000 one-month lines below, and the ones the dashboard figures sell while measuring.
    resellerCredits: CREATED * 2 + 400,
  });
  const { url, built, db, agent, admin, reseller, logs } = panel;
  try {
    const post = (session: Session, pathname: string, body: unknown) =>
      fetch(`${url}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session.cookie, origin: url },
        body: JSON.stringify(body),
      });

    const seededServer = (await (
      await post(admin, '/api/servers', {
        server_name: 'Seeded',
        host_ip: '10.0.0.1',
        port: 12000,
        username: 'x',
        password: 'x',
      })
    ).json()) as { id: number };
    const seededFrom = new Date();
    const seedMs = await seed(db, admin.id, reseller.id, seededServer.id);
    const upkeep = await upkeepDone(db, seededFrom, built.ctx.database.kind);

    console.log(
      `\nlines benchmark on ${built.ctx.database.kind}: ${SEEDED} lines seeded in ${seedMs} ms; vacuumed and analyzed by ${upkeep.by} ${upkeep.ms} ms later`,
    );
    const targetMs = built.ctx.database.kind === 'embedded' ? 50 : 25;
    const cap = built.ctx.config.linesTotalCap;
    console.log(
      `(autocannon, ${CONCURRENCY} connections, ${SCENARIO_MS / 1000} s per figure after 1 s of warm-up; bare SQL: the same page and capped count statements in-process, ${CONCURRENCY} at a time; the reseller owns 10 %; this machine's 2 CPUs are shared with other work, so figures are noisy)`,
    );
    const plans: string[] = [];
    const searchSample = await readSearchSample(db);
    for (const scenario of BACKUP_ONLY ? [] : scenariosFor(seededServer.id, reseller.id)) {
      if (ONLY_SCENARIOS && !ONLY_SCENARIOS.test(`${scenario.label} (${scenario.role})`)) continue;
      const cpuBefore = process.cpuUsage();
      const session = scenario.role === 'admin' ? admin : reseller;
      const api = await profileWhile(`lines-${scenario.label}-${scenario.role}`, () =>
        measure({
          label: scenario.label,
          url: `${url}/api/lines?${queryString(scenario.query)}`,
          headers: { cookie: session.cookie },
          connections: CONCURRENCY,
          seconds: SCENARIO_MS / 1000,
          warmupSeconds: 1,
        }),
      );
      // The panel runs in this process: its CPU time per answered request, steadier than latency on a
      // shared machine.
      const cpu = process.cpuUsage(cpuBefore);
      const cpuPerRequest = (cpu.user + cpu.system) / 1000 / Math.max(1, api.requests + api.warmupRequests);
      const bare = await bareList(
        db,
        scenario.role === 'admin' ? null : reseller.id,
        scenario.query,
        cap,
        searchSample,
      );
      const bareStats = await measureFor(SCENARIO_MS, CONCURRENCY, bare.send);
      console.log(
        `${line(`GET /api/lines ${scenario.label} (${scenario.role})`, api, bareStats, targetMs)}   panel CPU ${cpuPerRequest.toFixed(2)} ms a request`,
      );
      const plan = await bare.plans();
      plans.push(
        `${scenario.label} (${scenario.role})\n    page:  ${shortPlan(plan.page)}\n    count: ${shortPlan(plan.count)}`,
      );
    }
    if (process.env.LINES_BENCH_PLANS)
      console.log(`\nplans on ${built.ctx.database.kind}:\n  ${plans.join('\n  ')}\n`);

    if (built.ctx.database.kind === 'embedded' && !LIST_ONLY) {
      const backup = await measureBackupPause(url, admin);
      console.log(
        `backup of ${SEEDED} lines (embedded): written in ${backup.backupMs} ms; the longest first-page request meanwhile ${backup.longestMs} ms (${backup.requests} requests, one at a time; no target: every user of the panel waits this long)`,
      );
    }
    if (LIST_ONLY || BACKUP_ONLY) return;
    const exportStarted = performance.now();
    const csv = await fetch(`${url}/api/lines/export.csv`, { headers: { cookie: admin.cookie } })
      .then((res) => res.text())
      .catch((error: unknown) => {
        console.error(logs.filter((l) => /"level":(40|50|60)/.test(l)).slice(-5));
        throw error;
      });
    const exportMs = performance.now() - exportStarted;
    const exported = csv.split('\r\n').length - 2;
    console.log(
      `GET /api/lines/export.csv (admin, all)      ${exported} rows in ${Math.round(exportMs)} ms (${Math.round((exported / exportMs) * 1000)} rows/s)`,
    );

    // End to end: created through the API by a reseller (charged, outbox, delivered) and live on the agent.
    const agentServerId = await panel.addAgentServer();
    // Each line answered by the API and present in the agent's oscam.user; load from autocannon.
    const creation = { count: CREATED, connections: CREATE_CONNECTIONS };
    reportLineCreation(
      built.ctx.database.kind,
      creation,
      await measureLineCreation({
        ...creation,
        url,
        db,
        cookie: reseller.cookie,
        serverId: agentServerId,
        agent,
        prefix: 'e2e',
      }),
    );

    // The dashboard home: its line figures are reused per scope until a line or credit changes, and
    // computed from counters kept on write when they are not. Three cases: a quiet panel (reused),
    // the first view right after a real change (a line suspended or enabled), and a panel where the
    // viewer's own account sells a line every 200 ms while it is viewed.
    const dashboardUrl = `${url}/api/dashboard`;
    // A line on the live agent, so that the change is delivered at once, as in real use.
    const toggled = (await db.execute(
      sql`select id from users where username like 'e2e%' order by id limit 1`,
    )) as unknown as {
      rows: { id: number }[];
    };
    const toggleId = toggled.rows[0]!.id;
    let enabled = true;
    let dashLines = 0;
    for (const [role, session] of [
      ['admin, whole panel', admin],
      ['reseller', reseller],
    ] as const) {
      const quiet = await measure({
        label: `GET /api/dashboard (${role}) quiet`,
        url: dashboardUrl,
        headers: { cookie: session.cookie },
        connections: CONCURRENCY,
        seconds: SCENARIO_MS / 1000,
        warmupSeconds: 1,
      });
      console.log(
        `${quiet.label.padEnd(50)} ${String(quiet.rps).padStart(5)} req/s p50 ${String(quiet.p50).padStart(6)} ms p99 ${String(quiet.p99).padStart(6)} ms${quiet.errors ? `   errors ${quiet.errors}` : ''}`,
      );
      // One client: a change through the API (not timed), then the dashboard (timed).
      const afterChange: number[] = [];
      const until = performance.now() + SCENARIO_MS;
      while (performance.now() < until || afterChange.length < 20) {
        enabled = !enabled;
        const patched = await fetch(`${url}/api/lines/${toggleId}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', cookie: admin.cookie, origin: url },
          body: JSON.stringify({ enabled }),
        });
        if (!patched.ok) throw new Error(`PATCH failed: ${patched.status}`);
        const t0 = performance.now();
        const res = await fetch(dashboardUrl, { headers: { cookie: session.cookie } });
        await res.arrayBuffer();
        afterChange.push(performance.now() - t0);
      }
      const cold = statsOf(afterChange, 0, afterChange.reduce((sum, ms) => sum + ms, 0) / 1000);
      console.log(
        `${`GET /api/dashboard (${role}) right after a change`.padEnd(50)} p50 ${String(cold.p50).padStart(6)} ms p99 ${String(cold.p99).padStart(6)} ms (one client, ${afterChange.length} changes)   ${verdict(cold, 50)}`,
      );
      let writes = 0;
      let writing = true;
      const writer = (async () => {
        while (writing) {
          const paced = sleep(200);
          const res = await post(session, '/api/lines', {
            username: `dash${String(dashLines++).padStart(6, '0')}`,
            password: 'pw-bench',
            subscription_months: 1,
            server_id: agentServerId,
          });
          if (res.status === 201) writes += 1;
          await paced;
        }
      })();
      const busyStarted = performance.now();
      const busy = await measure({
        label: `GET /api/dashboard (${role}) lines changing`,
        url: dashboardUrl,
        headers: { cookie: session.cookie },
        connections: CONCURRENCY,
        seconds: SCENARIO_MS / 1000,
      });
      writing = false;
      await writer;
      const writeRate = (writes / ((performance.now() - busyStarted) / 1000)).toFixed(1);
      console.log(
        `${busy.label.padEnd(50)} ${String(busy.rps).padStart(5)} req/s p50 ${String(busy.p50).padStart(6)} ms p99 ${String(busy.p99).padStart(6)} ms (while it sells ${writeRate} lines/s)${busy.errors ? `   errors ${busy.errors}` : ''}`,
      );
    }
  } finally {
    await panel.close();
  }
}

// Run on its own: `npx tsx bench/lines-bench.ts` (PostgreSQL too with LINES_BENCH_DATABASE_URL;
// LINES_BENCH_DATABASES=embedded or postgres for one of them).
if (import.meta.url === `file://${process.argv[1]}`) {
  const databases = (process.env.LINES_BENCH_DATABASES ?? 'embedded,postgres').split(',');
  if (databases.includes('embedded')) await runLinesBench();
  const pgUrl = process.env.LINES_BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (pgUrl && databases.includes('postgres')) await runLinesBench(pgUrl);
  else if (databases.includes('postgres') && process.env.LINES_BENCH_DATABASES)
    throw new Error('LINES_BENCH_DATABASES=postgres needs LINES_BENCH_DATABASE_URL');
}
