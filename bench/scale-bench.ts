// Process-level benchmarks: the compiled server in its own process, exactly as `npm start` runs it,
// with load from processes of their own (autocannon; bench/sse-clients.mjs for event streams).
// - start to ready on an existing data folder holding 100,000 lines (embedded)
// - GET /api/lines first page through nginx, with one instance and with two (PostgreSQL)
// - live events: 1,000 open streams, each line change reaching all of them (one instance; and the
//   streams split over two instances on PostgreSQL, the change made on one)
// - memory: each server's resident size after its runs
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { startNginx } from '../apps/server/test/support/nginx.js';
import { freePort } from '../apps/agent/test/ports.js';
import { measure, report } from './load.js';

const root = path.resolve(import.meta.dirname, '..');
const bundle = path.join(root, 'apps/server/dist/main.js');

/**
 * Node's flags as `npm start` gives them (apps/server's start script, `node <flags> dist/main.js`), so
 * the figures are those of the server as operators run it. NODE_OPTIONS passes through for trying others.
 */
function startScriptFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = pkg.scripts.start.trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'dist/main.js') {
    throw new Error(`unexpected start script: ${pkg.scripts.start}`);
  }
  return words.slice(1, -1);
}
const SEEDED = 100_000;
const STREAMS = Number(process.env.SCALE_BENCH_STREAMS ?? 1000);
const CHANGES = 10;
/**
 * Changes are made and waited for during this long before the timed ones, as autocannon's warm-up
 * second does before the list's figures (at least MIN_WARMUP_CHANGES of them).
 */
const WARMUP_MS = 1000;
const MIN_WARMUP_CHANGES = 3;
/** One change as the streams saw it: each one's delay, how many never saw it, and its answer's time. */
type ChangeSeen = { latencies: number[]; missing: number; answeredMs: number };
/** Processes the event streams are read by. */
const CLIENT_PROCESSES = Number(process.env.SCALE_BENCH_CLIENT_PROCESSES ?? 4);
export const ADMIN = { email: 'bench-scale@example.com', password: 'bench-password-1' };

export type Server = {
  url: string;
  pid: number;
  readyMs: number;
  stop: () => Promise<void>;
  /** Resolves with the exit code once the process has ended (bench/shutdown-bench.ts times it). */
  exited: Promise<number | null>;
  hasExited: () => boolean;
  /** What it wrote to stdout and stderr so far (LOG_LEVEL warn). */
  output: () => string;
};

export async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const started = performance.now();
  // SCALE_BENCH_SERVER_FLAGS: extra node flags for the servers under test, e.g. "--cpu-prof
  // --cpu-prof-dir=/tmp/prof" to see where their time goes (NODE_OPTIONS refuses --cpu-prof).
  const extraFlags = (process.env.SCALE_BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...startScriptFlags(), ...extraFlags, bundle], {
    cwd: path.join(root, 'apps/server'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...(process.env.NODE_OPTIONS ? { NODE_OPTIONS: process.env.NODE_OPTIONS } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      LINEDESK_ADMIN_EMAIL: ADMIN.email,
      LINEDESK_ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const readyMs = await new Promise<number>((resolve, reject) => {
    const check = setInterval(() => {
      if (output.includes('Linedesk is running')) {
        clearInterval(check);
        resolve(Math.round(performance.now() - started));
      } else if (child.exitCode !== null) {
        clearInterval(check);
        reject(new Error(`server exited:\n${output}`));
      }
    }, 5);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    readyMs,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
    exited,
    hasExited: () => child.exitCode !== null || child.signalCode !== null,
    output: () => output,
  };
}

/** Resident memory of a process in MB, from /proc. */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
}

/**
 * How long the bench leaves the servers without requests before it reads their settled memory. The
 * server's idle trim (apps/server/src/platform/idle-memory-trim.ts) collects after 5 s of quiet and,
 * if the young generation is still at full size, once more after 15 s. Before that second step the
 * same server read 124 MB in one run and 169-192 MB in the next, depending on whether V8's own memory
 * reducer had run; so the reading at 20 s is printed beside the settled one at 40 s.
 */
const EARLY_MS = 20_000;
const SETTLE_MS = 40_000;

/** Resident memory right after the load, after EARLY_MS, and once the servers have been idle for SETTLE_MS. */
async function memoryLines(servers: { label: string; pid: number; targetMb: number }[]) {
  const right = servers.map((server) => rssMb(server.pid));
  await new Promise((resolve) => setTimeout(resolve, EARLY_MS));
  const early = servers.map((server) => rssMb(server.pid));
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS - EARLY_MS));
  for (const [i, server] of servers.entries()) {
    const settled = rssMb(server.pid);
    line(
      `${server.label} RSS after the runs`,
      `${settled} MB after ${SETTLE_MS / 1000} s idle (${rssParts(server.pid)}); ${early[i]} MB after ${EARLY_MS / 1000} s, ${right[i]} MB right after`,
      { text: `<= ${server.targetMb} MB`, met: settled <= server.targetMb },
    );
  }
}

/** What the resident memory is made of: the heap and other anonymous memory, and mapped files. */
function rssParts(pid: number): string {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (name: string) => Math.round(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1]) / 1024);
  return `anonymous ${mb('RssAnon')} MB, files ${mb('RssFile')} MB`;
}

/** A new database of this name on the server at `baseUrl` (any old one of that name dropped first). */
export async function scratchDatabase(
  baseUrl: string,
  name: string,
): Promise<{ url: URL; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** 100,000 lines of the first admin, with a spread of expiries, states and search text. */
const SEED_SQL = `
  insert into users (username, password, expiry_date, added_date, owner_id, owner_email, is_trial,
    subscription_months, enabled, notes, name, email, sync_state, synced_at, host_port, created_at)
  select 'scale' || lpad(g::text, 6, '0'), substr(md5(g::text), 1, 10), current_date + ((g % 900) - 300),
    current_date - (g % 400), a.id, a.email, g % 17 = 0,
    case when g % 17 = 0 then null else (array[1, 3, 6, 12, 24])[1 + g % 5] end, g % 23 <> 0,
    case when g % 3 = 0 then 'customer note ' || g end, 'Customer ' || g, 'customer' || g || '@example.com',
    'synced', now(), array['tv.example.com:12000'], now() - g * interval '1 minute'
  from generate_series(1, ${SEEDED}) as g, (select id, email from auth_users where email = '${ADMIN.email}') as a;
  analyze users;`;

function line(label: string, figure: string, target?: { text: string; met: boolean }) {
  const verdict = target ? `   target ${target.text}: ${target.met ? 'met' : 'MISSED'}` : '';
  console.log(`${label.padEnd(36)} ${figure}${verdict}`);
}

/** `STREAMS` event streams over `urls`; each of `CHANGES` line edits made through `changeUrl` is timed to every stream. */
async function eventFanOut(
  label: string,
  urls: string[],
  changeUrl: string,
  cookie: string,
  targetMs: number,
) {
  // The streams are split over a few reader processes, as browser tabs are separate readers: one
  // process reading all of them would add its own queue (each arrival waits for the ones before it
  // to be parsed) to the delay being measured.
  const readers = Array.from({ length: CLIENT_PROCESSES }, (_, index) => {
    const count = Math.floor(STREAMS / CLIENT_PROCESSES) + (index < STREAMS % CLIENT_PROCESSES ? 1 : 0);
    const child = spawn(
      process.execPath,
      [path.join(import.meta.dirname, 'sse-clients.mjs'), JSON.stringify({ urls, cookie, count })],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    // A line may come before anyone waits for it (another reader's "ready" is awaited first): kept.
    const waiting: ((text: string) => void)[] = [];
    const unread: string[] = [];
    readline.createInterface({ input: child.stdout! }).on('line', (text) => {
      const waiter = waiting.shift();
      if (waiter) waiter(text);
      else unread.push(text);
    });
    const nextLine = () =>
      new Promise<string>((resolve) => {
        const text = unread.shift();
        if (text !== undefined) resolve(text);
        else waiting.push(resolve);
      });
    return { child, count, nextLine };
  });
  for (const reader of readers) {
    const ready = await reader.nextLine();
    if (!ready.startsWith(`ready ${reader.count}`)) throw new Error(`event streams: ${ready}`);
  }
  /** Arrival times of the event about `id` on every stream that has seen it. */
  const arrivals = async (id: number): Promise<number[]> => {
    const answers = await Promise.all(
      readers.map((reader) => {
        reader.child.stdin!.write(`report ${id}\n`);
        return reader.nextLine();
      }),
    );
    return answers.flatMap((text) => (JSON.parse(text) as { times: number[] }).times);
  };

  const ids = (
    (await (await fetch(`${changeUrl}/api/lines?page_size=100`, { headers: { cookie } })).json()) as {
      items: { id: number }[];
    }
  ).items.map((item) => item.id);
  /** One change to all the streams: how long each took to see it, and how long the change took to answer. */
  const change = async (id: number): Promise<ChangeSeen> => {
    const sent = Date.now();
    const res = await fetch(`${changeUrl}/api/lines/${id}`, {
      method: 'PATCH',
      headers: { cookie, origin: changeUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ notes: `changed at ${sent}` }),
    });
    if (!res.ok) throw new Error(`line change failed: ${res.status} ${await res.text()}`);
    const answeredMs = Date.now() - sent;
    let times: number[] = [];
    const until = Date.now() + 5000;
    while (Date.now() < until) {
      times = await arrivals(id);
      if (times.length >= STREAMS) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    return { latencies: times.map((t) => t - sent), missing: STREAMS - times.length, answeredMs };
  };
  const summary = (changes: ChangeSeen[]) => {
    const latencies = changes.flatMap((c) => c.latencies).sort((a, b) => a - b);
    const answered = changes.map((c) => c.answeredMs).sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
    return {
      p50: pct(0.5),
      p95: pct(0.95),
      max: latencies.at(-1),
      missing: changes.reduce((sum, c) => sum + c.missing, 0),
      answeredP50: answered[Math.floor(answered.length / 2)],
    };
  };

  // The first changes after the streams opened find the change path, the fan-out and the streams'
  // connections cold (code not yet compiled, the collection the list load left): shown, untimed.
  const warmup: ChangeSeen[] = [];
  const warmupEnds = Date.now() + WARMUP_MS;
  while (warmup.length < MIN_WARMUP_CHANGES || Date.now() < warmupEnds) {
    warmup.push(await change(ids[warmup.length % ids.length]!));
  }
  const timed: ChangeSeen[] = [];
  for (let i = 0; i < CHANGES; i++) timed.push(await change(ids[(warmup.length + i) % ids.length]!));
  for (const reader of readers) reader.child.stdin!.write('exit\n');

  const cold = summary(warmup.slice(0, CHANGES));
  const warm = summary(timed);
  line(
    `${label}, first changes`,
    `p50 ${cold.p50} ms   p95 ${cold.p95} ms   max ${cold.max} ms   (the first ${Math.min(CHANGES, warmup.length)} changes after the streams opened, untimed; answered in p50 ${cold.answeredP50} ms)`,
  );
  line(
    label,
    `p50 ${warm.p50} ms   p95 ${warm.p95} ms   max ${warm.max} ms   (${CHANGES} changes × ${STREAMS} streams after ${warmup.length} untimed in ${WARMUP_MS / 1000} s, ${warm.missing} not received; the change answered in p50 ${warm.answeredP50} ms)`,
    { text: `p95 <= ${targetMs} ms, all received`, met: warm.p95 <= targetMs && warm.missing === 0 },
  );
}

/**
 * The first page through nginx (docs/deploy/nginx.conf). nginx closes a client's keep-alive
 * connection after 1,000 requests (its `keepalive_requests` default); autocannon, which sends some
 * 1,200 a connection here, counts the odd close it races with as a connection error (0 errors with
 * the limit raised to 100,000). A browser opens a new connection and sees no error.
 */
async function listThroughNginx(label: string, upstreams: Server[], cookie: string) {
  const nginx = await startNginx(upstreams.map((s) => Number(new URL(s.url).port)));
  try {
    return await measure({
      label,
      url: `${nginx.url}/api/lines?page=1&page_size=25`,
      headers: { cookie },
      connections: 10,
      seconds: 5,
      warmupSeconds: 1,
    });
  } finally {
    await nginx.stop();
  }
}

async function embedded() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'linedesk-scale-'));
  try {
    const env = { LINEDESK_DATA_DIR: dataDir, DASHBOARD_CACHE_SECONDS: '60' };
    await (await startServer(env)).stop(); // creates and migrates the data folder and the admin
    // With the extensions the server loads (the lines search index needs pg_trgm).
    const db = new PGlite(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
    await db.exec(SEED_SQL);
    await db.close();

    console.log(`\nscale benchmark on embedded (compiled server in its own process, ${SEEDED} lines)`);
    const server = await startServer(env);
    line('start to ready, existing data folder', `${server.readyMs} ms`, {
      text: '<= 3000 ms',
      met: server.readyMs <= 3000,
    });
    const cookie = await signIn(server.url);
    report(
      await measure({
        label: 'GET /api/lines first page (direct)',
        url: `${server.url}/api/lines?page=1&page_size=25`,
        headers: { cookie },
        connections: 10,
        seconds: 5,
        warmupSeconds: 1,
      }),
    );
    await eventFanOut(`events: ${STREAMS} streams, 1 instance`, [server.url], server.url, cookie, 50);
    await memoryLines([{ label: 'server', pid: server.pid, targetMb: 400 }]);
    await server.stop();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function postgres(baseUrl: string) {
  const scratch = await scratchDatabase(baseUrl, `ld_bench_scale_${process.pid}`);
  const url = scratch.url;
  const dataDirs = [
    await mkdtemp(path.join(os.tmpdir(), 'linedesk-scale-')),
    await mkdtemp(path.join(os.tmpdir(), 'linedesk-scale-')),
  ];
  const servers: Server[] = [];
  try {
    const env = (i: number) => ({
      DATABASE_URL: url.toString(),
      LINEDESK_SECRET: 'scale-bench-secret-scale-bench-secret-0123',
      LINEDESK_DATA_DIR: dataDirs[i]!,
    });
    servers.push(await startServer(env(0)));
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    await db.query(SEED_SQL);
    await db.end();

    console.log(`\nscale benchmark on PostgreSQL (compiled servers in their own processes, ${SEEDED} lines)`);
    const cookie = await signIn(servers[0]!.url);
    const one = await listThroughNginx('GET /api/lines via nginx, 1 instance', servers, cookie);
    report(one);
    await eventFanOut(
      `events: ${STREAMS} streams, 1 instance`,
      [servers[0]!.url],
      servers[0]!.url,
      cookie,
      50,
    );

    servers.push(await startServer(env(1)));
    const two = await listThroughNginx('GET /api/lines via nginx, 2 instances', servers, cookie);
    report(two);
    line(
      'scaling 1 → 2 instances',
      `×${(two.rps / Math.max(one.rps, 1)).toFixed(2)} (${os.cpus().length} cores)`,
    );
    await eventFanOut(
      `events: ${STREAMS} streams over 2 instances`,
      servers.map((s) => s.url),
      servers[0]!.url,
      cookie,
      100,
    );
    await memoryLines(
      servers.map((server, i) => ({ label: `instance ${i + 1}`, pid: server.pid, targetMb: 150 })),
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await scratch.drop();
    await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })));
  }
}

export async function runScaleBench(postgresUrl?: string) {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('building the server failed');
  // SCALE_BENCH_PARTS=postgres (or embedded) runs one half only.
  const parts = (process.env.SCALE_BENCH_PARTS ?? 'embedded,postgres').split(',');
  if (parts.includes('embedded')) await embedded();
  if (postgresUrl && parts.includes('postgres')) {
    if (existsSync('/usr/sbin/nginx')) await postgres(postgresUrl);
    else
      console.log('\nscale benchmark on PostgreSQL skipped: nginx is not installed (apt-get install nginx)');
  }
}

// Run on its own: `npx tsx bench/scale-bench.ts` (PostgreSQL too with LINES_BENCH_DATABASE_URL).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await runScaleBench(process.env.LINES_BENCH_DATABASE_URL ?? process.env.DATABASE_URL);
}
