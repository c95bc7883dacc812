// The bulk operations of #52 on card servers that already hold many lines, each from its request
// until the panel says it is done (and so every line is loaded on its server), beside a baseline of
// the same operation in the same run: a bulk renew of 10,000 lines (baseline: 1,000, per line), a
// reconcile of a 50,000-line server (baseline: a 100-line server) and a move of 10,000 lines to
// another server (baseline: 1,000, per line). The servers are OSCam agents in processes of their
// own, reloading through the stand-in OSCam web interface as in bench/line-change-bench.ts.
//
//   npx tsx bench/bulk-ops-bench.ts            (embedded database)
//   BULK_OPS_BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/bulk-ops-bench.ts
// BULK_OPS_BENCH_LINES (50,000) sizes the big server, BULK_OPS_BENCH_BULK (10,000) the renew and
// the move; BENCH_PROFILE_DIR=<folder> writes a CPU profile of this process around each operation.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { removeDir } from '../apps/agent/test/agent-harness.js';
import { startBenchPanel, type BenchPanel } from './bench-server.js';
import { api, register, startCardServer, type CardServer } from './line-change-bench.js';
import { profileWhile } from './profile.js';

const BIG = Number(process.env.BULK_OPS_BENCH_LINES ?? 50_000);
const SMALL = 100;
const BULK = Number(process.env.BULK_OPS_BENCH_BULK ?? 10_000);
const BULK_BASELINE = Math.max(1, Math.round(BULK / 10));
/** Which figures to take: `reconcile,renew,move` (all) by default. */
const STEPS = new Set((process.env.BULK_OPS_BENCH_STEPS ?? 'reconcile,renew,move').split(','));

type Figure = { label: string; lines: number; ms: number };

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

/** Ids of `count` lines of a server, the lowest first, skipping `skip`. */
async function lineIds(panel: BenchPanel, serverId: number, count: number, skip: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await panel.db.execute(
      sql`select id from users where server_id = ${serverId} order by id limit ${count} offset ${skip}`,
    ),
  );
  return rows.map((row) => Number(row.id));
}

/** Starts a bulk job and waits until the panel reports it finished; its time from the request. */
async function runJob(
  panel: BenchPanel,
  cookie: string,
  pathname: string,
  body: unknown,
  label: string,
): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${panel.url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: panel.url },
    body: JSON.stringify(body),
  });
  const job = (await res.json()) as { id?: number; status?: string };
  if (res.status !== 202 || job.id === undefined) {
    throw new Error(`${label}: ${res.status} ${JSON.stringify(job)}`);
  }
  for (;;) {
    // A poll may meet the server closing an idle kept-alive connection: ask again.
    const answer = await fetch(`${panel.url}/api/lines/bulk/${job.id}`, { headers: { cookie } }).catch(
      () => null,
    );
    if (!answer) continue;
    const state = (await answer.json()) as {
      status: string;
      total: number;
      succeeded: number;
      refused: number;
      last_error: string | null;
    };
    if (state.status === 'done' || state.status === 'dead') {
      const elapsed = performance.now() - started;
      if (state.status === 'dead' || state.refused > 0 || state.succeeded !== state.total) {
        throw new Error(`${label}: ${JSON.stringify(state)}`);
      }
      return elapsed;
    }
    if (performance.now() - started > 1_800_000) throw new Error(`${label}: not done in 30 min`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Lines of a server that are not synced (a job is done when its lines are; this checks it). */
async function notSynced(panel: BenchPanel, serverId: number): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await panel.db.execute(
      sql`select count(*)::int as n from users where server_id = ${serverId} and sync_state <> 'synced'`,
    ),
  );
  return Number(rows[0]?.n ?? 0);
}

async function reconcile(panel: BenchPanel, server: CardServer): Promise<number> {
  const started = performance.now();
  const res = await api(panel, 'POST', `/api/servers/${server.serverId}/reconcile`, {});
  const elapsed = performance.now() - started;
  if (res.status !== 200 || Number(res.body.checked) < server.lines || Number(res.body.failed) > 0) {
    throw new Error(`reconcile of ${server.lines} lines: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return elapsed;
}

export async function runBulkOpsBench(databaseUrl?: string): Promise<void> {
  const panel = await startBenchPanel({
    databaseUrl,
    prefix: 'bulk-ops',
    portBase: 49_000,
    admin: { email: 'bench-admin@example.com', password: 'bench-admin-password-1' },
    reseller: { email: 'bench-reseller@example.com', password: 'bench-reseller-password-1' },
    // Enough for every renewal at any price the default plan asks.
    resellerCredits: 10_000_000,
    env: { SERVER_API_TIMEOUT_MS: '60000' },
  });
  const started: Omit<CardServer, 'serverId'>[] = [];
  const figures: Figure[] = [];
  const measure = async (label: string, lines: number, work: () => Promise<number>) => {
    const ms = await profileWhile(`bulk-ops-${label}`, work);
    figures.push({ label, lines, ms });
    console.log(`${label}: ${(ms / 1000).toFixed(1)} s   (load average ${os.loadavg()[0]!.toFixed(1)})`);
  };
  try {
    const seeded = performance.now();
    started.push(
      await startCardServer(BIG, 'big'),
      await startCardServer(SMALL, 'small'),
      await startCardServer(0, 'target'),
    );
    const [big, small, target] = [
      await register(panel, started[0]!),
      await register(panel, started[1]!),
      await register(panel, started[2]!),
    ] as [CardServer, CardServer, CardServer];
    console.log(
      `seeded ${BIG.toLocaleString('en')} + ${SMALL} lines on three OSCam agents in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );

    // Reconcile: nothing to repair, so it is the comparison itself (every user read and checked).
    if (STEPS.has('reconcile')) await reconcile(panel, small);
    if (STEPS.has('reconcile'))
      await measure(`reconcile, ${SMALL} lines (baseline)`, SMALL, () => reconcile(panel, small));
    if (STEPS.has('reconcile'))
      await measure(`reconcile, ${BIG.toLocaleString('en')} lines`, BIG, () => reconcile(panel, big));

    // Renew (the reseller, charged per line): the baseline's lines first, then others.
    const renew = (ids: number[], label: string) =>
      runJob(
        panel,
        panel.reseller.cookie,
        '/api/lines/bulk',
        { action: 'renew', ids, subscription_months: 1 },
        label,
      );
    const baselineRenew = await lineIds(panel, big.serverId, BULK_BASELINE, 0);
    const bulkRenew = await lineIds(panel, big.serverId, BULK, BULK_BASELINE);
    if (STEPS.has('renew'))
      await measure(`renew, ${BULK_BASELINE.toLocaleString('en')} lines (baseline)`, BULK_BASELINE, () =>
        renew(baselineRenew, 'renew baseline'),
      );
    if (STEPS.has('renew'))
      await measure(`renew, ${BULK.toLocaleString('en')} lines`, BULK, () => renew(bulkRenew, 'renew'));

    // Move (the admin) to the empty server, the old entries removed at once (no grace period).
    const move = (ids: number[], label: string) =>
      runJob(
        panel,
        panel.admin.cookie,
        '/api/lines/server-move',
        { ids, target_server_id: target.serverId, grace_hours: 0 },
        label,
      );
    const baselineMove = await lineIds(panel, big.serverId, BULK_BASELINE, 0);
    if (STEPS.has('move'))
      await measure(`move, ${BULK_BASELINE.toLocaleString('en')} lines (baseline)`, BULK_BASELINE, () =>
        move(baselineMove, 'move baseline'),
      );
    const bulkMove = await lineIds(panel, big.serverId, BULK, 0);
    if (STEPS.has('move'))
      await measure(`move, ${BULK.toLocaleString('en')} lines`, BULK, () => move(bulkMove, 'move'));
    const pending = (await notSynced(panel, big.serverId)) + (await notSynced(panel, target.serverId));
    if (pending > 0) throw new Error(`${pending} lines not synced after the jobs`);

    console.log(`\nBulk operations, request to done (every line loaded on its server):`);
    console.log(`| operation | time | lines/s | baseline (same run) | ratio |`);
    console.log(`| --- | --- | --- | --- | --- |`);
    for (let i = 0; i < figures.length; i += 2) {
      const [base, figure] = [figures[i]!, figures[i + 1]!];
      const rate = (f: Figure) => (f.lines / f.ms) * 1000;
      // Renew and move: lines per second against the baseline's; reconcile: time against the small server's.
      const perLine = !figure.label.startsWith('reconcile');
      console.log(
        `| ${figure.label} | ${(figure.ms / 1000).toFixed(1)} s | ${rate(figure).toFixed(0)} | ${base.label}: ${(base.ms / 1000).toFixed(2)} s, ${rate(base).toFixed(0)} lines/s | ` +
          (perLine
            ? `rate ×${(rate(figure) / rate(base)).toFixed(2)}`
            : `time ×${(figure.ms / base.ms).toFixed(1)} for ×${(figure.lines / base.lines).toFixed(0)} lines`) +
          ' |',
      );
    }
  } finally {
    for (const server of started) {
      // A profiled agent writes its profile on a clean exit only.
      if (process.env.BENCH_PROFILE_DIR) await server.agent.stop();
      else await server.agent.kill();
      await server.oscam.close();
      await removeDir(server.dir);
    }
    await panel.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runBulkOpsBench(process.env.BULK_OPS_BENCH_DATABASE_URL || undefined);
  process.exit(0);
}
