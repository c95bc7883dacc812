// A reminder round for 10,000 expiring lines while the lines list is under load, against the compiled
// server in its own process (as `npm start` runs it), load from autocannon in a process of its own.
// 100,000 lines are seeded in SQL (10,000 of them, owned by 10 resellers, expiring within the window the
// round uses; the rest outside it), then the list's first page (the lines grid's request, at the lines
// bench's load: 10 connections) is measured without a round as the baseline, and again while the round
// an admin starts from the panel (POST /api/reminders/run, what the hourly job runs) is working. Both
// p99s are printed beside the list's target, with the round's time and what it wrote: one digest per
// reseller and channel, not one notice per line.
// Runs on the embedded database, and on PostgreSQL too when given a URL (LINES_BENCH_DATABASE_URL).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { measure, report, type LoadResult } from './load.js';
import { ADMIN, scratchDatabase, signIn, startServer, type Server } from './scale-bench.js';

const SEEDED = 100_000;
const EXPIRING = 10_000;
const RESELLERS = 10;
const LOAD = { connections: 10, seconds: 6, warmupSeconds: 1 };
/** The list's first-page targets of bench/lines-bench.ts. */
const LIST_TARGET_MS = { embedded: 50, postgres: 25 } as const;
/** The most the list's p99 may grow while the round runs, against its own p99 of the same run. */
const ROUND_EFFECT_MAX = 1.1;
const root = path.resolve(import.meta.dirname, '..');

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * 100,000 lines in SQL: the 10,000 due ones (1,000 per reseller) expire 1 to 7 days after the window the
 * panel starts with (`days`), so that neither the hourly job nor anything else reminds of them before the
 * round this bench starts; the 90,000 of the admin expire long after any window, or have expired.
 */
function seedSql(days: number, resellerIds: string[]): string {
  const owners = `array[${resellerIds.map((id) => `'${id}'`).join(', ')}]`;
  return `
  insert into users (username, password, expiry_date, added_date, owner_id, owner_email, is_trial,
    subscription_months, enabled, name, email, sync_state, synced_at, host_port, created_at)
  select 'due' || lpad(g::text, 6, '0'), substr(md5(g::text), 1, 10), current_date + ${days + 1} + (g % 7),
    current_date - 30, (${owners})[1 + g % ${resellerIds.length}], a.email, false, 1, true,
    'Customer ' || g, 'customer' || g || '@example.com', 'synced', now(), array['tv.example.com:12000'],
    now() - g * interval '1 minute'
  from generate_series(1, ${EXPIRING}) as g, auth_users a where a.id = (${owners})[1 + g % ${resellerIds.length}];
  insert into users (username, password, expiry_date, added_date, owner_id, owner_email, is_trial,
    subscription_months, enabled, name, email, sync_state, synced_at, host_port, created_at)
  select 'other' || lpad(g::text, 6, '0'), substr(md5(g::text), 1, 10),
    case when g % 3 = 0 then current_date - 1 - (g % 300) else current_date + 60 + (g % 600) end,
    current_date - (g % 400), a.id, a.email, g % 17 = 0,
    case when g % 17 = 0 then null else (array[1, 3, 6, 12, 24])[1 + g % 5] end, g % 23 <> 0,
    'Customer ' || g, 'other' || g || '@example.com', 'synced', now(), array['tv.example.com:12000'],
    now() - g * interval '1 minute'
  from generate_series(1, ${SEEDED - EXPIRING}) as g, (select id, email from auth_users where email = '${ADMIN.email}') as a;`;
}

/** What autovacuum or the embedded database's upkeep does soon after a bulk write, done at once. */
const VACUUM = 'vacuum analyze users';

async function call(url: string, cookie: string, method: string, pathname: string, body?: unknown) {
  const res = await fetch(`${url}${pathname}`, {
    method,
    headers: { cookie, origin: url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Resellers as an admin adds them in the panel. */
async function addResellers(url: string, cookie: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= RESELLERS; i += 1) {
    const created = (await call(url, cookie, 'POST', '/api/accounts', {
      email: `bench-reminder-${i}@example.com`,
      password: 'bench-password-2',
    })) as { account: { id: string } };
    ids.push(created.account.id);
  }
  return ids;
}

function line(label: string, figure: string, target?: { text: string; met: boolean }) {
  const verdict = target ? `   target ${target.text}: ${target.met ? 'met' : 'MISSED'}` : '';
  console.log(`${label.padEnd(44)} ${figure}${verdict}`);
}

/** The list under load without a round, then with the round started as the measured load starts. */
async function measureRound(server: Server, kind: 'embedded' | 'postgres', startDays: number) {
  const cookie = await signIn(server.url);
  const list = (label: string) =>
    measure({
      label,
      url: `${server.url}/api/lines?page=1&page_size=25`,
      headers: { cookie },
      ...LOAD,
    });
  // Untimed first: the server's first answers after a start read its catalogs and files.
  await list('warm-up');
  const baseline = await list('GET /api/lines first page, no round');
  // The window now covers the 10,000 lines: an admin's change of the reminder setting.
  await call(server.url, cookie, 'PUT', '/api/reminders/settings', { days: startDays + 7 });
  const during = list('GET /api/lines first page, during round');
  // The round starts when autocannon's warm-up ends and its measured seconds begin.
  await new Promise((resolve) => setTimeout(resolve, LOAD.warmupSeconds * 1000 + 200));
  const started = performance.now();
  const round = (await call(server.url, cookie, 'POST', '/api/reminders/run')) as {
    owners: number;
    lines: number;
  };
  const roundMs = Math.round(performance.now() - started);
  const loaded = await during;
  // Measured again once the round is done: on a shared machine the load of other work moves between
  // two runs, and the two baselines show by how much.
  const after = await list('GET /api/lines first page, after round');
  const target = LIST_TARGET_MS[kind];
  const met = (r: LoadResult) => ({ text: `p99 <= ${target} ms`, met: r.p99 <= target && r.requests > 0 });
  report(baseline, met(baseline));
  report(loaded, met(loaded));
  report(after, met(after));
  const worse = Math.max(baseline.p99, after.p99, 0.1);
  // What the round itself does to the list, whatever the machine: the list's p99 while it runs against
  // the list's own p99 in the same run, before and after it (which differ by up to a third between
  // them on a quiet machine). On a machine where the list alone misses its target, this is the figure
  // that says whether the round moves it.
  line(
    'p99 during the round / the worse baseline',
    `×${(loaded.p99 / worse).toFixed(2)}   req/s ×${(loaded.rps / Math.max(Math.min(baseline.rps, after.rps), 1)).toFixed(2)} of the lower baseline   (the round took ${roundMs} ms of the ${LOAD.seconds} s measured)`,
    {
      text: `×${ROUND_EFFECT_MAX} at most (the round does not move the list's p99)`,
      met: loaded.p99 <= worse * ROUND_EFFECT_MAX,
    },
  );
  // The longest a request waited: on the embedded database, about the longest the round held its one connection.
  line(
    'slowest list answer',
    `during the round ${loaded.max} ms   without: before ${baseline.max} ms, after ${after.max} ms`,
  );
  line(
    'reminder round, 10,000 due lines',
    `${roundMs} ms while the list was under load: ${round.lines} lines reminded, ${round.owners} owners`,
    { text: `all ${EXPIRING} lines in the round`, met: round.lines === EXPIRING },
  );
}

/** What the round wrote, read from the database once the server has stopped: notices per reseller. */
async function reportDigests(query: Query) {
  const rows = (
    await query(`select recipient_id, channel, count(*)::int as n from notification_outbox
      where kind = 'lines_expiring' group by recipient_id, channel`)
  ).rows;
  const reminded = (await query(`select count(*)::int as n from expiry_reminders`)).rows[0]?.n;
  const channels = [...new Set(rows.map((r) => String(r.channel)))].sort();
  const recipients = new Set(rows.map((r) => String(r.recipient_id)));
  const most = Math.max(0, ...rows.map((r) => Number(r.n)));
  line(
    'digests written by the round',
    `${rows.reduce((sum, r) => sum + Number(r.n), 0)} notices to ${recipients.size} resellers on ${channels.join(', ')}; at most ${most} per reseller and channel; ${String(reminded)} lines marked reminded`,
    {
      text: `one digest per reseller and channel (${RESELLERS} resellers)`,
      met: recipients.size === RESELLERS && most === 1,
    },
  );
}

async function embedded() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'linedesk-reminders-'));
  const env = {
    LINEDESK_DATA_DIR: dataDir,
    SERVER_CHECK_INTERVAL_SECONDS: '0',
    BACKUP_INTERVAL_HOURS: '0',
    // The seed is vacuumed and analyzed as it is written; the panel's own upkeep, which would do the
    // same once requests pause, would otherwise run inside one of the figures.
    EMBEDDED_MAINTENANCE_INTERVAL_SECONDS: '0',
  };
  try {
    // Started once to create the data folder, the admin and the resellers; seeded while it is stopped
    // (the embedded database has one process at a time).
    let server = await startServer(env);
    const cookie = await signIn(server.url);
    const resellers = await addResellers(server.url, cookie);
    const { days } = (await call(server.url, cookie, 'GET', '/api/reminders/settings')) as { days: number };
    await server.stop();
    const db = new PGlite(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
    const seedStarted = performance.now();
    await db.exec(seedSql(days, resellers));
    await db.exec(VACUUM);
    const seedMs = Math.round(performance.now() - seedStarted);
    await db.close();

    console.log(
      `\nreminder round on embedded (compiled server in its own process; ${SEEDED} lines, ${EXPIRING} due, seeded in ${seedMs} ms; autocannon ${LOAD.connections} connections, ${LOAD.seconds} s after ${LOAD.warmupSeconds} s warm-up)`,
    );
    server = await startServer(env);
    try {
      await measureRound(server, 'embedded', days);
    } finally {
      await server.stop();
    }
    const after = new PGlite(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
    try {
      await reportDigests((text) => after.query(text) as Promise<{ rows: Record<string, unknown>[] }>);
    } finally {
      await after.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function postgres(baseUrl: string) {
  const scratch = await scratchDatabase(baseUrl, `ld_bench_reminders_${process.pid}`);
  const url = scratch.url;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'linedesk-reminders-'));
  const db = new pg.Client({ connectionString: url.toString() });
  let server: Server | undefined;
  try {
    server = await startServer({
      DATABASE_URL: url.toString(),
      LINEDESK_SECRET: 'reminder-bench-secret-reminder-bench-0123',
      LINEDESK_DATA_DIR: dataDir,
      SERVER_CHECK_INTERVAL_SECONDS: '0',
    });
    const cookie = await signIn(server.url);
    const resellers = await addResellers(server.url, cookie);
    const { days } = (await call(server.url, cookie, 'GET', '/api/reminders/settings')) as { days: number };
    await db.connect();
    const seedStarted = performance.now();
    await db.query(seedSql(days, resellers));
    await db.query(VACUUM);
    const seedMs = Math.round(performance.now() - seedStarted);
    console.log(
      `\nreminder round on PostgreSQL (compiled server in its own process; ${SEEDED} lines, ${EXPIRING} due, seeded in ${seedMs} ms; autocannon ${LOAD.connections} connections, ${LOAD.seconds} s after ${LOAD.warmupSeconds} s warm-up)`,
    );
    await measureRound(server, 'postgres', days);
    await server.stop();
    server = undefined;
    await reportDigests((text) => db.query(text));
  } finally {
    await server?.stop();
    await db.end().catch(() => undefined);
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function runReminderRoundBench(postgresUrl?: string) {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('building the server failed');
  await embedded();
  if (postgresUrl) await postgres(postgresUrl);
}

// Run on its own: `npx tsx bench/reminder-round-bench.ts` (PostgreSQL too with LINES_BENCH_DATABASE_URL).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await runReminderRoundBench(process.env.LINES_BENCH_DATABASE_URL ?? process.env.DATABASE_URL);
}
