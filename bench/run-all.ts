// Benchmarks against a real server on this machine (loopback only), on the embedded database or on
// PostgreSQL when DATABASE_URL is set. Prints one line per figure.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startAdminPanel } from './bench-server.js';
import { runScaleBench } from './scale-bench.js';
import { measure, report } from './load.js';

/** bench/lines-bench.ts on one database, in a child process run as this one is (under tsx). */
async function runLinesBenchProcess(database: 'embedded' | 'postgres') {
  const child = spawn(
    process.execPath,
    [...process.execArgv, path.join(import.meta.dirname, 'lines-bench.ts')],
    { stdio: 'inherit', env: { ...process.env, LINES_BENCH_DATABASES: database } },
  );
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`the lines bench on ${database} failed (exit code ${code})`);
}

const { url, built, admin, close } = await startAdminPanel({ prefix: 'api', portBase: 18_000 });
const cookie = admin.cookie;

const health = await measure({
  label: 'GET /api/health',
  url: `${url}/api/health`,
  connections: 20,
  seconds: 5,
  warmupSeconds: 1,
});
const me = await measure({
  label: 'GET /api/me (session)',
  url: `${url}/api/me`,
  headers: { cookie },
  connections: 20,
  seconds: 5,
  warmupSeconds: 1,
});
const groups = await measure({
  label: 'GET /api/groups (admin)',
  url: `${url}/api/groups`,
  headers: { cookie },
  connections: 20,
  seconds: 3,
});

console.log(`database: ${built.ctx.database.kind}`);
report(health);
// A signed-in request should cost little more than the cheapest one: at least half its rate and 2,500 req/s.
report(me, {
  text: `>= 50% of health (${Math.round(health.rps / 2)}) and >= 2500 req/s`,
  met: me.rps >= health.rps / 2 && me.rps >= 2500,
});
report(groups);
await close();

// Lines: embedded always; PostgreSQL too when DATABASE_URL (or LINES_BENCH_DATABASE_URL) is set,
// in a fresh database created next to it. Each in a process of its own, as when run alone: the panel
// runs inside the lines bench's process, and what an earlier part left in a shared one (the closed
// embedded database, the heap of 100,000 exported lines) weighed on the later part's figures (a
// whole bench ran the list about a fifth slower than a run of the lines bench alone).
await runLinesBenchProcess('embedded');
const linesPgUrl = process.env.LINES_BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (linesPgUrl) await runLinesBenchProcess('postgres');

// Importing a 10,000-row file until every line is live on an agent, in a process of its own too.
{
  const child = spawn(
    process.execPath,
    [...process.execArgv, path.join(import.meta.dirname, 'line-import-bench.ts')],
    {
      stdio: 'inherit',
      env: { ...process.env, LINE_IMPORT_BENCH_DATABASE_URL: linesPgUrl ?? '' },
    },
  );
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`the line import bench failed (exit code ${code})`);
}

// One line change on a card server holding 50,000 lines against one holding 100, request to loaded.
{
  const { runLineChangeBench } = await import('./line-change-bench.js');
  await runLineChangeBench(linesPgUrl);
}

// #52's bulk operations on a 50,000-line card server: a renew and a move of 10,000 lines, a
// reconcile of the whole server, each beside its baseline of the same run.
{
  const { runBulkOpsBench } = await import('./bulk-ops-bench.js');
  await runBulkOpsBench(linesPgUrl);
}

// The compiled server in its own process: start time, scaling behind nginx, event fan-out, memory.
await runScaleBench(linesPgUrl);

// SIGTERM and SIGINT to exit of the compiled server with 50 event streams and bulk jobs running,
// beside the same server stopped idle.
{
  const { runShutdownBench } = await import('./shutdown-bench.js');
  await runShutdownBench(linesPgUrl);
}

// A reminder round for 10,000 due lines while the lines list is under load, and how long a notice
// takes from its cause to its webhook and its mail (compiled servers in their own processes).
const { runReminderRoundBench } = await import('./reminder-round-bench.js');
await runReminderRoundBench(linesPgUrl);
const { runNoticeDelayBench } = await import('./notice-delay-bench.js');
await runNoticeDelayBench();

// The reports of a 1,000-account tree over 100,000 lines and a year of ledger, beside their bare SQL.
const { runReportsBench } = await import('./reports-bench.js');
await runReportsBench(linesPgUrl);

// The ECM charts (line and server, 30 days of rollups over 100,000 lines) under the lines list's load.
const { runEcmStatsBench } = await import('./ecm-stats-bench.js');
await runEcmStatsBench(linesPgUrl);

// One statistics poll (ECM counters, connections) of a server with 50,000 connected lines, beside
// the same polls of a 500-line server, and the lines list's latency while they run.
const { runStatsPollBench } = await import('./stats-poll-bench.js');
await runStatsPollBench(linesPgUrl);

// Web delivery: first-load sizes from the built web app and Lighthouse for /sign-in and the dashboard.
const { runWebBench } = await import('./web-bench.js');
await runWebBench();
// The customer portal's first load (/my/sign-in) and its Lighthouse score.
const { runPortalBench } = await import('./portal-bench.js');
await runPortalBench();

// The agent a card server downloads: its size and start time.
const { runAgentBench } = await import('./agent-bench.js');
await runAgentBench();
