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
import { startBenchPanel, type BenchPanel } from './bench-server.js';
import { api, register, startCardServer, stopCardServers, type CardServer } from './line-change-bench.js';
import { profileWhile } from './profile.js';

const BIG = Number(process.env.BULK_OPS_BENCH_LINES ?? 50_000);
const SMALL = 100;
const BULK = Number(process.env.BULK_OPS_BENCH_BULK ?? 10_000);
const BULK_BASELINE = Math.max(1, Math.round(BULK / 10));
/**
 * Which figures to take: `reconcile,renew,move` by default; also `disable`, `change_plan`, `delete`,
 * `create` (500 lines, the most a job makes) and `give` (to another account).
 */
const STEPS = new Set((process.env.BULK_OPS_BENCH_STEPS ?? 'reconcile,renew,move').split(','));

/** How long the bench waits for a finished job's lines to be loaded on their server. */
const LOADED_WAIT_MS = Number(process.env.BULK_OPS_BENCH_LOADED_WAIT_MS ?? 600_000);

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
  body: Record<string, unknown>,
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
  let lastReport = performance.now();
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
      // A renewal's job is done once every line is renewed; its lines reach their server through
      // the outbox after that. The figure is to the last line loaded (a move's job waits for it).
      // A create's lines are the job's own.
      const ids = Array.isArray(body.ids) ? (body.ids as number[]) : await jobLines(panel, job.id);
      for (;;) {
        const left = await notLoaded(panel, ids);
        if (left === 0) break;
        if (performance.now() - lastReport > 10_000) {
          lastReport = performance.now();
          console.log(
            `  ${label}: job done in ${(elapsed / 1000).toFixed(1)} s, ${left} lines not loaded yet ${JSON.stringify(await progress(panel, job.id))}`,
          );
        }
        if (performance.now() - started - elapsed > LOADED_WAIT_MS) {
          throw new Error(`${label}: ${left} lines not loaded ${LOADED_WAIT_MS / 1000} s after the job`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const loaded = performance.now() - started;
      console.log(
        `  ${label}: job done in ${(elapsed / 1000).toFixed(1)} s, every line loaded in ${(loaded / 1000).toFixed(1)} s`,
      );
      return loaded;
    }
    if (performance.now() - started > 1_800_000) throw new Error(`${label}: not done in 30 min`);
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      console.log(`  ${label}: ${JSON.stringify(await progress(panel, job.id))}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The lines a job made (a bulk create). */
async function jobLines(panel: BenchPanel, jobId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await panel.db.execute(
      sql`select line_id as id from line_bulk_items where job_id = ${jobId} and line_id is not null`,
    ),
  );
  return rows.map((row) => Number(row.id));
}

/** Where a running job stands, every 10 s: its items by result and step, and the outbox by server. */
async function progress(panel: BenchPanel, jobId: number): Promise<Record<string, number>> {
  const items = rowsOf<{ k: string; n: number }>(
    await panel.db.execute(
      sql`select result || coalesce('/' || stage, '') as k, count(*)::int as n from line_bulk_items where job_id = ${jobId} group by 1`,
    ),
  );
  const outbox = rowsOf<{ k: string; n: number }>(
    await panel.db.execute(
      sql`select 'outbox ' || server_id || ' ' || operation || case when attempts > 0 then ' retried: ' || coalesce(left(last_error, 80), '') else '' end as k, count(*)::int as n from line_sync_outbox group by 1`,
    ),
  );
  return Object.fromEntries([...items, ...outbox].map((row) => [row.k, Number(row.n)]));
}

/**
 * Of these lines, those not loaded on their server yet (pending or failing), or (deleted) whose
 * removal is still in the outbox.
 */
async function notLoaded(panel: BenchPanel, ids: number[]): Promise<number> {
  const list = sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`;
  const rows = rowsOf<{ n: number }>(
    await panel.db.execute(
      sql`select (select count(*)::int from users where id in ${list} and sync_state <> 'synced')
        + (select count(*)::int from line_sync_outbox where line_id in ${list}) as n`,
    ),
  );
  return Number(rows[0]?.n ?? 0);
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
    portBase: Number(process.env.BULK_OPS_BENCH_PORT ?? 49_000),
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

    // Disable, plan change and delete (the admin), a chunk at a time since #52: the baseline's lines
    // first, then others; each until its last line is loaded on (or, deleted, removed from) the agent.
    const bulkAction = (action: string, ids: number[], label: string, extra: Record<string, unknown> = {}) =>
      runJob(panel, panel.admin.cookie, '/api/lines/bulk', { action, ids, ...extra }, label);
    const baselineIds = await lineIds(panel, big.serverId, BULK_BASELINE, 0);
    const bulkIds = await lineIds(panel, big.serverId, BULK, BULK_BASELINE);
    if (STEPS.has('disable')) {
      await measure(`disable, ${BULK_BASELINE.toLocaleString('en')} lines (baseline)`, BULK_BASELINE, () =>
        bulkAction('disable', baselineIds, 'disable baseline'),
      );
      await measure(`disable, ${BULK.toLocaleString('en')} lines`, BULK, () =>
        bulkAction('disable', bulkIds, 'disable'),
      );
    }
    if (STEPS.has('change_plan')) {
      const plan = await api(panel, 'POST', '/api/line-plans', {
        name: 'Bench plan',
        prices: [{ months: 1, credits: 5 }],
        restrictions: { max_connections: 2 },
      });
      if (plan.status !== 201) throw new Error(`plan: ${plan.status} ${JSON.stringify(plan.body)}`);
      const extra = { plan_id: Number(plan.body.id) };
      await measure(
        `change_plan, ${BULK_BASELINE.toLocaleString('en')} lines (baseline)`,
        BULK_BASELINE,
        () => bulkAction('change_plan', baselineIds, 'change_plan baseline', extra),
      );
      await measure(`change_plan, ${BULK.toLocaleString('en')} lines`, BULK, () =>
        bulkAction('change_plan', bulkIds, 'change_plan', extra),
      );
    }
    if (STEPS.has('delete')) {
      await measure(`delete, ${BULK_BASELINE.toLocaleString('en')} lines (baseline)`, BULK_BASELINE, () =>
        bulkAction('delete', baselineIds, 'delete baseline'),
      );
      await measure(`delete, ${BULK.toLocaleString('en')} lines`, BULK, () =>
        bulkAction('delete', bulkIds, 'delete'),
      );
    }

    // Create (the reseller, charged per line) on the big server: at most 500 lines a job, so the
    // baseline is a tenth of that; each until every line it made is loaded on the agent.
    if (STEPS.has('create')) {
      const create = (count: number, label: string) =>
        runJob(
          panel,
          panel.reseller.cookie,
          '/api/lines/bulk',
          {
            action: 'create',
            count,
            username_prefix: `${label.replace(/\W/g, '').slice(0, 6)}-`,
            subscription_months: 1,
            server_id: big.serverId,
          },
          label,
        );
      await measure('create, 50 lines (baseline)', 50, () => create(50, 'cbase'));
      await measure('create, 500 lines', 500, () => create(500, 'create'));
    }
    // Give (the admin) the reseller's lines to the admin's own account: owners and history only, no
    // agent involved.
    if (STEPS.has('give')) {
      const give = (ids: number[], label: string) =>
        bulkAction('move', ids, label, { target_owner_id: panel.admin.id });
      await measure(`give, ${BULK_BASELINE.toLocaleString('en')} lines (baseline)`, BULK_BASELINE, () =>
        give(baselineIds, 'give baseline'),
      );
      await measure(`give, ${BULK.toLocaleString('en')} lines`, BULK, () => give(bulkIds, 'give'));
    }

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
    await stopCardServers(started);
    await panel.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runBulkOpsBench(process.env.BULK_OPS_BENCH_DATABASE_URL || undefined);
  process.exit(0);
}
