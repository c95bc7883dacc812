// The whole suite: lint, unit, API on PGlite, API on PostgreSQL, agent, e2e. Prints one closing
// "N passed, N failed" line and exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.test-data/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const ci = process.env.CI === 'true';
const pgUrl = process.env.LINEDESK_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
let passed = 0;
let failed = 0;
const steps = [];

function run(name, command, args, env = {}) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  steps.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

function vitest(name, args, env = {}) {
  const out = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const ok = run(
    name,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
  );
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    if (!ok && report.numFailedTests === 0) failed += 1; // a crash outside any test still fails the run
  } catch {
    failed += 1;
  }
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

if (!run('lint', 'npm', ['run', 'lint'])) failed += 1;
vitest('unit', ['--project', 'unit']);
vitest('api (embedded PGlite)', ['--project', 'api']);
if (await postgresReachable()) {
  vitest('api (PostgreSQL)', ['--project', 'api'], { LINEDESK_TEST_DATABASE_URL: pgUrl });
} else if (ci) {
  console.error(`\nPostgreSQL at ${pgUrl} is unreachable: CI runs the API tests against it, so this fails.`);
  steps.push({ name: 'api (PostgreSQL)', ok: false, seconds: 0 });
  failed += 1;
} else {
  console.log(
    `\nPostgreSQL at ${pgUrl} is unreachable: skipping the PostgreSQL API run (CI=true makes this an error).`,
  );
}
vitest('agent', ['--root', 'apps/agent']);
if (run('build web', 'node', ['scripts/build-web-if-stale.mjs'])) {
  vitest('e2e', ['--root', 'e2e']);
} else {
  failed += 1;
}

console.log('\n━━ summary ━━');
for (const step of steps) console.log(`${step.ok ? 'ok  ' : 'FAIL'} ${step.name} (${step.seconds}s)`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
