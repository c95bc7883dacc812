// The scale bench (#52): a panel on PostgreSQL holding SCALE_BENCH_LINES lines (1,000,000 unless
// told) over 1,000 resellers three levels deep and 100 server records, a year of ledger rows and line
// history, the last hour's ECM statistics of 9 lines in 10 (the churn radar's input), seeded through the database's bulk paths (INSERT … SELECT generate_series). Then, each
// figure beside its same-run baseline: the lines list's shapes against the bare SQL of the same page,
// the dashboard and the to-do list of the admin and of a reseller with 5 % of the lines (50,000 at a
// million) against a reseller with an average share, the cost of every migration statement that
// alters a big table when replayed on this database, line creation end to end beside the agent
// alone, and a backup and its restore with the commands `npm run backup` names for PostgreSQL
// (pg_dump / pg_restore).
//
// Run by hand, not in CI (too big): `npm run bench:scale`, with SCALE_BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test; a fresh database is created next to it and dropped after).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { LineListQuery } from '@linedesk/shared';
import type { Db } from '../apps/server/src/db/client.js';
import { today as businessToday } from '../apps/server/src/modules/lines/line-scope.js';
import { readSearchSample } from '../apps/server/src/modules/lines/line-search.js';
import { statementsOf, withoutLeadingComments } from '../apps/server/src/db/migration-locks.js';
import { dashboardRepository } from '../apps/server/src/modules/dashboard/dashboard.repository.js';
import { LINE_KIND, SERVER_KIND } from '../apps/server/src/modules/ecm-stats/ecm-poll.repository.js';
import {
  addCredits,
  signIn,
  signUpConfirmed,
  startBenchPanel,
  type BenchPanel,
  type Session,
} from './bench-server.js';
import { measureLineCreation, reportLineCreation } from './line-creation.js';
import { bareList, measureFor, queryString, shortPlan } from './lines-bench.js';
import { measure, type LoadResult } from './load.js';

const LINES = Number(process.env.SCALE_BENCH_LINES ?? 1_000_000);
const DATABASE_URL = process.env.SCALE_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The big reseller's share, which is also each of the five big servers' (50,000 at a million). */
const BIG = Math.floor(LINES / 20);
/** Resellers seeded besides the two that sign in: 10 / 90 / 898 on three levels, 1,000 in all. */
const SEEDED_RESELLERS = 998;
const SERVERS = 100;
const SECONDS = Number(process.env.SCALE_BENCH_SECONDS ?? 3);
const CONNECTIONS = 10;
/** Lines created through the API in the creation figure, and the clients creating them at once. */
const CREATE = 1_000;
const CREATE_CONNECTIONS = 50;
/** Lines inserted a statement: one statement per chunk keeps the progress visible. */
const CHUNK = 100_000;
/** The tables that grow with the lines: a migration statement altering one of them is replayed. */
const BIG_TABLES = ['users', 'line_events', 'credit_ledger', 'dashboard_line_counts', 'dashboard_daily'];

const ADMIN = { email: 'bench-million@example.com', password: 'bench-password-1' };
const BIG_RESELLER = { email: 'bench-million-big@example.com', password: 'bench-password-2' };
const SMALL_RESELLER = { email: 'bench-million-small@example.com', password: 'bench-password-3' };

const n = (value: number) => value.toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Seeds the panel's database in bulk and prints each table's time. Returns the first (50,000-line) server. */
async function seed(client: pg.Client, db: Db, ids: { admin: string; big: string; small: string }) {
  const step = async (label: string, text: string) => {
    const started = performance.now();
    const result = await client.query(text);
    const ms = performance.now() - started;
    console.log(
      `  ${label.padEnd(58)} ${seconds(ms).padStart(8)}   ${result.rowCount ? `${n(result.rowCount)} rows` : ''}`,
    );
    return ms;
  };
  const started = performance.now();
  console.log(`seeding ${n(LINES)} lines (the big reseller and each of servers 1-5: ${n(BIG)}):`);
  await step(
    'auth_users: 998 resellers (10 / 90 / 898 on three levels)',
    `insert into auth_users (id, full_name, email, email_verified, username, credits, group_id, owner_id,
       created_at, updated_at)
     select 'scale-r-' || lpad(g::text, 4, '0'), 'Reseller ' || g, 'reseller' || g || '@scale.example.com',
       true, 'reseller' || g, 0, 2,
       case when g <= 10 then '${ids.admin}'
         when g <= 100 then 'scale-r-' || lpad((1 + (g - 11) % 10)::text, 4, '0')
         else 'scale-r-' || lpad((11 + (g - 101) % 90)::text, 4, '0') end,
       now() - interval '1 year', now()
     from generate_series(1, ${SEEDED_RESELLERS}) as g`,
  );
  // The two that sign in are level-3 resellers too.
  await client.query(
    `update auth_users set owner_id = 'scale-r-0011' where id in ('${ids.big}', '${ids.small}')`,
  );
  await client.query(`create temp table scale_owners as
    select row_number() over (order by id) as n, id, email from auth_users
    where group_id = 2 and id <> '${ids.big}'`);
  const owners = Number((await client.query(`select count(*) as c from scale_owners`)).rows[0].c);
  // Active, on a port nothing listens on: a change delivered to one is refused at once.
  await step(
    `cccam_servers: ${SERVERS} servers`,
    `insert into cccam_servers (server_name, host_ip, port, api_port, username, password_encrypted,
       protocol, status, created_at)
     select 'Scale ' || lpad(g::text, 3, '0'), '127.0.0.1', 12000, 9, 'agent', 'x', 'CCcam', 'active',
       now() - interval '1 year'
     from generate_series(1, ${SERVERS}) as g`,
  );
  await client.query(`create temp table scale_servers as
    select row_number() over (order by id) as n, id from cccam_servers where server_name like 'Scale %'`);
  const firstServer = Number((await client.query(`select id from scale_servers where n = 1`)).rows[0].id);

  // The bulk path for tables with many indexes: their secondary indexes are dropped for the load and
  // built again after it, each from its own definition (pg_get_indexdef), so the schema is the
  // migrations' own. One CREATE INDEX over the loaded table is several times faster than a million
  // index insertions (the trigram index above all).
  await client.query(`set maintenance_work_mem = '512MB'`);
  const dropped: { table: string; name: string; definition: string }[] = [];
  for (const table of ['users', 'line_events', 'credit_ledger']) {
    const { rows } = await client.query<{ name: string; definition: string }>(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i where i.indrelid = $1::regclass and not i.indisprimary and not i.indisunique`,
      [table],
    );
    for (const row of rows) {
      await client.query(`drop index ${row.name}`);
      dropped.push({ table, ...row });
    }
  }

  let linesMs = 0;
  for (let from = 1; from <= LINES; from += CHUNK) {
    const to = Math.min(LINES, from + CHUNK - 1);
    // Lines 1..BIG: the big reseller's, on server 1; up to 5 × BIG: servers 2-5; the rest over
    // servers 6-100. Every tenth of the rest is the admin's own, the others go round the resellers.
    // Every 17th is a trial, which ends the day after it was made: only the newest still run.
    linesMs += await step(
      `users: lines ${n(from)}-${n(to)}`,
      `insert into users (username, password, expiry_date, added_date, owner_id, owner_email, server_id,
         is_trial, subscription_months, enabled, notes, name, email, sync_state, synced_at, host_port,
         created_at)
       select 'line' || lpad(g::text, 7, '0'), substr(md5(g::text), 1, 10),
         case when g % 17 = 0 then (c.at at time zone 'UTC')::date + 1 else current_date + ((g % 900) - 300) end,
         (c.at at time zone 'UTC')::date,
         case when g <= ${BIG} then '${ids.big}' when g % 10 = 0 then '${ids.admin}' else o.id end,
         case when g <= ${BIG} then '${BIG_RESELLER.email}' when g % 10 = 0 then '${ADMIN.email}' else o.email end,
         s.id, g % 17 = 0,
         case when g % 17 = 0 then null else (array[1, 3, 6, 12, 24])[1 + g % 5] end, g % 23 <> 0,
         case when g % 3 = 0 then 'customer note ' || g end, 'Customer ' || g, 'customer' || g || '@example.com',
         'synced', now(), array['tv.example.com:12000'], c.at
       from generate_series(${from}, ${to}) as g
       cross join lateral (select now() - (g::float8 * ${31_536_000 / LINES}) * interval '1 second' as at) as c
       join scale_owners o on o.n = 1 + g % ${owners}
       join scale_servers s on s.n = case when g <= ${5 * BIG} then 1 + (g - 1) / ${BIG} else 6 + g % ${SERVERS - 5} end`,
    );
  }
  console.log(`  ${'users: all lines'.padEnd(58)} ${seconds(linesMs).padStart(8)}`);
  // A year of history: each line's creation, and a renewal of every third line a month or two later.
  await step(
    'line_events: created, for every line',
    `insert into line_events (line_id, actor_id, owner_id, action, created_at)
     select id, owner_id, owner_id, 'created', created_at from users where username like 'line%'`,
  );
  await step(
    'line_events: renewed, every third line',
    `insert into line_events (line_id, actor_id, owner_id, action, created_at)
     select id, owner_id, owner_id, 'renewed', least(now(), created_at + (30 + id % 60) * interval '1 day')
     from users where username like 'line%' and id % 3 = 0`,
  );
  // The resellers' ledgers: each creation and renewal charged, and a top-up at the start of each month
  // covering that month's spending, with each row's running balance.
  await step(
    'credit_ledger: charges and monthly top-ups, running balances',
    `insert into credit_ledger (account_id, delta, balance_after, reason, actor_id, ref_type, ref_id, created_at)
     with spends as (
       select e.owner_id as account_id, -2 as delta,
         case e.action when 'created' then 'line_create' else 'line_renew' end as reason,
         e.line_id::text as ref_id, e.created_at, 2 as k
       from line_events e join auth_users a on a.id = e.owner_id and a.group_id = 2
     ), adds as (
       select account_id, (-sum(delta) + 50)::int as delta, 'add' as reason, null::text as ref_id,
         date_trunc('month', created_at) as created_at, 1 as k
       from spends group by account_id, date_trunc('month', created_at)
     ), rows as (select * from adds union all select * from spends)
     select account_id, delta,
       sum(delta) over (partition by account_id order by created_at, k rows unbounded preceding)::int,
       reason, case when reason = 'add' then '${ids.admin}' else account_id end,
       case when ref_id is null then null else 'line' end, ref_id, created_at
     from rows`,
  );
  for (const table of ['users', 'line_events', 'credit_ledger']) {
    let tableMs = 0;
    const ofTable = dropped.filter((index) => index.table === table);
    for (const index of ofTable) {
      const indexStarted = performance.now();
      await client.query(index.definition);
      tableMs += performance.now() - indexStarted;
    }
    console.log(
      `  ${`${table}: its ${ofTable.length} secondary indexes built again`.padEnd(58)} ${seconds(tableMs).padStart(8)}`,
    );
  }
  await step(
    'auth_users: balances = the sum of their ledger',
    `update auth_users a set credits = l.sum from (
       select account_id, sum(delta)::int as sum from credit_ledger group by account_id) l
     where l.account_id = a.id and a.group_id = 2`,
  );
  // The counters' difference rows, one set per statement above, folded as the panel does at most once
  // a minute after a dashboard computation (dashboard.service.ts): a panel that has run a while has.
  const folded = performance.now();
  await dashboardRepository.compact(db, businessToday());
  console.log(
    `  ${"dashboard counters folded (the panel's own compaction)".padEnd(58)} ${seconds(performance.now() - folded).padStart(8)}`,
  );
  // ECM statistics as a panel that polls OSCam servers holds them, so that the churn radar on the
  // to-do list has servers whose statistics count and candidates to probe: every server polled and
  // answering for 30 days (its own rows at each rollup level), and 9 lines in 10 answered within the
  // last hour (a minute row each); the tenth is quiet, and the radar names those expiring soon. The
  // quiet tenth is not the admin's own tenth (`g % 10 = 0` above): every owner has quiet lines.
  const serverRows = (table: string, unit: string, count: number, polls: number) =>
    `insert into ${table} (kind, subject_id, reader, bucket, ok, polls, up)
     select ${SERVER_KIND}, s.id, '', date_trunc('${unit}', now()) - k * interval '1 ${unit}', ${polls * 20}, ${polls}, ${polls}
     from scale_servers s cross join generate_series(0, ${count - 1}) as k`;
  await step('ecm_day: each server, 30 days', serverRows('ecm_day', 'day', 30, 1_440));
  await step('ecm_hour: each server, 24 hours', serverRows('ecm_hour', 'hour', 24, 60));
  await step('ecm_minute: each server, 60 minutes', serverRows('ecm_minute', 'minute', 60, 1));
  await step(
    'ecm_minute: 9 lines in 10 answered in the last hour',
    `insert into ecm_minute (kind, subject_id, reader, bucket, ok)
     select ${LINE_KIND}, id, '', date_trunc('minute', now()) - (id % 60) * interval '1 minute', 20
     from users where username like 'line%' and id % 10 <> 7`,
  );
  // What autovacuum does within a minute or so of an import (it is off on this machine's PostgreSQL):
  // statistics for the planner, and the visibility map the index-only scans need.
  await step('vacuum analyze (the whole database)', 'vacuum analyze');
  console.log(`  ${'seeded in'.padEnd(58)} ${seconds(performance.now() - started).padStart(8)}`);
  const size = (await client.query(`select pg_size_pretty(pg_database_size(current_database())) as s`))
    .rows[0].s;
  console.log(`  database size ${size}`);
  return firstServer;
}

type Role = 'admin' | 'big reseller';
type Scenario = { label: string; role: Role; query: Partial<LineListQuery> };

function scenarios(serverId: number, bigId: string): Scenario[] {
  const admin = (label: string, query: Partial<LineListQuery>): Scenario => ({ label, role: 'admin', query });
  const big = (label: string, query: Partial<LineListQuery>): Scenario => ({
    label,
    role: 'big reseller',
    query,
  });
  return [
    admin('first page', {}),
    big('first page', {}),
    admin('search "customer9"', { search: 'customer9' }),
    admin('search "customer123456" (rare)', { search: 'customer123456' }),
    big('search "customer9"', { search: 'customer9' }),
    admin('filter status=active', { status: 'active' }),
    admin('filter status=expired', { status: 'expired' }),
    admin('filter status=trial', { status: 'trial' }),
    admin('filter status=suspended', { status: 'suspended' }),
    big('filter status=expired', { status: 'expired' }),
    admin('filter server_id (a big server)', { server_id: serverId }),
    admin('filter owner_id (the big reseller)', { owner_id: bigId }),
    admin('filter expiring_within_days=7', { expiring_within_days: 7 }),
    admin('sort username asc', { sort: 'username', order: 'asc' }),
    admin('page 100', { page: 100 }),
    big('page 100', { page: 100 }),
  ];
}

function apiFigure(result: LoadResult) {
  return `${String(result.rps).padStart(5)} req/s p50 ${String(result.p50).padStart(4)} ms p99 ${String(result.p99).padStart(5)} ms${result.errors ? ` errors ${result.errors} (${result.errorDetail})` : ''}`;
}

async function linesList(
  url: string,
  db: Db,
  sessions: Record<Role, Session>,
  ids: { big: string },
  serverId: number,
  cap: number,
) {
  console.log(
    `\nlines list (autocannon, ${CONNECTIONS} connections, ${SECONDS} s after 1 s of warm-up) beside the bare SQL of the same page and capped count (in-process, ${CONNECTIONS} at a time):`,
  );
  const sample = await readSearchSample(db);
  const plans: string[] = [];
  for (const scenario of scenarios(serverId, ids.big)) {
    const api = await measure({
      label: scenario.label,
      url: `${url}/api/lines?${queryString(scenario.query)}`,
      headers: { cookie: sessions[scenario.role].cookie },
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: 1,
    });
    const bare = await bareList(db, scenario.role === 'admin' ? null : ids.big, scenario.query, cap, sample);
    const bareStats = await measureFor(SECONDS * 1000, CONNECTIONS, bare.send);
    console.log(
      `  ${`${scenario.label} (${scenario.role})`.padEnd(48)} api ${apiFigure(api)}   bare SQL ${String(bareStats.rps).padStart(5)} q/s p99 ${String(bareStats.p99).padStart(6)} ms   api/bare ×${(api.rps / Math.max(bareStats.rps, 1)).toFixed(2)}`,
    );
    const plan = await bare.plans();
    plans.push(
      `${scenario.label} (${scenario.role})\n    page:  ${shortPlan(plan.page)}\n    count: ${shortPlan(plan.count)}`,
    );
  }
  if (process.env.SCALE_BENCH_PLANS) console.log(`\n  plans:\n  ${plans.join('\n  ')}\n`);
}

/** The dashboard and the to-do list: quiet (reused), and right after a change of one of the viewer's lines. */
async function dashboards(
  url: string,
  client: pg.Client,
  viewers: { label: string; session: Session; ownerId: string }[],
  admin: Session,
) {
  console.log(
    `\ndashboard and to-do list (autocannon, ${CONNECTIONS} connections, ${SECONDS} s after 1 s of warm-up):`,
  );
  // What a dashboard computation reads: the scope's counter rows (the panel's scope is '*').
  for (const viewer of viewers) {
    const scope = viewer.label === 'admin' ? '*' : viewer.ownerId;
    const counted = await client.query<{ table: string; c: string }>(
      `select 'dashboard_line_counts' as table, count(*) as c from dashboard_line_counts where scope = $1
       union all select 'dashboard_daily', count(*) from dashboard_daily where scope = $1`,
      [scope],
    );
    console.log(
      `  counter rows read (${viewer.label}): ${counted.rows.map((r) => `${r.table} ${n(Number(r.c))}`).join(', ')}`,
    );
  }
  // What the churn radar finds for each (the to-do list's most expensive part): a radar that named
  // nothing would make its figure meaningless.
  for (const viewer of viewers) {
    const todo = await fetch(`${url}/api/dashboard/todo`, { headers: { cookie: viewer.session.cookie } });
    if (!todo.ok) throw new Error(`/api/dashboard/todo: ${todo.status}`);
    const { churn_risk: churn } = (await todo.json()) as { churn_risk: { total: number } };
    console.log(`  churn radar (${viewer.label}): ${n(churn.total)} lines named`);
  }
  for (const viewer of viewers) {
    for (const pathname of ['/api/dashboard', '/api/dashboard/todo']) {
      const quiet = await measure({
        label: pathname,
        url: `${url}${pathname}`,
        headers: { cookie: viewer.session.cookie },
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: 1,
      });
      // One client: a change of one of the viewer's lines (not timed), then the page (timed).
      const lineId = Number(
        (await client.query(`select id from users where owner_id = $1 order by id limit 1`, [viewer.ownerId]))
          .rows[0].id,
      );
      const after: number[] = [];
      let enabled = true;
      for (let i = 0; i < 20; i += 1) {
        enabled = !enabled;
        const patched = await fetch(`${url}/api/lines/${lineId}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', cookie: admin.cookie, origin: url },
          body: JSON.stringify({ enabled }),
        });
        if (!patched.ok) throw new Error(`PATCH failed: ${patched.status} ${await patched.text()}`);
        const started = performance.now();
        const res = await fetch(`${url}${pathname}`, { headers: { cookie: viewer.session.cookie } });
        if (!res.ok) throw new Error(`${pathname}: ${res.status}`);
        await res.arrayBuffer();
        after.push(performance.now() - started);
      }
      after.sort((a, b) => a - b);
      console.log(
        `  ${`${pathname} (${viewer.label})`.padEnd(58)} quiet ${apiFigure(quiet)}   right after a change p50 ${after[10]!.toFixed(1)} ms max ${after.at(-1)!.toFixed(1)} ms (20 changes)`,
      );
    }
  }
}

/**
 * Line creation end to end (request to live on the agent) by the big reseller, on a server record of
 * the bench's live agent, beside the agent alone in the same run: `npm run bench`'s figure, here on a
 * database of this size.
 */
async function lineCreation(panel: BenchPanel, reseller: Session) {
  const serverId = await panel.addAgentServer();
  await addCredits(panel.db, reseller.id, CREATE * 10);
  const setup = { count: CREATE, connections: CREATE_CONNECTIONS };
  console.log(`\nline creation with ${n(LINES)} lines in the database, by the reseller with ${n(BIG)}:`);
  const result = await measureLineCreation({
    ...setup,
    url: panel.url,
    db: panel.db,
    cookie: reseller.cookie,
    serverId,
    agent: panel.agent,
    prefix: 'scale',
  });
  reportLineCreation('postgres', setup, result);
}

/**
 * Every migration statement that alters one of the big tables, replayed on this database in a
 * transaction that is rolled back (its index, column or constraint under a name of its own): how long
 * it holds its lock at this size. Drizzle's migrator runs each migration in one transaction, so none of
 * them can be CONCURRENTLY; what matters is which take a lock for longer than a moment.
 */
async function migrationReplay(client: pg.Client) {
  const folder = path.resolve(import.meta.dirname, '../apps/server/drizzle');
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  console.log(
    `\nmigrations: the statements of ${files.length} migrations that alter a big table, replayed on this database (rolled back):`,
  );
  let total = 0;
  for (const file of files) {
    for (const raw of statementsOf(readFileSync(path.join(folder, file), 'utf8'))) {
      const text = withoutLeadingComments(raw);
      const target =
        /^CREATE (?:UNIQUE )?INDEX\s+(?:IF NOT EXISTS\s+)?"?\w+"?\s+ON\s+"?(\w+)"?/i.exec(text)?.[1] ??
        /^ALTER TABLE\s+(?:ONLY\s+)?"?(\w+)"?/i.exec(text)?.[1] ??
        /^UPDATE\s+"?(\w+)"?/i.exec(text)?.[1];
      if (!target || !BIG_TABLES.includes(target)) continue;
      if (/DROP (CONSTRAINT|COLUMN|DEFAULT)/i.test(text) && !/ADD /i.test(text)) continue;
      const replayed = text
        .replace(/^(CREATE (?:UNIQUE )?INDEX\s+(?:IF NOT EXISTS\s+)?)"(\w+)"/i, '$1"$2_replay"')
        .replace(/ADD COLUMN "(\w+)"/gi, 'ADD COLUMN "$1_replay"')
        .replace(/ADD CONSTRAINT "(\w+)"/gi, 'ADD CONSTRAINT "$1_replay"');
      const lock = /^CREATE/i.test(text)
        ? 'SHARE (writes wait)'
        : /^UPDATE/i.test(text)
          ? 'ROW EXCLUSIVE'
          : 'ACCESS EXCLUSIVE (all wait)';
      const started = performance.now();
      let outcome = '';
      try {
        await client.query('begin');
        await client.query(`set local statement_timeout = '600s'`);
        await client.query(replayed);
      } catch (error) {
        outcome = ` (not replayable here: ${(error as Error).message.slice(0, 80)})`;
      } finally {
        await client.query('rollback');
      }
      const ms = performance.now() - started;
      total += ms;
      console.log(
        `  ${file.padEnd(40)} ${seconds(ms).padStart(7)}  ${lock.padEnd(27)} ${text.replace(/\s+/g, ' ').slice(0, 110)}${outcome}`,
      );
    }
  }
  console.log(`  ${'all replayed statements'.padEnd(40)} ${seconds(total).padStart(7)}`);
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += String(d)));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${err}`)),
    );
  });
}

/** A backup with pg_dump and its restore with pg_restore into a new database, as docs/reliability.md has them. */
async function backupAndRestore(databaseUrl: string) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'linedesk-million-'));
  const file = path.join(folder, 'linedesk.dump');
  const restoreName = `${new URL(databaseUrl).pathname.slice(1)}_restore`;
  const restoreUrl = new URL(databaseUrl);
  restoreUrl.pathname = `/${restoreName}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  try {
    console.log(
      '\nbackup and restore (the commands `npm run backup` / `npm run restore` name for PostgreSQL):',
    );
    let started = performance.now();
    await run('pg_dump', ['--format=custom', `--file=${file}`, databaseUrl]);
    const dumpMs = performance.now() - started;
    console.log(
      `  pg_dump --format=custom                   ${seconds(dumpMs).padStart(8)}   ${(statSync(file).size / 1024 / 1024).toFixed(0)} MB`,
    );
    await admin.query(`create database ${restoreName}`);
    started = performance.now();
    await run('pg_restore', ['--no-owner', '--jobs=2', `--dbname=${restoreUrl.toString()}`, file]);
    const restoreMs = performance.now() - started;
    const check = new pg.Client({ connectionString: restoreUrl.toString() });
    await check.connect();
    const count = Number((await check.query(`select count(*) as c from users`)).rows[0].c);
    await check.end();
    console.log(
      `  pg_restore --jobs=2 into a new database   ${seconds(restoreMs).padStart(8)}   ${n(count)} lines restored`,
    );
  } finally {
    await admin.query(`drop database if exists ${restoreName} with (force)`);
    await admin.end();
    await rm(folder, { recursive: true, force: true });
  }
}

export async function runMillionBench() {
  console.log(
    `scale bench: ${n(LINES)} lines on PostgreSQL; ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the start`,
  );
  const panel = await startBenchPanel({
    databaseUrl: DATABASE_URL,
    prefix: 'million',
    portBase: 23_000,
    admin: ADMIN,
    reseller: BIG_RESELLER,
    resellerCredits: 100,
  });
  const { url, built, db, logs, admin } = panel;
  const databaseUrl = (built.ctx.config.database as { url: string }).url;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await signUpConfirmed(url, logs, SMALL_RESELLER);
    const smallId = (await signIn(url, SMALL_RESELLER)).id;
    await addCredits(db, smallId, 100);
    const ids = { admin: admin.id, big: panel.reseller.id, small: smallId };
    const serverId = await seed(client, db, ids);
    // Signed in again after the seeding: the sessions read the accounts as they now are.
    const big = await signIn(url, BIG_RESELLER);
    const small = await signIn(url, SMALL_RESELLER);
    const smallLines = Number(
      (await client.query(`select count(*) as c from users where owner_id = $1`, [smallId])).rows[0].c,
    );
    const parts = (process.env.SCALE_BENCH_STEPS ?? 'list,dashboard,create,backup,migrations').split(',');
    if (parts.includes('list'))
      await linesList(url, db, { admin, 'big reseller': big }, ids, serverId, built.ctx.config.linesTotalCap);
    if (parts.includes('dashboard'))
      await dashboards(
        url,
        client,
        [
          { label: 'admin', session: admin, ownerId: admin.id },
          { label: `reseller with ${n(BIG)} lines`, session: big, ownerId: ids.big },
          { label: `reseller with ${n(smallLines)} lines (baseline)`, session: small, ownerId: smallId },
        ],
        admin,
      );
    if (parts.includes('create')) await lineCreation(panel, big);
    if (parts.includes('backup')) await backupAndRestore(databaseUrl);
    if (parts.includes('migrations')) await migrationReplay(client);
    console.log(
      `\nload average at the end ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await client.end();
    await panel.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await runMillionBench();
}
