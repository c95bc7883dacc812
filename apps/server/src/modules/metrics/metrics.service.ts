import { createHash, timingSafeEqual } from 'node:crypto';
import { lineStatuses, topUpStatuses } from '@linedesk/shared';
import { Gauge, type Registry } from 'prom-client';
import type { AppContext } from '../../app-context.js';
import type { Metrics } from '../../platform/metrics.js';
import { AppError } from '../../platform/errors.js';
import { addressInList } from '../../platform/network-address.js';
import { dashboardRepository } from '../dashboard/dashboard.repository.js';
import { today } from '../lines/line-scope.js';
import { metricsRepository } from './metrics.repository.js';

/** What agents' server records' statuses mean to an operator watching them. */
const agentStates = { active: 'up', error: 'down', inactive: 'off' } as const;

function gauge(registry: Registry, name: string, help: string, labelNames: string[] = []) {
  return new Gauge({ name, help, labelNames, registers: [registry] });
}

/** The figures read from the database at each scrape: the same whichever instance is asked. */
function databaseGauges(registry: Registry) {
  return {
    queue: gauge(
      registry,
      'linedesk_queue_items',
      'Background work by queue and state (due, running, failed)',
      ['queue', 'state'],
    ),
    queueOldest: gauge(
      registry,
      'linedesk_queue_oldest_seconds',
      'Age of the oldest item not yet done in each queue (0 when it is empty)',
      ['queue'],
    ),
    agents: gauge(
      registry,
      'linedesk_agents',
      'Server records by their agent: up, down (last check failed), off',
      ['state'],
    ),
    lines: gauge(registry, 'linedesk_lines', 'Lines by status (active, expired, suspended, trial)', [
      'state',
    ]),
    linesExpiringSoon: gauge(registry, 'linedesk_lines_expiring_soon', 'Lines that end within 7 days'),
    payments: gauge(registry, 'linedesk_payments', 'Top-up requests (manual and paid online) by status', [
      'state',
    ]),
    jobLastRun: gauge(
      registry,
      'linedesk_job_last_run_timestamp_seconds',
      "When this instance's background job last ran a round",
      ['job'],
    ),
    jobLastError: gauge(
      registry,
      'linedesk_job_last_error_timestamp_seconds',
      "When this instance's background job last failed a round (absent: never)",
      ['job'],
    ),
    pool: gauge(registry, 'linedesk_db_pool_connections', 'PostgreSQL pool connections by state', [
      'pool',
      'state',
    ]),
    scrapeSeconds: gauge(
      registry,
      'linedesk_metrics_scrape_seconds',
      'Time the last scrape spent on its queries',
    ),
  };
}

type Gauges = ReturnType<typeof databaseGauges>;
const madeFor = new WeakMap<Registry, Gauges>();

function gaugesOf(metrics: Metrics): Gauges {
  let made = madeFor.get(metrics.registry);
  if (!made) {
    made = databaseGauges(metrics.registry);
    madeFor.set(metrics.registry, made);
  }
  return made;
}

/** Sets every state a gauge knows, so a state that emptied reads 0 instead of its last figure. */
function setStates(target: Gauge, known: readonly string[], counts: Map<string, number>): void {
  target.reset();
  for (const state of new Set([...known, ...counts.keys()])) target.set({ state }, counts.get(state) ?? 0);
}

async function refresh(ctx: AppContext, gauges: Gauges): Promise<void> {
  const started = performance.now();
  const [queues, servers, topUps, lineCounts] = await Promise.all([
    metricsRepository.queues(ctx.db),
    metricsRepository.serversByStatus(ctx.db),
    metricsRepository.topUpsByStatus(ctx.db),
    // The dashboard's counters, kept on write: no scan of the lines however many there are.
    dashboardRepository.lineCounts(ctx.db, null, today()),
  ]);
  gauges.queue.reset();
  gauges.queueOldest.reset();
  for (const row of queues) {
    for (const state of ['due', 'running', 'failed'] as const) {
      gauges.queue.set({ queue: row.queue, state }, row[state]);
    }
    gauges.queueOldest.set({ queue: row.queue }, row.oldestSeconds);
  }
  const agents = new Map<string, number>();
  for (const { state, count } of servers) {
    const shown = agentStates[state as keyof typeof agentStates] ?? state;
    agents.set(shown, (agents.get(shown) ?? 0) + count);
  }
  setStates(gauges.agents, Object.values(agentStates), agents);
  // The dashboard's counter rows know no "frozen": a frozen line is disabled, so it counts as suspended.
  const counted = lineStatuses.filter((status) => status !== 'frozen');
  const lines = new Map<string, number>(counted.map((status) => [status, lineCounts[status]]));
  setStates(gauges.lines, counted, lines);
  gauges.linesExpiringSoon.set(lineCounts.expiring7d);
  setStates(gauges.payments, topUpStatuses, new Map(topUps.map(({ state, count }) => [state, count])));
  gauges.scrapeSeconds.set((performance.now() - started) / 1000);
}

function refreshInstance(ctx: AppContext, gauges: Gauges): void {
  gauges.jobLastRun.reset();
  gauges.jobLastError.reset();
  for (const job of ctx.jobs.snapshot()) {
    if (job.last_run_at) gauges.jobLastRun.set({ job: job.name }, Date.parse(job.last_run_at) / 1000);
    if (job.last_error_at) gauges.jobLastError.set({ job: job.name }, Date.parse(job.last_error_at) / 1000);
  }
  gauges.pool.reset();
  for (const pool of ctx.database.poolStats?.() ?? []) {
    for (const state of ['total', 'idle', 'waiting'] as const) {
      gauges.pool.set({ pool: pool.pool, state }, pool[state]);
    }
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request's bearer token is the configured one, compared in constant time. */
function tokenMatches(expected: string | undefined, authorization: string | undefined): boolean {
  if (!expected || !authorization) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return Boolean(match) && timingSafeEqual(digest(match![1]!), digest(expected));
}

/**
 * Who may scrape: off (404) while neither a token nor an address list is set; a request with the
 * token or from a listed address passes; otherwise 401 where a token would let it in, 403 where
 * only an address could.
 */
export function checkScraper(
  ctx: AppContext,
  request: { ip: string; authorization: string | undefined },
): Metrics {
  const { token, allowedAddresses } = ctx.config.metrics;
  if (!ctx.metrics) throw new AppError('METRICS_DISABLED');
  if (tokenMatches(token, request.authorization)) return ctx.metrics;
  if (addressInList(request.ip, allowedAddresses)) return ctx.metrics;
  throw new AppError(token ? 'UNAUTHENTICATED' : 'FORBIDDEN');
}

/** The exposition text of one scrape, the database's figures read now. */
export async function scrapeMetrics(
  ctx: AppContext,
  metrics: Metrics,
): Promise<{ text: string; type: string }> {
  const gauges = gaugesOf(metrics);
  refreshInstance(ctx, gauges);
  await refresh(ctx, gauges);
  return { text: await metrics.registry.metrics(), type: metrics.registry.contentType };
}
