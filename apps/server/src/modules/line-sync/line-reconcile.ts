import { toDisplayDate, type LineReconcileResult } from '@linedesk/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { startPeriodicJob, type PeriodicJob } from '../../platform/periodic-job.js';
import { readAgent } from '../servers/agent-read.js';
import { mapLimited } from '../servers/map-limited.js';
import { serversRepository, type ServerRow } from '../servers/servers.repository.js';
import { lineOutboxRepository, type OutboxKey } from './line-outbox.repository.js';
import { deliverNow, type SyncKind } from './line-sync.js';
import { lineSyncStateRepository } from './line-sync-state.repository.js';
import { announceNotices, notifyAdmins } from '../notifications/notify.js';

type AgentUser = { username: string; expiryDate: string; enabled: boolean };

/** Repairs delivered to one agent at the same time. */
const REPAIR_CONCURRENCY = 4;
/** Look at least this often whether the next periodic run is due. */
const MAX_POLL_SECONDS = 60;
const RUN_KEY = 'lines.reconcile_next_run';

function isAgentUser(value: unknown): value is AgentUser {
  const user = value as AgentUser | null;
  return (
    typeof user?.username === 'string' &&
    typeof user.expiryDate === 'string' &&
    typeof user.enabled === 'boolean'
  );
}

/** The agent's managed users (GET /users), or the spec's text for why they could not be read. */
async function agentUsers(ctx: AppContext, server: ServerRow, signal?: AbortSignal): Promise<AgentUser[]> {
  const body = await readAgent(ctx, server, (client) => client.listUsers(), undefined, signal);
  const users = (body as { users?: unknown } | null)?.users;
  if (!Array.isArray(users)) {
    throw new AppError('SERVER_API_NOT_RESPONDING', {
      message: 'CCcam server API is not responding. HTTP status: 200',
    });
  }
  return users.filter(isAgentUser);
}

/** Removals a reconcile always may make, however small the server: a few lost deletes are routine. */
const FREE_REMOVALS = 5;

/**
 * Compares one server's agent (GET /users: the users in its managed block, nothing hand-written) with
 * the panel's lines on that server and repairs every difference, the panel being the truth: missing
 * users are added, a different expiry or enabled flag is updated, users without a line are removed.
 * Repairs go through the outbox like any change, so they never race a delivery in flight, and what
 * cannot be delivered now is retried by the worker.
 *
 * A removal is the one repair that can cut customers off, so it is held to what the panel knows it
 * did: only users whose line the panel synced on this server (another panel record on the same
 * agent, an older installation, a hand-made entry are none of its business), never an old entry a
 * move keeps for its grace period, and never more than LINE_RECONCILE_MAX_REMOVE_PERCENT of the
 * server's users without an admin's word: then nothing is removed and admins are asked.
 */
export async function reconcileServer(
  ctx: AppContext,
  server: ServerRow,
  options: { confirmRemovals?: boolean; signal?: AbortSignal } = {},
): Promise<LineReconcileResult> {
  const { signal } = options;
  // The agent is read before the panel: a line created in between is then in the panel's list, so
  // it can never be taken for a leftover and removed.
  const onAgent = new Map((await agentUsers(ctx, server, signal)).map((user) => [user.username, user]));
  const inPanel = await lineSyncStateRepository.listForServer(ctx.db, server.id);

  const added: number[] = [];
  const updated: number[] = [];
  for (const line of inPanel) {
    const user = onAgent.get(line.username);
    if (!user) added.push(line.id);
    else if (user.expiryDate !== toDisplayDate(line.expiryDate) || user.enabled !== line.enabled) {
      updated.push(line.id);
    }
  }
  const panelNames = new Set(inPanel.map((line) => line.username));
  const strays = [...onAgent.keys()].filter((username) => !panelNames.has(username));
  const kept = strays.length > 0 ? await lineSyncStateRepository.keptByMoves(ctx.db, server.id) : new Set();
  const written =
    strays.length > 0
      ? await lineSyncStateRepository.writtenOnServer(
          ctx.db,
          server.id,
          strays.filter((username) => !kept.has(username)),
        )
      : new Set<string>();
  let leftovers = strays.filter((username) => written.has(username));
  const limit = Math.max(FREE_REMOVALS, (onAgent.size * ctx.config.lineReconcileMaxRemovePercent) / 100);
  let held = 0;
  if (leftovers.length <= limit || options.confirmRemovals) await recordHeld(ctx.db, server.id, 0);
  else {
    held = leftovers.length;
    leftovers = [];
    // Admins are asked once per count held, not at every periodic round that finds the same.
    const notified = await ctx.db.transaction(async (tx) => {
      if (!(await recordHeld(tx, server.id, held))) return null;
      return notifyAdmins(ctx, tx, {
        kind: 'reconcile_held',
        params: { server_id: server.id, server: server.serverName, count: held, total: onAgent.size },
      });
    });
    if (notified) await announceNotices(ctx, notified);
    ctx.log.warn(
      { serverId: server.id, held, users: onAgent.size },
      'Reconcile held back removals above the share an admin must confirm',
    );
  }

  await ctx.db.transaction((tx) => lineOutboxRepository.enqueueCurrentState(tx, [...added, ...updated]));
  const removed: string[] = [];
  for (const username of leftovers) {
    const key = { serverId: server.id, username };
    await lineOutboxRepository.enqueueDeleteIfNoLine(ctx.db, key);
    removed.push(username);
  }

  const byId = new Map(inPanel.map((line) => [line.id, line.username]));
  const repairs: { key: OutboxKey; kind: SyncKind }[] = [
    ...added.map((id) => ({ key: { serverId: server.id, username: byId.get(id)! }, kind: 'add' as const })),
    ...updated.map((id) => ({
      key: { serverId: server.id, username: byId.get(id)! },
      kind: 'update' as const,
    })),
    ...removed.map((username) => ({ key: { serverId: server.id, username }, kind: 'delete' as const })),
  ];
  // Every repair is in the outbox already: once stopping, the worker (here or elsewhere) delivers the
  // rest rather than this round.
  const results = await mapLimited(repairs, REPAIR_CONCURRENCY, async (repair) =>
    signal?.aborted ? { ok: false } : deliverNow(ctx, repair.key, repair.kind, signal),
  );
  if (repairs.length > 0) {
    ctx.log.info(
      { serverId: server.id, added: added.length, updated: updated.length, removed: removed.length },
      'Reconciled line agent users with the panel',
    );
  }
  return {
    server_id: server.id,
    checked: inPanel.length,
    added: added.length,
    updated: updated.length,
    removed: removed.length,
    unchanged: inPanel.length - added.length - updated.length,
    failed: results.filter((result) => !result.ok).length,
    held,
  };
}

/**
 * Records how many removals are held back for a server (0: none) and answers whether that is news:
 * the admins' notice goes out once per held count, and again after a round that held nothing.
 */
async function recordHeld(db: Db, serverId: number, held: number): Promise<boolean> {
  const key = `lines.reconcile_held.${serverId}`;
  if (held === 0) {
    await db.execute(sql`delete from app_settings where key = ${key}`);
    return false;
  }
  const result = await db.execute(sql`
    insert into app_settings (key, value) values (${key}, jsonb_build_object('held', ${held}::int))
    on conflict (key) do update set value = excluded.value, updated_at = now()
    where app_settings.value is distinct from excluded.value
    returning key`);
  return result.rows.length > 0;
}

/**
 * Claims this period's run for one instance: the row's time moves forward only where it has passed,
 * so of several instances polling at once exactly one gets a row back.
 */
async function claimPeriodicRun(db: Db, intervalSeconds: number): Promise<boolean> {
  const result = await db.execute(sql`
    insert into app_settings (key, value)
    values (${RUN_KEY}, jsonb_build_object('at', now() + (${intervalSeconds})::float8 * interval '1 second'))
    on conflict (key) do update set value = excluded.value, updated_at = now()
    where (app_settings.value->>'at')::timestamptz <= now()
    returning key`);
  return result.rows.length > 0;
}

/** Reconciles every active server every LINE_RECONCILE_INTERVAL_SECONDS, on one instance at a time. */
export function startLineReconcileJob(ctx: AppContext): PeriodicJob {
  const intervalSeconds = ctx.config.lineReconcileIntervalSeconds;
  if (intervalSeconds <= 0) return { stop: async () => undefined };
  return startPeriodicJob(ctx, {
    name: 'line-reconcile',
    everyMs: Math.min(intervalSeconds, MAX_POLL_SECONDS) * 1000,
    failureMessage: 'Line reconcile round failed',
    round: async (signal) => {
      if (!(await claimPeriodicRun(ctx.db, intervalSeconds))) return;
      const servers = (await serversRepository.listAll(ctx.db)).filter((s) => s.status === 'active');
      for (const server of servers) {
        if (signal.aborted) return;
        await reconcileServer(ctx, server, { signal }).catch((error: unknown) => {
          if (!signal.aborted) ctx.log.warn({ err: error, serverId: server.id }, 'Line reconcile failed');
        });
      }
    },
  });
}
