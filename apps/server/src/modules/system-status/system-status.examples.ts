import type { SystemStatus } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

// One agent (10.0.0.5) is down: its line changes wait in the outbox and are retried with backoff.
const status: SystemStatus = {
  database: { kind: 'postgres', ok: true, latency_ms: 0.84, error: null },
  migrations: { applied: 12, available: 12, latest: '0011_dashboard_renewals' },
  events: { transport: 'listen-notify', healthy: true },
  jobs: [
    {
      name: 'expiry-reminders',
      runs: 3,
      last_run_at: '2026-12-01T06:00:00.012Z',
      last_duration_ms: 184,
      last_error: null,
      last_error_at: null,
    },
    {
      name: 'line-reconcile',
      runs: 72,
      last_run_at: '2026-12-01T17:00:00.031Z',
      last_duration_ms: 2391,
      last_error: null,
      last_error_at: null,
    },
    {
      name: 'line-sync',
      runs: 25914,
      last_run_at: '2026-12-01T17:14:09.503Z',
      last_duration_ms: 41,
      last_error: null,
      last_error_at: null,
    },
    {
      name: 'server-check',
      runs: 864,
      last_run_at: '2026-12-01T17:10:00.007Z',
      last_duration_ms: 3020,
      last_error: null,
      last_error_at: null,
    },
  ],
  outbox: {
    pending: 2,
    failing: 1,
    oldest_at: '2026-12-01T16:58:21.640Z',
    last_error: 'connect ECONNREFUSED 10.0.0.5:3000',
  },
  mail: { transport: 'smtp' },
  backups: {
    by: 'pg_dump',
    interval_hours: 0,
    keep: 0,
    count: 0,
    last_at: null,
    last_size_bytes: null,
    next_at: null,
    last_error: null,
  },
  app: {
    version: '0.1.0',
    node: 'v22.11.0',
    started_at: '2026-11-28T17:14:12.377Z',
    uptime_seconds: 259200,
  },
};

export const systemStatusExamples: RouteExamples = {
  'GET /api/system/status': { response: status },
};
