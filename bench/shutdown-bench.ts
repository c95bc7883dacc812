// How long the compiled panel takes to exit after SIGTERM (a supervisor's stop) and after SIGINT
// (Ctrl-C) while 50 browser tabs hold event streams open and bulk line jobs are running, beside the
// same panel stopped idle (no streams, no jobs) in the same run. The panel runs as `npm start` runs
// it, in a process of its own; the streams come from another (bench/sse-clients.mjs), the bulk jobs
// make their lines on a real line agent. Runs take turns (idle, loaded, per signal), so a busy moment
// of the machine falls on both alike. Loopback only.
//
//   npx tsx bench/shutdown-bench.ts            (embedded database)
//   SHUTDOWN_BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/shutdown-bench.ts
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { startLineAgent, type TestAgent } from '../apps/server/test/support/line-agent.js';
import { openTarget, signIn as signInAs } from './bench-server.js';
import { signIn, startServer } from './scale-bench.js';

const STREAMS = 50;
const JOBS = 3;
const LINES_PER_JOB = 500;
const RUNS = Number(process.env.SHUTDOWN_BENCH_RUNS ?? 3);
/** What the panel is held to: it exits within 5 s of either signal. */
const TARGET_MS = 5_000;
/** A stop that takes longer than this is a hang: the panel is killed and the run reported as such. */
const HANG_MS = 60_000;

const root = path.resolve(import.meta.dirname, '..');

/**
 * One request on a connection of its own: a kept-alive socket the panel closes as idle just as the
 * next request goes out on it was reset now and then on this loaded machine (ECONNRESET on a POST).
 */
function api(
  url: string,
  cookie: string,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${url}${pathname}`,
      {
        method,
        agent: false,
        headers: {
          cookie,
          origin: url,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** `count` event streams held open by a process of their own; resolves once every one is open. */
async function openStreams(url: string, cookie: string, count: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'sse-clients.mjs'), JSON.stringify({ urls: [url], cookie, count })],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const first = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the stream process exited (${code})`)));
  });
  if (first !== `ready ${count}`) throw new Error(`event streams: ${first}`);
  return child;
}

/** The line agent the bulk jobs make their lines on, added and tested once as an admin would. */
async function addAgentServer(url: string, adminCookie: string, agent: TestAgent): Promise<number> {
  const server = await api(url, adminCookie, 'POST', '/api/servers', {
    server_name: 'Agent',
    host_ip: '127.0.0.1',
    port: 12000,
    api_port: agent.port,
    username: agent.username,
    password: agent.password,
  });
  if (server.status !== 201) throw new Error(`adding the server: ${JSON.stringify(server.body)}`);
  const tested = await api(url, adminCookie, 'POST', `/api/servers/${String(server.body.id)}/test`, {});
  if (tested.body.status !== 'active') throw new Error(`testing the server: ${JSON.stringify(tested.body)}`);
  return Number(server.body.id);
}

/** Bulk line jobs under way: a funded reseller asks for them, and the first has made its first line. */
async function startBulkJobs(url: string, adminCookie: string, serverId: number, run: string) {
  // Tested again first: a check the panel ran at start on this loaded machine may have timed out.
  const tested = await api(url, adminCookie, 'POST', `/api/servers/${serverId}/test`, {});
  if (tested.body.status !== 'active') throw new Error(`testing the server: ${JSON.stringify(tested.body)}`);
  const login = { email: `stop-${run}@example.com`, password: 'reseller-password-1' };
  const created = await api(url, adminCookie, 'POST', '/api/accounts', login);
  if (created.status !== 201) throw new Error(`the reseller: ${JSON.stringify(created.body)}`);
  const resellerId = (created.body.account as { id: string }).id;
  await api(url, adminCookie, 'POST', `/api/accounts/${resellerId}/credits`, { amount: 100_000 });
  const reseller = (await signInAs(url, login)).cookie;
  const jobs: number[] = [];
  for (let j = 0; j < JOBS; j += 1) {
    const job = await api(url, reseller, 'POST', '/api/lines/bulk', {
      action: 'create',
      count: LINES_PER_JOB,
      username_prefix: `${run}-${j}-`,
      subscription_months: 1,
    });
    if (job.status !== 202) throw new Error(`bulk job: ${job.status} ${JSON.stringify(job.body)}`);
    jobs.push(Number(job.body.id));
  }
  for (;;) {
    const job = await api(url, reseller, 'GET', `/api/lines/bulk/${jobs[0]}`);
    if (Number(job.body.succeeded ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Stop = { ms: number; code: number | null; hung: boolean };

/** Sends the signal and times it to the process's exit. */
async function timeStop(pid: number, exited: Promise<number | null>, signal: NodeJS.Signals): Promise<Stop> {
  const started = performance.now();
  process.kill(pid, signal);
  const hang = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), HANG_MS).unref());
  const outcome = await Promise.race([exited, hang]);
  const ms = Math.round(performance.now() - started);
  if (outcome === 'hung') {
    process.kill(pid, 'SIGKILL');
    await exited;
    return { ms, code: null, hung: true };
  }
  return { ms, code: outcome, hung: false };
}

/** One panel on the bench's database: started, optionally loaded, stopped by `signal`. */
async function oneStop(
  env: Record<string, string>,
  signal: NodeJS.Signals,
  load: { serverId: number; run: string } | null,
): Promise<Stop> {
  const server = await startServer(env);
  let streams: ChildProcess | null = null;
  try {
    const cookie = await signIn(server.url);
    if (load) {
      streams = await openStreams(server.url, cookie, STREAMS);
      await startBulkJobs(server.url, cookie, load.serverId, load.run);
    }
    const stop = await timeStop(server.pid, server.exited, signal);
    if (load && !stop.hung) {
      // Every stream was ended by the stop: the reader process has nothing left to read.
      streams?.stdin!.write('exit\n');
    }
    return stop;
  } catch (error) {
    console.error(server.output().slice(-4000));
    throw error;
  } finally {
    streams?.kill('SIGKILL');
    if (!server.hasExited()) {
      process.kill(server.pid, 'SIGKILL');
      await server.exited;
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runShutdownBench(databaseUrl?: string): Promise<void> {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`building the server failed:\n${built.stdout}${built.stderr}`);
  const target = await openTarget(databaseUrl, 'shutdown');
  const env: Record<string, string> = { LINEDESK_DATA_DIR: target.dataDir };
  if (target.env.DATABASE_URL) env.DATABASE_URL = target.env.DATABASE_URL;
  const agent = await startLineAgent();
  const loadBefore = os.loadavg()[0]!;
  const times: Record<string, { idle: Stop[]; loaded: Stop[] }> = {
    SIGTERM: { idle: [], loaded: [] },
    SIGINT: { idle: [], loaded: [] },
  };
  try {
    // The first start migrates the new database and adds the agent's server; it is not timed.
    const first = await startServer(env);
    const serverId = await addAgentServer(first.url, await signIn(first.url), agent);
    await timeStop(first.pid, first.exited, 'SIGTERM');
    for (let run = 0; run < RUNS; run += 1) {
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        times[signal]!.idle.push(await oneStop(env, signal, null));
        const name = `${signal.toLowerCase()}${run}`;
        times[signal]!.loaded.push(await oneStop(env, signal, { serverId, run: name }));
      }
    }
  } finally {
    await agent.cleanup();
    await target.drop();
  }
  const loadAfter = os.loadavg()[0]!;
  const figure = (stops: Stop[]) => {
    const ms = stops.map((s) => s.ms);
    const hung = stops.filter((s) => s.hung).length;
    const failed = stops.filter((s) => !s.hung && s.code !== 0).length;
    return {
      text: `${median(ms)} ms | ${Math.min(...ms)} ms | ${Math.max(...ms)} ms`,
      worst: Math.max(...ms),
      note: [hung ? `${hung} hung` : '', failed ? `${failed} exit code ≠ 0` : ''].filter(Boolean).join(', '),
      ok: hung === 0 && failed === 0,
    };
  };
  const database = databaseUrl ? 'PostgreSQL' : 'embedded';
  console.log(
    `\nStop to exit of the compiled panel (${database}, ${RUNS} runs each, turns taken; ` +
      `load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after):`,
  );
  console.log('| signal | panel | median | min | max | target ≤ 5 s (every run) |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const idle = figure(times[signal]!.idle);
    const loaded = figure(times[signal]!.loaded);
    console.log(`| ${signal} | idle (baseline) | ${idle.text} | ${idle.note || '—'} |`);
    const met = loaded.ok && loaded.worst <= TARGET_MS;
    console.log(
      `| ${signal} | ${STREAMS} streams, ${JOBS} bulk jobs | ${loaded.text} | ${met ? 'met' : 'MISSED'}${loaded.note ? ` (${loaded.note})` : ''} |`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runShutdownBench(process.env.SHUTDOWN_BENCH_DATABASE_URL || undefined);
  process.exit(0);
}
