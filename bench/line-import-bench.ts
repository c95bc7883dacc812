// Importing lines from a file end to end: a 10,000-row CSV uploaded by an admin, started, and every
// line in the OSCam agent's oscam.user. The figure is seconds from the upload until the last line is
// in the file, beside the 60 s target and beside a same-run baseline: a bulk create of 500 lines
// (the most one bulk create makes) until they are live, scaled to 10,000.
//
//   npx tsx bench/line-import-bench.ts     (embedded; PostgreSQL with LINE_IMPORT_BENCH_DATABASE_URL)
// LINE_IMPORT_BENCH_ROWS changes the 10,000 rows.
import { readFile } from 'node:fs/promises';
import { startBenchPanel, type BenchPanel } from './bench-server.js';

export const LINE_IMPORT_TARGET_SECONDS = 60;
const ROWS = Number(process.env.LINE_IMPORT_BENCH_ROWS ?? 10_000);
const BULK_LINES = 500;

async function inFile(panel: BenchPanel, prefix: string): Promise<number> {
  const text = await readFile(panel.agent.configFile, 'utf8');
  return text.split('\n').filter((line) => line.startsWith(`user = ${prefix}`)).length;
}

async function waitInFile(
  panel: BenchPanel,
  prefix: string,
  count: number,
  started: number,
): Promise<number> {
  while ((await inFile(panel, prefix)) < count) {
    if (performance.now() - started > 600_000) throw new Error(`${prefix}: not live after 10 min`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return (performance.now() - started) / 1000;
}

async function call(panel: BenchPanel, method: string, path: string, body?: unknown | FormData) {
  const form = body instanceof FormData;
  const res = await fetch(`${panel.url}${path}`, {
    method,
    headers: {
      cookie: panel.admin.cookie,
      origin: panel.url,
      ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const answer = (await res.json()) as Record<string, unknown>;
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** A 10,000-line bulk create is not offered (500 at most): its time per line, for 10,000. */
async function bulkCreateBaseline(panel: BenchPanel, serverId: number): Promise<number> {
  const started = performance.now();
  await call(panel, 'POST', '/api/lines/bulk', {
    action: 'create',
    count: BULK_LINES,
    username_prefix: 'bulkbase',
    subscription_months: 1,
    server_id: serverId,
  });
  const seconds = await waitInFile(panel, 'bulkbase', BULK_LINES, started);
  return (seconds / BULK_LINES) * ROWS;
}

async function importRun(panel: BenchPanel, serverId: number): Promise<number> {
  const expiry = new Date(Date.now() + 180 * 86_400_000).toISOString().slice(0, 10);
  const csv = `username,password,expiry\n${Array.from({ length: ROWS }, (_, i) => `imp${i},pw-bench${i},${expiry}`).join('\n')}\n`;
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'lines.csv');
  const draft = await call(panel, 'POST', '/api/line-imports', form);
  await call(panel, 'POST', `/api/line-imports/${String(draft.id)}/start`, {
    mapping: draft.suggested_mapping,
    server_id: serverId,
  });
  return waitInFile(panel, 'imp', ROWS, started);
}

const panel = await startBenchPanel({
  databaseUrl: process.env.LINE_IMPORT_BENCH_DATABASE_URL || undefined,
  prefix: 'import',
  portBase: 19_000,
  admin: { email: 'bench-admin@example.com', password: 'bench-admin-password' },
  reseller: { email: 'bench-reseller@example.com', password: 'bench-reseller-password' },
  resellerCredits: 10,
});
try {
  const serverId = await panel.addAgentServer();
  const baseline = await bulkCreateBaseline(panel, serverId);
  const seconds = await importRun(panel, serverId);
  console.log(`database: ${panel.built.ctx.database.kind}`);
  console.log(
    `line import of ${ROWS} rows, live on the agent: ${seconds.toFixed(1)} s ` +
      `(target <= ${LINE_IMPORT_TARGET_SECONDS} s: ${seconds <= LINE_IMPORT_TARGET_SECONDS ? 'met' : 'NOT met'}); ` +
      `baseline, bulk create at the same rate per line: ${baseline.toFixed(1)} s`,
  );
} finally {
  await panel.close();
}
