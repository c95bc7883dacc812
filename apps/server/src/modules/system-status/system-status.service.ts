import type { SystemStatus } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { appliedMigrations, pingDatabase, shippedMigrations } from '../../db/client.js';
import { APP_VERSION, backupStatus } from '../backups/backups.service.js';
import { toOutbox } from './system-status-mapper.js';
import { systemStatusRepository } from './system-status.repository.js';

async function databaseStatus(ctx: AppContext): Promise<SystemStatus['database']> {
  try {
    const latency = await pingDatabase(ctx.db);
    return { kind: ctx.database.kind, ok: true, latency_ms: Math.round(latency * 100) / 100, error: null };
  } catch (error) {
    return { kind: ctx.database.kind, ok: false, latency_ms: null, error: (error as Error).message };
  }
}

/** Everything an operator checks first when something seems off, on one page. */
export async function getSystemStatus(ctx: AppContext): Promise<SystemStatus> {
  const database = await databaseStatus(ctx);
  const [applied, shipped, outbox, backups] = await Promise.all([
    database.ok ? appliedMigrations(ctx.db) : Promise.resolve(0),
    shippedMigrations(),
    database.ok
      ? systemStatusRepository.outbox(ctx.db).then(toOutbox)
      : Promise.resolve({ pending: 0, failing: 0, oldest_at: null, last_error: null }),
    backupStatus(ctx),
  ]);
  const now = Date.now();
  return {
    database,
    migrations: { applied, available: shipped.length, latest: shipped[applied - 1] ?? null },
    events: {
      transport: ctx.database.listenClient ? 'listen-notify' : 'in-process',
      healthy: ctx.bus.healthy(),
    },
    jobs: ctx.jobs.snapshot().sort((a, b) => a.name.localeCompare(b.name)),
    outbox,
    mail: { transport: ctx.mailer.transport },
    backups,
    app: {
      version: APP_VERSION,
      node: process.version,
      started_at: ctx.startedAt.toISOString(),
      uptime_seconds: Math.floor((now - ctx.startedAt.getTime()) / 1000),
    },
  };
}
