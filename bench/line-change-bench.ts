// One line change on a card server that already holds 50,000 lines, from the panel's request to the
// agent's answer that the server has loaded it, beside the same change on a server with 100 lines in
// the same run (issue #47's bench). Each server is an OSCam line agent in a process of its own, whose
// reloads go through a stand-in of OSCam's web interface that re-reads the whole oscam.user on every
// reinit and answers the account list the agent checks: what a real reload costs the agent. The two
// servers take turns, so a busy moment of the machine falls on both alike. Loopback only.
//
//   npx tsx bench/line-change-bench.ts            (embedded database)
//   LINE_CHANGE_BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/line-change-bench.ts
// BENCH_PROFILE_DIR=<folder> writes CPU profiles of the changes: this process (the panel and the
// stand-in OSCam) and each agent's (`--cpu-prof`, written when the agent exits).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  baseEnv,
  removeDir,
  startAgent,
  tempDir,
  type RunningAgent,
} from '../apps/agent/test/agent-harness.js';
import { startStandInOscam, WEBIF_LOGIN, type StandInOscam } from '../apps/agent/test/stand-in-servers.js';
import { startBenchPanel, type BenchPanel } from './bench-server.js';
import { profileWhile } from './profile.js';

const BIG = Number(process.env.LINE_CHANGE_BENCH_LINES ?? 50_000);
const SMALL = 100;
const CHANGES = Number(process.env.LINE_CHANGE_BENCH_CHANGES ?? 15);
/**
 * A customer's change is live within a second on a 50,000-line server (request to loaded answer).
 * The ratio to the 100-line server is printed beside it: every change rewrites the whole file and
 * has the server re-read it, so it grows with the server's size; it says how much.
 */
const ABSOLUTE_TARGET_MS = 1_000;

export type CardServer = {
  lines: number;
  agent: RunningAgent;
  oscam: StandInOscam;
  dir: string;
  prefix: string;
  serverId: number;
};

/**
 * The seeded accounts' expiry, the same on the agent and in the panel: a year ahead, not the end of
 * 2099, which a renewal would take past the last date an agent takes (the bulk bench's renewed lines
 * were refused and never loaded).
 */
const SEEDED_EXPIRY = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

/**
 * An OSCam agent whose state already lists `count` managed accounts (as after months of sales), so
 * start-up renders them once into oscam.user, and the stand-in webif it reloads through.
 */
export async function startCardServer(count: number, prefix: string): Promise<Omit<CardServer, 'serverId'>> {
  const dir = await tempDir(`change-bench-${count}`);
  const userFile = path.join(dir, 'oscam.user');
  await writeFile(userFile, '');
  const users = Array.from({ length: count }, (_, i) => ({
    username: `${prefix}${i}`,
    password: `pw-${prefix}-${i}`,
    expiryDate: SEEDED_EXPIRY,
    enabled: true,
  }));
  await writeFile(
    `${userFile}.linedesk.json`,
    `${JSON.stringify({ version: 1, backend: 'oscam', users }, null, 2)}\n`,
    { mode: 0o600 },
  );
  const oscam = await startStandInOscam(userFile);
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
            `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE_DIR, `agent-${count}`)}`,
          ],
        }
      : {}),
  });
  return { lines: count, agent, oscam, dir, prefix };
}

/** Stops the bench's card servers and removes their files, whichever bench started them. */
export async function stopCardServers(
  servers: readonly { agent: RunningAgent; oscam: { close(): Promise<void> }; dir: string }[],
): Promise<void> {
  for (const server of servers) {
    // A profiled agent writes its profile on a clean exit only.
    if (process.env.BENCH_PROFILE_DIR) await server.agent.stop();
    else await server.agent.kill();
    await server.oscam.close();
    await removeDir(server.dir);
  }
}

export async function api(panel: BenchPanel, method: string, pathname: string, body?: unknown) {
  const res = await fetch(`${panel.url}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: panel.admin.cookie, origin: panel.url },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** The server record for an agent, tested once as an admin would, and its lines written in bulk. */
export async function register<S extends Pick<CardServer, 'lines' | 'agent' | 'prefix'>>(
  panel: BenchPanel,
  server: S,
): Promise<S & { serverId: number }> {
  const created = await api(panel, 'POST', '/api/servers', {
    server_name: `OSCam ${server.lines}`,
    host_ip: '127.0.0.1',
    port: 12000,
    api_port: server.agent.port,
    username: 'panel',
    password: 'S3cret:with-colon',
    protocol: 'NewCamd',
  });
  if (created.status !== 201 && created.status !== 200) {
    throw new Error(`adding the server failed: ${created.status} ${JSON.stringify(created.body)}`);
  }
  const serverId = Number(created.body.id);
  const tested = await api(panel, 'POST', `/api/servers/${serverId}/test`, {});
  if (tested.status !== 200) throw new Error(`testing the server failed: ${JSON.stringify(tested.body)}`);
  // The panel's side of the same accounts, synced: the database's bulk path, not 50,000 requests.
  await panel.db.execute(sql`
    insert into users (username, password, expiry_date, server_id, owner_id, owner_email, sync_state, synced_at)
    select ${server.prefix} || i, 'pw-' || ${server.prefix} || '-' || i, ${SEEDED_EXPIRY}::date, ${serverId},
      a.id, a.email, 'synced', now()
    from generate_series(0, ${server.lines - 1}) as i
    cross join (select id, email from auth_users where id = ${panel.reseller.id}) a`);
  return { ...server, serverId };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function lineIdOf(panel: BenchPanel, username: string): Promise<number> {
  const rows = (await panel.db.execute(sql`select id from users where username = ${username}`)) as unknown as
    { rows: { id: number }[] } | { id: number }[];
  const list = Array.isArray(rows) ? rows : rows.rows;
  return Number(list[0]!.id);
}

/** One password change, request to the answer that says the server has loaded it. */
async function change(panel: BenchPanel, server: CardServer, round: number): Promise<number> {
  const username = `${server.prefix}${(round * 7919) % server.lines}`;
  const id = await lineIdOf(panel, username);
  const started = performance.now();
  const res = await api(panel, 'PATCH', `/api/lines/${id}`, { password: `changed-${round}-x` });
  const elapsed = performance.now() - started;
  const sync = res.body.sync as { ok?: boolean; message?: string } | undefined;
  if (res.status !== 200 || !sync?.ok) {
    throw new Error(`change ${round} on ${server.lines} lines: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return elapsed;
}

export async function runLineChangeBench(databaseUrl?: string): Promise<void> {
  const panel = await startBenchPanel({
    databaseUrl,
    prefix: 'line-change',
    portBase: 47_000,
    admin: { email: 'bench-admin@example.com', password: 'bench-admin-password-1' },
    reseller: { email: 'bench-reseller@example.com', password: 'bench-reseller-password-1' },
    resellerCredits: 10,
    // On a loaded machine one change on the big server can take longer than the panel's 5 s for an
    // agent call; that change is then measured (and missed) rather than ending the run.
    env: { SERVER_API_TIMEOUT_MS: '60000' },
  });
  const started: Omit<CardServer, 'serverId'>[] = [];
  try {
    const seeded = performance.now();
    started.push(await startCardServer(BIG, 'big'), await startCardServer(SMALL, 'small'));
    const servers = [await register(panel, started[0]!), await register(panel, started[1]!)];
    console.log(
      `seeded ${BIG.toLocaleString('en')} + ${SMALL} lines on two OSCam agents in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const [bigServer, smallServer] = servers as [CardServer, CardServer];
    // One change each first: the first request of a route compiles its serializer.
    await change(panel, smallServer, 0);
    await change(panel, bigServer, 0);
    const times = { big: [] as number[], small: [] as number[] };
    await profileWhile('line-change-panel', async () => {
      for (let round = 1; round <= CHANGES; round += 1) {
        times.small.push(await change(panel, smallServer, round));
        times.big.push(await change(panel, bigServer, round));
      }
    });
    const bigMs = median(times.big);
    const smallMs = median(times.small);
    const ratio = bigMs / smallMs;
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(`\nOne line change, request to loaded answer (median of ${CHANGES}, turns taken):`);
    console.log(`| server | median | min | max |`);
    console.log(`| --- | --- | --- | --- |`);
    for (const [label, list] of [
      [`${SMALL} lines (baseline)`, times.small],
      [`${BIG.toLocaleString('en')} lines`, times.big],
    ] as const) {
      console.log(
        `| ${label} | ${median(list).toFixed(0)} ms | ${Math.min(...list).toFixed(0)} ms | ${Math.max(...list).toFixed(0)} ms |`,
      );
    }
    console.log(
      `ratio to the baseline ${ratio.toFixed(1)}, ` +
        `absolute ${bigMs.toFixed(0)} ms (target ≤ ${ABSOLUTE_TARGET_MS} ms: ${verdict(bigMs <= ABSOLUTE_TARGET_MS)})`,
    );
  } finally {
    await stopCardServers(started);
    await panel.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runLineChangeBench(process.env.LINE_CHANGE_BENCH_DATABASE_URL || undefined);
  process.exit(0);
}
