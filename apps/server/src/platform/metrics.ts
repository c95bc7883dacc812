import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { QueryObserver } from '../db/client.js';
import type { AppConfig } from './config.js';

/** Seconds: from a cached read (a few ms) to a slow page (over 2 s, the slow-request log's bound). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * This instance's Prometheus registry: its process's figures (memory, event loop, CPU), its requests
 * and its database statements. Figures that come from the database are set at scrape time by the
 * metrics module, so every instance answers the same for them.
 */
export type Metrics = {
  registry: Registry;
  observeQuery: QueryObserver;
  requests: Counter<'method' | 'route' | 'status'>;
  requestSeconds: Histogram<'method' | 'route'>;
};

/** Whether this instance serves /api/metrics at all (and counts anything for it). */
export function metricsEnabled(config: AppConfig): boolean {
  return Boolean(config.metrics.token) || config.metrics.allowedAddresses.length > 0;
}

/** A registry of its own per app, so that two apps in one process (the tests) never share figures. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'linedesk_' });
  const queries = new Histogram({
    name: 'linedesk_db_query_duration_seconds',
    help: 'Time of each database statement, from sending it to its answer',
    labelNames: ['outcome'] as const,
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  return {
    registry,
    observeQuery: (seconds, failed) => queries.observe({ outcome: failed ? 'error' : 'ok' }, seconds),
    requests: new Counter({
      name: 'linedesk_http_requests_total',
      help: 'Requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    requestSeconds: new Histogram({
      name: 'linedesk_http_request_duration_seconds',
      help: 'Time to answer a request, by method and route pattern (event streams left out)',
      labelNames: ['method', 'route'] as const,
      buckets: REQUEST_BUCKETS,
      registers: [registry],
    }),
  };
}

/**
 * Counts every answer under its route's pattern (`/api/lines/:id`, never the address asked for, so a
 * scraper sees a few dozen series instead of one per line); an address no route matched counts as
 * `unmatched`. An event stream's time is how long a browser kept it open, not an answer's, so it is
 * counted but not timed.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    metrics.requests.inc({ method, route, status: String(reply.statusCode) });
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/event-stream')) return;
    metrics.requestSeconds.observe({ method, route }, reply.elapsedTime / 1000);
  });
}
