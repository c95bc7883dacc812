// One statistics poll of a card server whose agent reports 50,000 connected lines (issue #51's
// bench), beside the same poll of a 500-line server in the same run: the ECM statistics job's read
// of one server (GET /ecm-stats: every account's counters, the minute rows, channels, counters,
// readers) and the connections job's (GET /connections: sessions, presence, address history,
// sharing scores and episodes, locks). Every account is connected and asked since the last poll;
// every hundredth is connected twice, from two addresses (a sharing score). Each server is an OSCam
// agent in a process of its own reading a stand-in of OSCam's web interface, itself in a process of
// its own (bench/stand-in-oscam-process.ts), so the panel's CPU time (this process, with the
// embedded database) is told from the agent's and the stand-in's. Both polls run as the jobs run
// them (the same functions, called here rather than on the jobs' timers, which are off), while one
// lines-list request after another is timed: a poll must not hold up the panel's other requests.
//
//   npx tsx bench/stats-poll-bench.ts            (embedded database)
//   STATS_POLL_BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/stats-poll-bench.ts
// STATS_POLL_BENCH_LINES (50,000), STATS_POLL_BENCH_SMALL (500), STATS_POLL_BENCH_POLLS (3) size it;
// BENCH_PROFILE_DIR=<folder> writes CPU profiles of the big server's polls (this process) and of
// each agent (written when it exits).
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';
import { pollEcmStats } from '../apps/server/src/modules/ecm-stats/ecm-poll.js';
import { ecmPollsRepository } from '../apps/server/src/modules/ecm-stats/ecm-poll.repository.js';
import { pollServer } from '../apps/server/src/modules/line-connections/line-connections-poll.js';
import { lineConnectionPollsRepository } from '../apps/server/src/modules/line-connections/line-connections.repository.js';
import { baseEnv, startAgent, tempDir, type RunningAgent } from '../apps/agent/test/agent-harness.js';
import { WEBIF_LOGIN } from '../apps/agent/test/stand-in-servers.js';
import { startBenchPanel, type BenchPanel } from './bench-server.js';
import { median, register, stopCardServers } from './line-change-bench.js';
import { countStatements, processCpuMs } from './line-creation.js';
import { profileWhile } from './profile.js';

const BIG = Number(process.env.STATS_POLL_BENCH_LINES ?? 50_000);
const SMALL = Number(process.env.STATS_POLL_BENCH_SMALL ?? 500);
const POLLS = Number(process.env.STATS_POLL_BENCH_POLLS ?? 3);
/** Every so many accounts one is connected twice, from two addresses. */
const TWO_IP_EVERY = 100;

type StandIn = {
  pid: number;
  url: string;
  send: (message: object) => Promise<void>;
  close: () => Promise<void>;
};

function startStandIn(userFile: string): Promise<StandIn> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'stand-in-oscam-process.ts'), [userFile], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting: (() => void)[] = [];
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the stand-in OSCam exited (${code})`)));
    child.on('message', (message: { op: string; url?: string }) => {
      if (message.op === 'done') waiting.shift()?.();
      if (message.op !== 'ready') return;
      resolve({
        pid: child.pid!,
        url: message.url!,
        send: (next) =>
          new Promise<void>((done) => {
            waiting.push(done);
            child.send(next);
          }),
        close: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.send({ op: 'close' });
          }),
      });
    });
  });
}

type CardServer = { lines: number; prefix: string; agent: RunningAgent; oscam: StandIn; dir: string };

/** An OSCam agent already managing `count` accounts (as bench/line-change-bench.ts starts one). */
async function startCardServer(count: number, prefix: string): Promise<CardServer> {
  const dir = await tempDir(`stats-bench-${count}`);
  const userFile = path.join(dir, 'oscam.user');
  await writeFile(userFile, '');
  const users = Array.from({ length: count }, (_, i) => ({
    username: `${prefix}${i}`,
    password: `pw-${prefix}-${i}`,
    expiryDate: '2099-12-31',
    enabled: true,
  }));
  await writeFile(
    `${userFile}.linedesk.json`,
    `${JSON.stringify({ version: 1, backend: 'oscam', users })}\n`,
    {
      mode: 0o600,
    },
  );
  const oscam = await startStandIn(userFile);
  const agent = await startAgent({
    env: baseEnv(userFile, {
      AGENT_BACKEND: 'oscam',
      AGENT_OSCAM_WEBIF_URL: oscam.url,
      AGENT_OSCAM_WEBIF_USER: WEBIF_LOGIN.username,
      AGENT_OSCAM_WEBIF_PASSWORD: WEBIF_LOGIN.password,
    }),
    startupMs: 300_000,
    ...(process.env.BENCH_PROFILE_DIR
      ? {
          nodeArgs: [
            '--cpu-prof',
            `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE_DIR, `stats-agent-${count}`)}`,
          ],
        }
      : {}),
  });
  return { lines: count, prefix, agent, oscam, dir };
}

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;

/** Rows inserted, updated and deleted in the panel's tables so far (the database's own counters). */
async function rowsWritten(db: Db): Promise<number> {
  await db.execute(sql`select pg_stat_clear_snapshot()`);
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::float8 as n from pg_stat_user_tables`,
    ),
  );
  return Number(row?.n ?? 0);
}

/**
 * The database reports its row counters when idle, at most once a second (the embedded one too):
 * waits until two reads over a second apart agree.
 */
async function settledRowsWritten(db: Db): Promise<number> {
  let last = await rowsWritten(db);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const now = await rowsWritten(db);
    if (now === last) return now;
    last = now;
  }
}

/** Lines-list first pages (the admin's: every line), one after another, until stopped. */
function listRequests(panel: BenchPanel) {
  let running = true;
  let failures = 0;
  const times: number[] = [];
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      // A failed request is counted (and its first answer shown), not taken as the bench's failure.
      const failed = (why: string) => {
        if (failures === 0) console.log(`lines list during a poll: ${why.slice(0, 200)}`);
        failures += 1;
      };
      try {
        const res = await fetch(`${panel.url}/api/lines?page=1`, { headers: { cookie: panel.admin.cookie } });
        const body = await res.text();
        if (!res.ok) failed(`${res.status} ${body}`);
      } catch (error) {
        failed(String(error));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      times.push(performance.now() - started);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { times, failures };
    },
  };
}

type Poll = 'ecm' | 'connections';
type Figures = {
  wallMs: number;
  panelCpuMs: number;
  agentCpuMs: number | null;
  oscamCpuMs: number | null;
  statements: number;
  rows: number;
  /** Lines-list requests during the poll: each one's time, and how many failed. */
  list: number[];
  listFailures: number;
};

/** The table of one kind of poll's rows, one per server. */
const pollTable = (poll: Poll) => (poll === 'ecm' ? sql`ecm_polls` : sql`line_connection_polls`);

async function lastError(panel: BenchPanel, poll: Poll, serverId: number): Promise<string | null> {
  const table = pollTable(poll);
  const [row] = rowsOf<{ last_error: string | null; last_polled_at: unknown }>(
    await panel.db.execute(
      sql`select last_error, last_polled_at from ${table} where server_id = ${serverId}`,
    ),
  );
  if (!row?.last_polled_at) return 'never polled';
  return row.last_error;
}

/**
 * The server's poll row as it stands, taken as the poll's claim: the jobs' timers are off, so nothing
 * else claims it, and a poll's writes go through only while the row is as it was claimed.
 */
async function currentClaim(panel: BenchPanel, poll: Poll, serverId: number): Promise<string> {
  const [row] = rowsOf<{ claim: string }>(
    await panel.db.execute(
      sql`select next_poll_at::text as claim from ${pollTable(poll)} where server_id = ${serverId}`,
    ),
  );
  if (!row) throw new Error(`server ${serverId} has no ${poll} poll row`);
  return row.claim;
}

async function measurePoll(
  panel: BenchPanel,
  server: CardServer & { serverId: number },
  poll: Poll,
  /** A profile's name (BENCH_PROFILE_DIR), or null for none. */
  label: string | null,
): Promise<Figures> {
  const { ctx } = panel.built;
  const held = { claim: await currentClaim(panel, poll, server.serverId), intervalSeconds: 60 };
  const rowsBefore = await settledRowsWritten(panel.db);
  const agentBefore = await processCpuMs(server.agent.process.pid);
  const oscamBefore = await processCpuMs(server.oscam.pid);
  const list = listRequests(panel);
  const statements = countStatements(panel.db);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const run = () =>
    poll === 'ecm' ? pollEcmStats(ctx, server.serverId, held) : pollServer(ctx, server.serverId, held);
  await (label ? profileWhile(label, run) : run());
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  statements.stop();
  const sent = statements.count();
  const { times, failures } = await list.stop();
  const agentAfter = await processCpuMs(server.agent.process.pid);
  const oscamAfter = await processCpuMs(server.oscam.pid);
  const rows = (await settledRowsWritten(panel.db)) - rowsBefore;
  const error = await lastError(panel, poll, server.serverId);
  if (error) throw new Error(`the ${poll} poll of ${server.lines} lines failed: ${error}`);
  return {
    wallMs,
    panelCpuMs: (cpu.user + cpu.system) / 1000,
    agentCpuMs: agentBefore === null || agentAfter === null ? null : agentAfter - agentBefore,
    oscamCpuMs: oscamBefore === null || oscamAfter === null ? null : oscamAfter - oscamBefore,
    statements: sent,
    rows,
    list: times,
    listFailures: failures,
  };
}

async function listAlone(panel: BenchPanel, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const res = await fetch(`${panel.url}/api/lines?page=1`, { headers: { cookie: panel.admin.cookie } });
    await res.text();
    times.push(performance.now() - started);
  }
  return times;
}

export async function runStatsPollBench(databaseUrl?: string): Promise<void> {
  const panel = await startBenchPanel({
    databaseUrl,
    prefix: 'stats-poll',
    portBase: 51_000,
    admin: { email: 'stats-admin@example.com', password: 'stats-admin-password-1' },
    reseller: { email: 'stats-reseller@example.com', password: 'stats-reseller-password-1' },
    resellerCredits: 10,
    // The jobs' timers off: the bench runs each poll itself, one at a time.
    env: { ECM_STATS_POLL_SECONDS: '0', LINE_CONNECTIONS_POLL_SECONDS: '0', SERVER_API_TIMEOUT_MS: '120000' },
  });
  const started: CardServer[] = [];
  try {
    const seeding = performance.now();
    started.push(await startCardServer(BIG, 'big'), await startCardServer(SMALL, 'small'));
    const [big, small] = [await register(panel, started[0]!), await register(panel, started[1]!)];
    await ecmPollsRepository.addMissingPolls(panel.db);
    await lineConnectionPollsRepository.addMissingPolls(panel.db);
    for (const server of [big, small]) {
      await server.oscam.send({
        op: 'connect',
        prefix: server.prefix,
        count: server.lines,
        twoIpEvery: TWO_IP_EVERY,
      });
      await server.oscam.send({ op: 'counters', prefix: server.prefix, count: server.lines, round: 0 });
    }
    console.log(
      `database: ${panel.built.ctx.database.kind}; seeded ${BIG.toLocaleString('en')} + ${SMALL} connected lines ` +
        `on two OSCam agents in ${((performance.now() - seeding) / 1000).toFixed(1)} s (load average ${os.loadavg()[0]!.toFixed(1)})`,
    );
    // The first polls set the counters' baselines and store every connection for the first time.
    const first = {
      small: {
        ecm: await measurePoll(panel, small, 'ecm', null),
        conn: await measurePoll(panel, small, 'connections', null),
      },
      big: {
        ecm: await measurePoll(panel, big, 'ecm', 'stats-poll-first-ecm'),
        conn: await measurePoll(panel, big, 'connections', 'stats-poll-first-connections'),
      },
    };
    const alone = await listAlone(panel, 20);
    const figures = {
      small: { ecm: [] as Figures[], conn: [] as Figures[] },
      big: { ecm: [] as Figures[], conn: [] as Figures[] },
    };
    for (let round = 1; round <= POLLS; round += 1) {
      for (const server of [small, big]) {
        await server.oscam.send({ op: 'counters', prefix: server.prefix, count: server.lines, round });
        const key = server === big ? 'big' : 'small';
        const profile = server === big && round === POLLS;
        figures[key].ecm.push(await measurePoll(panel, server, 'ecm', profile ? 'stats-poll-ecm' : null));
        figures[key].conn.push(
          await measurePoll(panel, server, 'connections', profile ? 'stats-poll-connections' : null),
        );
      }
    }
    const lastAlone = await listAlone(panel, 20);
    const fmt = (value: number | null) => (value === null ? '?' : value.toFixed(0));
    const med = (list: Figures[], pick: (f: Figures) => number | null) => {
      const values = list.map(pick).filter((v): v is number => v !== null);
      return values.length === 0 ? null : median(values);
    };
    console.log(
      `\nOne statistics poll of one server, median of ${POLLS} (every account connected and asked since the last poll; ` +
        `every ${TWO_IP_EVERY}th from two addresses). CPU in ms; "stand-in": the OSCam web interface the agent reads:`,
    );
    console.log(
      '| poll | lines | wall | panel CPU | agent CPU | stand-in CPU | statements | rows written | list p50 / max during |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    const row = (poll: string, lines: number, list: Figures[]) => {
      const during = list.flatMap((f) => f.list);
      const failed = list.reduce((sum, f) => sum + f.listFailures, 0);
      console.log(
        `| ${poll} | ${lines.toLocaleString('en')} | ${fmt(med(list, (f) => f.wallMs))} ms | ${fmt(med(list, (f) => f.panelCpuMs))} | ` +
          `${fmt(med(list, (f) => f.agentCpuMs))} | ${fmt(med(list, (f) => f.oscamCpuMs))} | ${fmt(med(list, (f) => f.statements))} | ` +
          `${fmt(med(list, (f) => f.rows))} | ${during.length > 0 ? `${fmt(median(during))} / ${fmt(Math.max(...during))} ms (${during.length}${failed > 0 ? `, ${failed} failed` : ''})` : 'none finished'} |`,
      );
    };
    row('ECM, first (baseline counters)', SMALL, [first.small.ecm]);
    row('ECM, first (baseline counters)', BIG, [first.big.ecm]);
    row('connections, first', SMALL, [first.small.conn]);
    row('connections, first', BIG, [first.big.conn]);
    row('ECM', SMALL, figures.small.ecm);
    row('ECM', BIG, figures.big.ecm);
    row('connections', SMALL, figures.small.conn);
    row('connections', BIG, figures.big.conn);
    const both = (key: 'small' | 'big', pick: (f: Figures) => number) =>
      (med(figures[key].ecm, pick) ?? 0) + (med(figures[key].conn, pick) ?? 0);
    const ratio = (pick: (f: Figures) => number) => (both('big', pick) / both('small', pick)).toFixed(1);
    console.log(
      `both polls, ${BIG.toLocaleString('en')} ÷ ${SMALL} lines (×${(BIG / SMALL).toFixed(0)} lines): ` +
        `wall ${both('big', (f) => f.wallMs).toFixed(0)} ÷ ${both('small', (f) => f.wallMs).toFixed(0)} ms (×${ratio((f) => f.wallMs)}), ` +
        `panel CPU ×${ratio((f) => f.panelCpuMs)}, statements ${both('big', (f) => f.statements)} ÷ ${both('small', (f) => f.statements)}, ` +
        `rows ×${ratio((f) => f.rows)}`,
    );
    const aloneAll = [...alone, ...lastAlone];
    console.log(
      `lines list alone (admin, first page, ${aloneAll.length} before and after the polls): p50 ${fmt(median(aloneAll))} ms, max ${fmt(Math.max(...aloneAll))} ms (load average ${os.loadavg()[0]!.toFixed(1)})`,
    );
  } finally {
    await stopCardServers(started);
    await panel.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runStatsPollBench(process.env.STATS_POLL_BENCH_DATABASE_URL || undefined);
  process.exit(0);
}
