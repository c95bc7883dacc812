// Line creation end to end: POST /api/lines from autocannon in its own process, each line answered
// by the API and present in the agent's oscam.user. The figure is lines per second from the first
// request until the last line is in the file, printed beside the target and beside what the agent
// alone takes in the same run (POST /add-user straight to it, same connections): the ceiling the
// panel can reach. Also per line: the SQL statements the panel ran, and CPU time of the panel's
// process (with the embedded database that includes the database) and of the agent's.
//
// Part of `npm run bench` (bench/lines-bench.ts), or on its own over a fresh database:
//   npx tsx bench/line-creation.ts            (embedded; PostgreSQL too with LINES_BENCH_DATABASE_URL)
// LINE_CREATION_COUNT and LINE_CREATION_CONNECTIONS change the 1,000 lines and 50 connections;
// LINE_SYNC_AGENT_CALLS is passed to the panel (agent calls in flight per server).
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.js';
import type { TestAgent } from '../apps/server/test/support/line-agent.js';
import { startBenchPanel } from './bench-server.js';
import { measure } from './load.js';
import { profileWhile } from './profile.js';

export const LINE_CREATION_TARGET = 200;
/** #52: the panel's end-to-end rate is at least this share of the agent's own rate in the same run. */
export const AGENT_RATIO_TARGET = 0.8;

export type LineCreationSetup = {
  url: string;
  db: Db;
  /** Cookie of the reseller who creates (and is charged for) the lines. */
  cookie: string;
  serverId: number;
  /** The real agent the server points at. */
  agent: TestAgent;
  count: number;
  connections: number;
  /** Username prefix, so runs on the same panel do not collide. */
  prefix: string;
};

export type LineCreationResult = {
  linesPerSecond: number;
  created: number;
  answeredSeconds: number;
  liveSeconds: number;
  errors: number;
  notSynced: number;
  p50: number;
  p99: number;
  /** CPU time of this process (server, its database when embedded, the polling) per line created. */
  panelCpuMsPerLine: number;
  agentCpuMsPerLine: number | null;
  /** On PostgreSQL: CPU time of the database's backends serving the panel, per line (null embedded). */
  databaseCpuMsPerLine: number | null;
  /** SQL statements the panel sent per line, BEGIN and COMMIT included. */
  statementsPerLine: number;
  /** The agent alone, POST /add-user straight to it with the same connections: users per second. */
  agentAlonePerSecond: number;
};

/** The usernames starting with `prefix` in the agent's oscam.user. */
async function usernamesInFile(file: string, prefix: string): Promise<string[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.startsWith(`user = ${prefix}`))
    .map((line) => line.slice('user = '.length).trim());
}

async function linesInFile(file: string, prefix: string): Promise<number> {
  return (await usernamesInFile(file, prefix)).length;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

type QueryLogger = { logQuery: (query: string, params: unknown[]) => void };
type SessionInternals = { logger: QueryLogger; options: { logger?: QueryLogger } };

/**
 * Counts every statement the app sends through Drizzle (its logger sees each one, in transactions
 * too). PGlite runs a transaction's BEGIN and COMMIT itself, unseen by the logger: counted apart.
 */
export function countStatements(db: Db): { count: () => number; stop: () => void } {
  let statements = 0;
  const internals = db as unknown as {
    session: SessionInternals;
    $client: { transaction?: (...args: unknown[]) => Promise<unknown> };
  };
  const session = internals.session;
  const before = { logger: session.logger, optionsLogger: session.options.logger };
  // LINE_CREATION_STATEMENTS=1 prints which statements they were (the first words of each, counted).
  const texts = process.env.LINE_CREATION_STATEMENTS ? new Map<string, number>() : null;
  const counter: QueryLogger = {
    logQuery: (query) => {
      statements += 1;
      if (texts) {
        const head = query.replace(/\s+/g, ' ').slice(0, 120);
        texts.set(head, (texts.get(head) ?? 0) + 1);
      }
    },
  };
  session.logger = counter;
  session.options.logger = counter;
  const client = internals.$client;
  const embedded = !(client instanceof pg.Pool) && client.transaction !== undefined;
  const transaction = client.transaction;
  if (embedded) {
    client.transaction = (...args: unknown[]) => {
      statements += 2;
      return transaction!.apply(client, args);
    };
  }
  return {
    count: () => statements,
    stop: () => {
      session.logger = before.logger;
      session.options.logger = before.optionsLogger;
      if (embedded) client.transaction = transaction;
      if (texts) {
        for (const [head, n] of [...texts].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
          console.log(`  ${String(n).padStart(6)} × ${head}`);
        }
      }
    },
  };
}

/** CPU time (user + system) of another process so far, in ms, from /proc (Linux only). */
export async function processCpuMs(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * CPU so far of each PostgreSQL backend connected to the panel's database (same machine), by pid; null
 * on the embedded database, whose work is the panel process's own. A backend that ends during the run
 * takes its time with it: the figure is a floor.
 */
async function backendsCpuMs(db: Db): Promise<Map<number, number> | null> {
  if (!((db as unknown as { $client: unknown }).$client instanceof pg.Pool)) return null;
  const pids = rowsOf<{ pid: number }>(
    await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`),
  );
  const cpu = new Map<number, number>();
  for (const { pid } of pids) {
    const ms = await processCpuMs(pid);
    if (ms !== null) cpu.set(pid, ms);
  }
  return cpu;
}

function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** DD-MM-YYYY a month from now, as the agent's API takes it. */
function agentDate(): string {
  const date = new Date(Date.now() + 31 * 86_400_000);
  return `${String(date.getUTCDate()).padStart(2, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${date.getUTCFullYear()}`;
}

/** The agent on its own: as many users added straight to it, the same number of connections. */
async function measureAgentAlone(setup: LineCreationSetup): Promise<number> {
  const { agent } = setup;
  const basic = Buffer.from(`${agent.username}:${agent.password}`).toString('base64');
  const prefix = `base${setup.prefix}`;
  const load = await measure({
    label: 'agent POST /add-user',
    url: `http://127.0.0.1:${agent.port}/add-user`,
    method: 'POST',
    connections: setup.connections,
    amount: setup.count,
    headers: { 'content-type': 'application/json', authorization: `Basic ${basic}` },
    body: JSON.stringify({ username: `${prefix}[<id>]`, password: 'pw-bench', expiryDate: agentDate() }),
  });
  // The agent answers once the user is in the file; the check is cheap and makes it certain.
  const inFile = await linesInFile(agent.configFile, prefix);
  if (load.errors > 0 || inFile < setup.count) {
    throw new Error(`agent alone: ${load.errors} errors, ${inFile} of ${setup.count} in the file`);
  }
  // From the first request to the last answer, as autocannon timed them: without its start-up and exit,
  // which cost more than the agent's own work here (autocannon's own timestamps, not the process's).
  const perSecond = Math.round((setup.count / Math.max(load.finishedAt - load.startedAt, 1)) * 1000);
  await removeUsers(setup.agent, basic, prefix);
  return perSecond;
}

/**
 * Takes the baseline's users out of the agent's file again, untimed. The agent rewrites its whole
 * file at every write, so a write's cost grows with the accounts in it: the panel's lines must go
 * into the same file the baseline's went into (empty), or the panel pays for the baseline's too.
 */
async function removeUsers(agent: TestAgent, basic: string, prefix: string): Promise<void> {
  const usernames = await usernamesInFile(agent.configFile, prefix);
  // In calls of a few hundred: the agent caps a request's body.
  for (let from = 0; from < usernames.length; from += 250) {
    const changes = usernames
      .slice(from, from + 250)
      .map((username) => ({ action: 'delete-user', username }));
    const response = await fetch(`http://127.0.0.1:${agent.port}/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${basic}` },
      body: JSON.stringify({ changes }),
    });
    if (!response.ok) throw new Error(`agent alone: removing its users answered ${response.status}`);
  }
  const left = await linesInFile(agent.configFile, prefix);
  if (left > 0) throw new Error(`agent alone: ${left} of its users still in the file after removing them`);
}

export async function measureLineCreation(setup: LineCreationSetup): Promise<LineCreationResult> {
  const agentAlonePerSecond = await measureAgentAlone(setup);
  const agentPid = setup.agent.current().process.pid;
  const agentCpuBefore = await processCpuMs(agentPid);
  const databaseCpuBefore = await backendsCpuMs(setup.db);
  const cpuBefore = ownCpuMs();
  const statements = countStatements(setup.db);
  const started = performance.now();
  let load: Awaited<ReturnType<typeof measure>>;
  try {
    load = await profileWhile(`line-creation-${setup.prefix}-${Date.now()}`, () =>
      measure({
        label: 'POST /api/lines',
        url: `${setup.url}/api/lines`,
        method: 'POST',
        connections: setup.connections,
        amount: setup.count,
        headers: { 'content-type': 'application/json', cookie: setup.cookie, origin: setup.url },
        // hyperid ids (22 url-safe characters, '-', a counter) are valid line usernames.
        body: JSON.stringify({
          username: `${setup.prefix}[<id>]`,
          password: 'pw-bench',
          subscription_months: 1,
          server_id: setup.serverId,
        }),
      }),
    );
  } finally {
    statements.stop();
  }
  const sent = statements.count();
  // Timed from autocannon's first request, as the agent alone is: not from its process's start.
  const answeredMs = load.finishedAt - load.startedAt;
  const count = async (condition: ReturnType<typeof sql>) =>
    rowsOf<{ n: number }>(
      await setup.db.execute(
        sql`select count(*)::int as n from users where username like ${`${setup.prefix}%`} and ${condition}`,
      ),
    )[0]?.n ?? 0;
  // A request the client gave up on (time-out) may still have created its line: wait for every
  // line the panel holds, not only for the answered ones.
  const created = await count(sql`true`);
  // A create answers once its line is in the file, so the last answer is normally the moment the
  // last line was in it; a line still on its way then (its delivery left to a retry) is waited for.
  let liveAt = load.finishedAt;
  while ((await linesInFile(setup.agent.configFile, setup.prefix)) < created) {
    if (performance.now() - started > 300_000) throw new Error('lines did not reach the agent in 5 min');
    await new Promise((resolve) => setTimeout(resolve, 20));
    liveAt = Date.now();
  }
  const liveMs = liveAt - load.startedAt;
  const cpuMs = ownCpuMs() - cpuBefore;
  const agentCpuAfter = await processCpuMs(agentPid);
  const databaseCpuAfter = await backendsCpuMs(setup.db);
  let databaseCpuMs: number | null = null;
  if (databaseCpuBefore && databaseCpuAfter) {
    databaseCpuMs = 0;
    for (const [pid, ms] of databaseCpuAfter) databaseCpuMs += ms - (databaseCpuBefore.get(pid) ?? 0);
  }
  const notSynced = await count(sql`sync_state <> 'synced'`);
  const perLine = (value: number) => +(value / Math.max(created, 1)).toFixed(1);
  return {
    linesPerSecond: Math.round((created / liveMs) * 1000),
    created,
    answeredSeconds: answeredMs / 1000,
    liveSeconds: liveMs / 1000,
    errors: load.errors,
    notSynced,
    p50: load.p50,
    p99: load.p99,
    panelCpuMsPerLine: perLine(cpuMs),
    agentCpuMsPerLine:
      agentCpuBefore === null || agentCpuAfter === null ? null : perLine(agentCpuAfter - agentCpuBefore),
    databaseCpuMsPerLine: databaseCpuMs === null ? null : perLine(databaseCpuMs),
    statementsPerLine: perLine(sent),
    agentAlonePerSecond,
  };
}

export function reportLineCreation(
  kind: string,
  setup: Pick<LineCreationSetup, 'count' | 'connections'>,
  result: LineCreationResult,
): void {
  const met =
    result.linesPerSecond >= LINE_CREATION_TARGET &&
    result.errors === 0 &&
    result.notSynced === 0 &&
    result.created === setup.count;
  console.log(
    `POST /api/lines x${setup.count} live on the agent (${kind}, ${setup.connections} clients)  ${result.linesPerSecond} lines/s   target >= ${LINE_CREATION_TARGET} lines/s: ${met ? 'met' : 'MISSED'}   baseline: the agent alone ${result.agentAlonePerSecond} users/s`,
  );
  console.log(
    `  all answered in ${result.answeredSeconds.toFixed(1)} s (p50 ${result.p50} ms, p99 ${result.p99} ms), all ${result.created} created in oscam.user after ${result.liveSeconds.toFixed(1)} s; client errors/time-outs ${result.errors}, not synced ${result.notSynced}`,
  );
  console.log(
    `  against the agent alone: ${result.linesPerSecond} / ${result.agentAlonePerSecond} = x${(result.linesPerSecond / result.agentAlonePerSecond).toFixed(2)}   target >= x${AGENT_RATIO_TARGET}: ${result.linesPerSecond >= AGENT_RATIO_TARGET * result.agentAlonePerSecond && met ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  per line: ${result.statementsPerLine} SQL statements, panel CPU ${result.panelCpuMsPerLine} ms, agent CPU ${result.agentCpuMsPerLine ?? '?'} ms${result.databaseCpuMsPerLine === null ? '' : `, PostgreSQL's backends ${result.databaseCpuMsPerLine} ms`}   (load average ${os.loadavg()[0]!.toFixed(1)})`,
  );
}

const RESELLER = { email: 'bench-creator@example.com', password: 'bench-password-2' };
const ADMIN = { email: 'bench-creation@example.com', password: 'bench-password-1' };

/** The creation figure alone, over a fresh database: a reseller with credits and one live agent. */
export async function runLineCreationBench(databaseUrl?: string): Promise<LineCreationResult> {
  const count = Number(process.env.LINE_CREATION_COUNT ?? 1000);
  const connections = Number(process.env.LINE_CREATION_CONNECTIONS ?? 50);
  const panel = await startBenchPanel({
    databaseUrl,
    prefix: 'create',
    portBase: 20_000,
    admin: ADMIN,
    reseller: RESELLER,
    resellerCredits: count * 2,
    // LINE_SYNC_AGENT_CALLS=1 is the panel of one agent call at a time, for a same-run comparison.
    env: process.env.LINE_SYNC_AGENT_CALLS
      ? { LINE_SYNC_AGENT_CALLS: process.env.LINE_SYNC_AGENT_CALLS }
      : undefined,
  });
  const { url, built, db, agent, reseller } = panel;
  try {
    const serverId = await panel.addAgentServer();
    const setup = { count, connections };
    console.log(`\nline creation on ${built.ctx.database.kind}:`);
    const result = await measureLineCreation({
      ...setup,
      url,
      db,
      cookie: reseller.cookie,
      serverId,
      agent,
      prefix: 'e2e',
    });
    reportLineCreation(built.ctx.database.kind, setup, result);
    return result;
  } finally {
    await panel.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await runLineCreationBench();
  const pgUrl = process.env.LINES_BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (pgUrl) await runLineCreationBench(pgUrl);
}
