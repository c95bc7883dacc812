// Benchmarks against a real server on this machine (loopback only), on the embedded database or on
// PostgreSQL when DATABASE_URL is set. Prints one line per figure.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { runLinesBench } from './lines-bench.js';
import { measure } from './load.js';

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

const results = [
  await measure('GET /api/health', 3000, 20, () => fetch(`${url}/api/health`)),
  await measure('GET /api/me (session)', 3000, 20, () => fetch(`${url}/api/me`, { headers: { cookie } })),
  await measure('GET /api/groups (admin)', 2000, 20, () =>
    fetch(`${url}/api/groups`, { headers: { cookie } }),
  ),
];

console.log(`database: ${built.ctx.database.kind}`);
for (const r of results) {
  console.log(
    `${r.label.padEnd(28)} ${String(r.rps).padStart(6)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   errors ${r.errors}`,
  );
}
await built.close();
await rm(dataDir, { recursive: true, force: true });

// Lines (issue 4): embedded always; PostgreSQL too when DATABASE_URL (or LINES_BENCH_DATABASE_URL) is set,
// in a fresh database created next to it.
await runLinesBench();
const linesPgUrl = process.env.LINES_BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (linesPgUrl) await runLinesBench(linesPgUrl);
