// Benchmarks against a real server on this machine (loopback only), on the embedded database or on
// PostgreSQL when DATABASE_URL is set. Prints one line per figure.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { runLinesBench } from './lines-bench.js';
import { runScaleBench } from './scale-bench.js';
import { measure, report } from './load.js';

const port = 18_000 + Math.floor(Math.random() * 1000);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'linedesk-bench-'));
const url = `http://127.0.0.1:${port}`;
const config = loadConfig({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: url,
  LINEDESK_DATA_DIR: dataDir,
  LINEDESK_ADMIN_EMAIL: 'bench@example.com',
  LINEDESK_ADMIN_PASSWORD: 'bench-password-1',
  LOG_LEVEL: 'warn',
});
const built = await buildApp(config);
await built.app.listen({ port, host: '127.0.0.1' });

const signIn = await fetch(`${url}/api/auth/sign-in`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-1' }),
});
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');

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
await built.close();
await rm(dataDir, { recursive: true, force: true });

// Lines (issue 4): embedded always; PostgreSQL too when DATABASE_URL (or LINES_BENCH_DATABASE_URL) is set,
// in a fresh database created next to it.
await runLinesBench();
const linesPgUrl = process.env.LINES_BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (linesPgUrl) await runLinesBench(linesPgUrl);

// The compiled server in its own process: start time, scaling behind nginx, event fan-out, memory.
await runScaleBench(linesPgUrl);

// Web delivery: first-load sizes from the built web app and Lighthouse for /sign-in and the dashboard.
const { runWebBench } = await import('./web-bench.js');
await runWebBench();
