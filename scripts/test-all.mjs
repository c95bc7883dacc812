// The whole suite: lint, unit, component, API on PGlite, API on PostgreSQL, agent, e2e. Prints one closing
// "N passed, N failed" line and exits non-zero when anything failed.
//
// All of it runs on the machine's node. Where that is older than Node.js 22 (Node.js 20, at its end of
// life), the unit tests and the API tests on PGlite run a second time under the npm registry's node@22
// (scripts/node22.mjs), with the same node_modules, so the supported runtime is tested until the
// machine has it; each of those steps' logs starts with the node version that ran it.
//
// Independent steps run side by side, each one's output printed whole when it ends, so logs never
// interleave. The machine has two cores to keep busy, and the suite's work (3,697 CPU seconds in
// session 38's quiet run) cannot take less than half that on them; what a layout can win is the time
// a core stands idle. An API run keeps both cores busy (two workers, each a server and its database
// in one process); the browser tests, one spec at a time, a request at a time, keep about half of
// one (0.53 cores over their 1,805 s in that run, run last after the API tests on PostgreSQL, with
// a core idle for the last ~500 s). So they run in two parts of every other spec: the first as soon
// as the builds are done, beside everything else; the second after the API tests on PostgreSQL,
// beside the API runs on PGlite. No more than two API runs ever run at once (a third run of servers
// and databases on two cores put the API tests' own waits past their limits) and at most two
// browsers, against four busy processes of the two API runs: far less than the load of 15 every
// test must bear (bench/RESULTS.md, "where the time went", #53).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import pg from 'pg';
import { ensureDebianPackages } from './debian-packages.mjs';
import { findNode22, NODE_22_VERSION, runningOn22 } from './node22.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Before anything else: without Debian's chromium every browser test fails, minutes in. nginx is
// for the scale-out test only, which skips without it outside CI.
if (!ensureDebianPackages(['chromium'], ['nginx'])) process.exit(1);
const reports = path.join(root, '.test-data/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const ci = process.env.CI === 'true';
const pgUrl = process.env.LINEDESK_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
let passed = 0;
let failed = 0;
const steps = [];
// Each failed test's step, file and name, repeated at the very end: CI keeps only the last lines of
// what a run printed, and a failure must be known from them.
const failures = [];
const started = Date.now();

const slug = (name) => name.replace(/\W+/g, '-').replace(/^-|-$/g, '');

/** Seconds of CPU (user + system) that bash's `times` wrote for the step's children, or undefined. */
function cpuSeconds(file) {
  try {
    const children = readFileSync(file, 'utf8').trim().split('\n')[1] ?? '';
    const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, s]) => Number(m) * 60 + Number(s));
    return seconds.length === 2 ? Math.round(seconds[0] + seconds[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs one command with its output in a log file; prints the log when it ends. The command runs under
 * bash, whose `times` then writes the CPU time of the step's whole process tree (workers, servers and
 * browsers the tests started): on a machine shared with other work the wall time says little about
 * what a step costs, its CPU time does (#53).
 */
function run(name, command, args, env = {}) {
  const log = path.join(reports, `${slug(name)}.log`);
  const cpuFile = path.join(reports, `${slug(name)}.cpu`);
  const out = createWriteStream(log);
  const stepStarted = Date.now();
  console.log(`▶ ${name}`);
  return new Promise((resolve) => {
    const timed = ['-c', '"$@"; code=$?; times > "$0"; exit $code', cpuFile, command, ...args];
    const child = spawn('bash', timed, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code) => {
      out.end(() => {
        const ok = code === 0;
        const seconds = Math.round((Date.now() - stepStarted) / 1000);
        const cpu = cpuSeconds(cpuFile);
        steps.push({ name, ok, seconds, cpu });
        console.log(
          `\n━━ ${name} (${ok ? 'ok' : 'FAILED'}, ${seconds}s${cpu === undefined ? '' : `, CPU ${cpu}s`}) ━━`,
        );
        process.stdout.write(readFileSync(log, 'utf8'));
        resolve(ok);
      });
    });
  });
}

/** A vitest run counted into the closing line; `node` runs it under that binary instead of the machine's. */
async function vitest(name, args, env = {}, node = null) {
  const out = path.join(reports, `${slug(name)}.json`);
  const vitestArgs = ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  const ok = await (node
    ? // The version printed by the very binary that then runs vitest (its workers are forked from it,
      // and `node` on the PATH of what the tests start is it too).
      run(
        name,
        'sh',
        [
          '-c',
          '"$0" -p \'"Node.js " + process.version\' && exec "$0" node_modules/vitest/vitest.mjs "$@"',
          node,
          ...vitestArgs,
        ],
        { PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}`, ...env },
      )
    : run(name, 'npx', ['vitest', ...vitestArgs], env));
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    for (const file of report.testResults ?? []) {
      const where = path.relative(root, file.name ?? '');
      const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      // With the first lines of what it threw: the printout CI keeps may hold nothing else of it.
      for (const test of failedTests)
        failures.push(`${name}: ${where} › ${test.fullName}${firstLines(test.failureMessages)}`);
      // A file that failed outside its tests (a hook, an import) has no failed test of its own.
      if (file.status === 'failed' && failedTests.length === 0)
        failures.push(`${name}: ${where} › ${(file.message ?? 'failed outside its tests').split('\n')[0]}`);
    }
    if (!ok && report.numFailedTests === 0) failed += 1; // a crash outside any test still fails the run
  } catch {
    failed += 1;
  }
  return ok;
}

/** The first lines of a failed test's messages, colours stripped and indented under its name. */
function firstLines(messages = []) {
  const text = stripVTControlCharacters(messages.join('\n'));
  const lines = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 6);
  return lines.length === 0 ? '' : `\n    ${lines.map((line) => line.slice(0, 300)).join('\n    ')}`;
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

async function apiOnPostgres() {
  if (await postgresReachable()) {
    await vitest('api (PostgreSQL)', ['--project', 'api'], { LINEDESK_TEST_DATABASE_URL: pgUrl });
  } else if (ci) {
    console.error(
      `\nPostgreSQL at ${pgUrl} is unreachable: CI runs the API tests against it, so this fails.`,
    );
    steps.push({ name: 'api (PostgreSQL)', ok: false, seconds: 0 });
    failed += 1;
  } else {
    console.log(
      `\nPostgreSQL at ${pgUrl} is unreachable: skipping the PostgreSQL API run (CI=true makes this an error).`,
    );
  }
}

/** The Node.js 22 binary for the second runs, or null (and the run fails) when there is none to be had. */
function node22() {
  if (runningOn22()) return null;
  const found = findNode22();
  if (found.path) return found.path;
  console.error(`\nNo Node.js ${NODE_22_VERSION} for the runs under Node.js 22: ${found.reason}`);
  steps.push({ name: 'Node.js 22', ok: false, seconds: 0 });
  failed += 1;
  return null;
}

/**
 * The browser specs in two parts, every other one by name: a part is one vitest run, a spec at a
 * time, given its specs' paths (each one its own file filter).
 */
const specs = readdirSync(path.join(root, 'e2e/specs'))
  .filter((file) => file.endsWith('.spec.ts'))
  .sort();
const e2eParts = [0, 1].map((part) => specs.filter((_, index) => index % 2 === part));
function e2ePart(part, built) {
  if (!built) {
    failed += 1;
    return;
  }
  return vitest(`e2e (part ${part + 1} of 2)`, [
    '--root',
    'e2e',
    ...e2eParts[part].map((spec) => `specs/${spec}`),
  ]);
}

const node22Path = node22();
const building = (async () =>
  (await run('build web', 'node', ['scripts/build-web-if-stale.mjs'])) &&
  // The process tests (startup API test, e2e) run the compiled server as `npm start` does.
  (await run('build server', 'node', ['scripts/build-server.mjs'])) &&
  // The agent with its single executable, once, before the API runs that serve it start side by side.
  (await run('build agent', 'node', ['scripts/build-agent.mjs'])))();
const firstBrowserPart = (async () => e2ePart(0, await building))();
const [linted, built] = await Promise.all([
  run('lint', 'npm', ['run', 'lint']),
  building,
  (async () => {
    await vitest('unit', ['--project', 'unit']);
    await vitest('component', ['--project', 'component']);
    await vitest('agent', ['--root', 'apps/agent']);
  })(),
  node22Path && vitest('unit (Node.js 22)', ['--project', 'unit'], {}, node22Path),
]);
if (!linted) failed += 1;
// Two lanes of API runs, so that no more than two ever run at once, the second part of the browser
// tests starting as soon as the shorter PostgreSQL run leaves its place.
await Promise.all([
  (async () => {
    await vitest('api (embedded PGlite)', ['--project', 'api']);
    if (node22Path) await vitest('api (embedded PGlite, Node.js 22)', ['--project', 'api'], {}, node22Path);
  })(),
  (async () => {
    await apiOnPostgres();
    await e2ePart(1, built);
  })(),
  firstBrowserPart,
]);

// A step's CPU seconds over its wall seconds is how many cores it kept busy: on a quiet machine, the
// figure that says whether a step left a core idle (and another step could run beside it).
console.log('\n━━ summary ━━');
for (const step of steps) {
  const cores =
    step.cpu === undefined || step.seconds === 0 ? '' : `, ${(step.cpu / step.seconds).toFixed(2)} cores`;
  const cpu = step.cpu === undefined ? '' : `, CPU ${step.cpu}s${cores}`;
  console.log(`${step.ok ? 'ok  ' : 'FAIL'} ${step.name} (${step.seconds}s${cpu})`);
}
if (failures.length > 0) {
  console.log('\n━━ failed tests ━━');
  for (const failure of failures) console.log(`✗ ${failure}`);
}
const wall = Math.round((Date.now() - started) / 1000);
const cpuTotal = steps.reduce((sum, step) => sum + (step.cpu ?? 0), 0);
console.log(`\n${passed} passed, ${failed} failed in ${wall}s (CPU ${cpuTotal}s of the steps)`);
process.exit(failed === 0 ? 0 : 1);
