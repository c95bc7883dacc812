// Benchmarks against a real server on this machine (loopback only), on the embedded database or on
// PostgreSQL when DATABASE_URL is set. Prints one line per figure.
import { startAdminPanel } from './bench-server.js';
import { runLinesBench } from './lines-bench.js';
import { runScaleBench } from './scale-bench.js';
import { measure, report } from './load.js';

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
// in a fresh database created next to it.
await runLinesBench();
const linesPgUrl = process.env.LINES_BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (linesPgUrl) await runLinesBench(linesPgUrl);

// The compiled server in its own process: start time, scaling behind nginx, event fan-out, memory.
await runScaleBench(linesPgUrl);

// Web delivery: first-load sizes from the built web app and Lighthouse for /sign-in and the dashboard.
const { runWebBench } = await import('./web-bench.js');
await runWebBench();
