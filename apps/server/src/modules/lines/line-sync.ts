import { randomUUID } from 'node:crypto';
import { errorMessages, formatErrorMessage, type ErrorCode, type LineSyncResult } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { createAgentDelivery, type AgentDelivery, type Outcome } from './line-agent-delivery.js';
import { lineOutboxRepository, type OutboxKey, type OutboxRow } from './line-outbox.repository.js';
import { linesRepository } from './lines.repository.js';

/** Which of the spec's text families a delivery outcome is told in (spec section 8). */
export type SyncKind = 'add' | 'update' | 'renew' | 'delete';

const texts: Record<SyncKind, { serverFailed: ErrorCode; notSynced: ErrorCode }> = {
  add: { serverFailed: 'LINE_SERVER_ADD_FAILED', notSynced: 'LINE_ADDED_NOT_SYNCED' },
  update: { serverFailed: 'LINE_SERVER_UPDATE_FAILED', notSynced: 'LINE_UPDATED_NOT_SYNCED' },
  renew: { serverFailed: 'LINE_SERVER_RENEW_FAILED', notSynced: 'LINE_RENEWED_NOT_SYNCED' },
  delete: { serverFailed: 'LINE_SERVER_DELETE_FAILED', notSynced: 'LINE_DELETED_NOT_SYNCED' },
};

export const SYNC_OK: LineSyncResult = { ok: true, code: null, message: null };

export function syncResult(kind: SyncKind, outcome: Outcome): LineSyncResult {
  if (outcome.ok) return SYNC_OK;
  const family = texts[kind];
  if (outcome.unreachable) {
    return {
      ok: false,
      code: family.notSynced,
      message: formatErrorMessage(family.notSynced, { reason: outcome.reason }),
    };
  }
  if (outcome.reloadError !== undefined) {
    return {
      ok: false,
      code: 'LINE_SERVER_RELOAD_FAILED',
      message: formatErrorMessage('LINE_SERVER_RELOAD_FAILED', { reason: outcome.reloadError }),
    };
  }
  // Spec 8: the server's own message when it gives one, else the default text.
  return {
    ok: false,
    code: family.serverFailed,
    message: outcome.serverMessage ?? errorMessages[family.serverFailed],
  };
}

export type SyncTiming = { timeoutMs: number; retryBaseMs: number; retryMaxMs: number };

export function syncTiming(ctx: AppContext): SyncTiming {
  return {
    timeoutMs: ctx.config.serverApiTimeoutMs,
    retryBaseMs: ctx.config.lineSyncRetryBaseMs,
    retryMaxMs: ctx.config.lineSyncRetryMaxMs,
  };
}

/** Covers both agent calls of an upsert with room to spare; a crashed deliverer's lease runs out. */
export function leaseMs(timing: SyncTiming): number {
  return timing.timeoutMs * 3 + 5000;
}

/** Exponential backoff with ±20 % jitter, so rows failed together do not retry in lockstep. */
export function retryDelayMs(attemptsBefore: number, timing: SyncTiming): number {
  const exponential = timing.retryBaseMs * 2 ** Math.min(attemptsBefore, 30);
  const jittered = exponential * (0.8 + Math.random() * 0.4);
  return Math.round(Math.min(timing.retryMaxMs, jittered));
}

const deliveries = new WeakMap<AppContext, AgentDelivery>();

/** This app's deliverer, which batches the rows handed to it per server. */
function deliveryOf(ctx: AppContext): AgentDelivery {
  let delivery = deliveries.get(ctx);
  if (!delivery) {
    delivery = createAgentDelivery(ctx);
    deliveries.set(ctx, delivery);
  }
  return delivery;
}

async function publishLine(ctx: AppContext, lineId: number, ownerId: string | null): Promise<void> {
  await ctx.bus.publish({
    table: 'users',
    action: 'update',
    id: String(lineId),
    audience: ownerId ? [ownerId] : [],
    syncOnly: true,
  });
}

/** The text family for a retry nobody is waiting for: a line never synced is still being "added". */
async function backgroundKind(ctx: AppContext, row: OutboxRow): Promise<SyncKind> {
  if (row.operation === 'delete') return 'delete';
  if (row.lineId === null) return 'update';
  const line = await linesRepository.syncedAt(ctx.db, row.lineId);
  return line && line.syncedAt === null ? 'add' : 'update';
}

/**
 * Delivers a row this caller holds the lease of, then records the outcome: the outbox row goes (or
 * waits for its retry), the line's sync state and history follow, and its owner's lists refresh.
 */
export async function deliverLeased(
  ctx: AppContext,
  row: OutboxRow,
  leaseId: string,
  kind: SyncKind | null,
  signal?: AbortSignal,
): Promise<LineSyncResult> {
  const timing = syncTiming(ctx);
  let outcome: Outcome;
  try {
    outcome = await deliveryOf(ctx).deliver(row);
  } catch (error) {
    await lineOutboxRepository.release(ctx.db, row.id, leaseId);
    throw error;
  }
  const result = syncResult(kind ?? (await backgroundKind(ctx, row)), outcome);
  if (signal?.aborted && !outcome.ok) {
    // Shutting down, not the server's fault: hand the row back untouched.
    await lineOutboxRepository.release(ctx.db, row.id, leaseId);
    return result;
  }
  if (result.ok) {
    await lineOutboxRepository.complete(ctx.db, row, leaseId);
    if (row.operation === 'upsert' && row.lineId !== null) {
      const synced = await linesRepository.markSynced(ctx.db, {
        id: row.lineId,
        serverId: row.serverId,
        username: row.username,
      });
      if (synced) {
        await linesRepository.insertEvent(ctx.db, {
          lineId: row.lineId,
          actorId: null,
          action: 'synced',
          details: { server_id: row.serverId },
        });
        await publishLine(ctx, row.lineId, synced.ownerId);
      }
    }
    return result;
  }
  const message = result.message ?? 'Sync failed';
  await lineOutboxRepository.fail(ctx.db, row, leaseId, message, retryDelayMs(row.attempts, timing));
  if (row.operation === 'upsert' && row.lineId !== null) {
    const failing = await linesRepository.markFailing(ctx.db, row.lineId, message);
    if (failing) {
      await linesRepository.insertEvent(ctx.db, {
        lineId: row.lineId,
        actorId: null,
        action: 'sync_failed',
        details: { server_id: row.serverId, error: message, code: result.code },
      });
      await publishLine(ctx, row.lineId, failing.ownerId);
    }
  }
  return result;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Delivers what is pending for one (server, username) now, for a request that just committed a
 * change and reports the outcome. If another deliverer (the worker, another instance, a concurrent
 * request) holds the row, waits for it rather than talking to the agent at the same time: two
 * deliveries racing could land in the wrong order. Nothing pending means someone already delivered it.
 */
export async function deliverNow(ctx: AppContext, key: OutboxKey, kind: SyncKind): Promise<LineSyncResult> {
  const timing = syncTiming(ctx);
  const leaseId = randomUUID();
  const deadline = Date.now() + leaseMs(timing);
  for (;;) {
    const claimed = await lineOutboxRepository.claimKey(ctx.db, key, leaseMs(timing), leaseId);
    if (claimed) return deliverLeased(ctx, claimed, leaseId, kind);
    const pending = await lineOutboxRepository.findByKey(ctx.db, key);
    if (!pending) return SYNC_OK;
    if (Date.now() > deadline) {
      return syncResult(kind, {
        ok: false,
        unreachable: true,
        reason: 'another delivery to this server is still running',
      });
    }
    await sleep(50);
  }
}
