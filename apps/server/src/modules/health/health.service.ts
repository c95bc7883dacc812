import type { z } from 'zod';
import type { readinessDownSchema } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { appliedMigrations, shippedMigrations } from '../../db/client.js';

type Down = z.infer<typeof readinessDownSchema>;

/** The build's migrations never change while it runs: read once per process. */
let shipped: Promise<number> | null = null;
const shippedCount = () => (shipped ??= shippedMigrations().then((tags) => tags.length));

/**
 * Whether a load balancer should send this instance new requests: not while it is shutting down
 * (SIGTERM's drain), nor while its database does not answer, nor while the database lacks a
 * migration this build needs (another instance's older build started on it after a restore, say).
 */
export async function readiness(ctx: AppContext): Promise<{ ready: true } | { ready: false; down: Down }> {
  let db: Down['db'] = 'ok';
  let migrations: Down['migrations'] = 'unknown';
  try {
    const [applied, needed] = await Promise.all([appliedMigrations(ctx.db), shippedCount()]);
    migrations = applied >= needed ? 'ok' : 'pending';
  } catch {
    db = 'error';
  }
  const stopping = ctx.lifecycle.stopping;
  if (!stopping && db === 'ok' && migrations === 'ok') return { ready: true };
  return { ready: false, down: { status: 'error', db, migrations, shutting_down: stopping } };
}
