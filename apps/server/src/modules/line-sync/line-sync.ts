import { randomUUID } from 'node:crypto';
import {
  errorMessages,
  formatErrorMessage,
  type ChangeEvent,
  type ErrorCode,
  type ErrorParams,
  type LineSyncResult,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { createAgentDelivery, type AgentDelivery, type Outcome } from './line-agent-delivery.js';
import { lineOutboxRepository, type OutboxKey, type OutboxRow } from './line-outbox.repository.js';
import { lineHistoryRepository } from '../lines/line-history.repository.js';
import { linesRepository } from '../lines/lines.repository.js';
import { perContext } from '../../platform/per-context.js';
import { backoffMs, leaseCoveringCallsMs } from '../../platform/backoff.js';
import { lineSyncStateRepository } from './line-sync-state.repository.js';
import { settleAdoption, type AdoptionSettled } from './line-adoption-settle.js';
import { settleRefusal } from './line-refusal-settle.js';

/** Which family of texts a delivery outcome is told in: the reader sees what their request was doing. */
export type SyncKind = 'add' | 'update' | 'renew' | 'delete';

const texts: Record<SyncKind, { serverFailed: ErrorCode; notSynced: ErrorCode }> = {
  add: { serverFailed: 'LINE_SERVER_ADD_FAILED', notSynced: 'LINE_ADDED_NOT_SYNCED' },
  update: { serverFailed: 'LINE_SERVER_UPDATE_FAILED', notSynced: 'LINE_UPDATED_NOT_SYNCED' },
  renew: { serverFailed: 'LINE_SERVER_RENEW_FAILED', notSynced: 'LINE_RENEWED_NOT_SYNCED' },
  delete: { serverFailed: 'LINE_SERVER_DELETE_FAILED', notSynced: 'LINE_DELETED_NOT_SYNCED' },
};

export const SYNC_OK: LineSyncResult = { ok: true, code: null, message: null, params: null };

export function syncResult(kind: SyncKind, outcome: Outcome): LineSyncResult {
  if (outcome.ok) return SYNC_OK;
  const family = texts[kind];
  if (outcome.unreachable) {
    const params = { reason: outcome.reason };
    return {
      ok: false,
      code: family.notSynced,
      message: formatErrorMessage(family.notSynced, params),
      params,
    };
  }
  if (outcome.reloadError !== undefined) {
    const params = { reason: outcome.reloadError };
    return {
      ok: false,
      code: 'LINE_SERVER_RELOAD_FAILED',
      message: formatErrorMessage('LINE_SERVER_RELOAD_FAILED', params),
      params,
    };
  }
  // The server's own message when it gives one (it knows best what went wrong), else the default text.
  return {
    ok: false,
    code: family.serverFailed,
    message: outcome.serverMessage ?? errorMessages[family.serverFailed],
    params: null,
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
  return leaseCoveringCallsMs(timing.timeoutMs);
}

/** The panel's backoff with ±20 % jitter, so rows failed together do not retry in lockstep. */
export function retryDelayMs(attemptsBefore: number, timing: SyncTiming): number {
  return backoffMs(attemptsBefore, { baseMs: timing.retryBaseMs, maxMs: timing.retryMaxMs, jitter: 0.2 });
}

/** This app's deliverer, which batches the rows handed to it per server. */
const deliveryOf: (ctx: AppContext) => AgentDelivery = perContext(createAgentDelivery);

function syncEvent(lineId: number, ownerId: string | null): ChangeEvent {
  return {
    table: 'users',
    action: 'update',
    id: String(lineId),
    audience: ownerId ? [ownerId] : [],
    syncOnly: true,
  };
}

async function publishLine(ctx: AppContext, lineId: number, ownerId: string | null): Promise<void> {
  await ctx.bus.publish(syncEvent(lineId, ownerId));
}

/** The text family for a retry nobody is waiting for: a line never synced is still being "added". */
async function backgroundKind(ctx: AppContext, row: OutboxRow): Promise<SyncKind> {
  if (row.operation === 'delete') return 'delete';
  if (row.operation === 'adopt') return 'add';
  if (row.lineId === null) return 'update';
  const line = await lineSyncStateRepository.syncedAt(ctx.db, row.lineId);
  return line && line.syncedAt === null ? 'add' : 'update';
}

/** What a delivery changed on its line: set when this delivery marked it synced or failing. */
export type LineSyncFields = {
  syncState: 'synced' | 'failing' | 'refused';
  syncError: string | null;
  syncErrorCode: ErrorCode | null;
  syncErrorParams: ErrorParams | null;
  syncedAt?: Date;
};
export type Delivered = {
  sync: LineSyncResult;
  line: LineSyncFields | null;
  /** For an adoption: how it ended, when it did (else it waits for a retry). */
  adoption?: AdoptionSettled;
};

type Recording = {
  row: OutboxRow;
  leaseId: string;
  done: (synced: { syncedAt: Date } | null) => void;
  fail: (error: unknown) => void;
};
type Recorder = { waiting: Recording[]; running: boolean };
const recorderOf = perContext((): Recorder => ({ waiting: [], running: false }));

/** Records one batch of successful deliveries: a few statements whatever its size. */
async function recordBatch(ctx: AppContext, batch: Recording[]): Promise<void> {
  await lineOutboxRepository.completeMany(ctx.db, batch);
  const lines = batch.flatMap(({ row }) =>
    row.operation === 'upsert' && row.lineId !== null
      ? [{ id: row.lineId, serverId: row.serverId, username: row.username }]
      : [],
  );
  const synced = await lineSyncStateRepository.markSyncedMany(ctx.db, lines);
  await ctx.bus.publishAll(synced.map((line) => syncEvent(line.id, line.ownerId)));
  const byId = new Map(synced.map((line) => [line.id, line]));
  for (const item of batch) {
    const line = item.row.lineId === null ? undefined : byId.get(item.row.lineId);
    item.done(line && item.row.operation === 'upsert' ? { syncedAt: line.syncedAt } : null);
  }
}

/**
 * Successful deliveries are recorded together: those that finish while a recording runs (in
 * practice one agent batch, settled at once) share the next one, so a burst costs a few statements
 * per batch instead of three per line.
 */
function recordDelivered(
  ctx: AppContext,
  row: OutboxRow,
  leaseId: string,
): Promise<{ syncedAt: Date } | null> {
  const own = recorderOf(ctx);
  return new Promise((done, fail) => {
    own.waiting.push({ row, leaseId, done, fail });
    if (own.running) return;
    own.running = true;
    // After this turn's other settled deliveries have queued theirs.
    setImmediate(() => {
      void (async () => {
        try {
          while (own.waiting.length > 0) {
            const batch = own.waiting.splice(0, RECORD_BATCH);
            await recordBatch(ctx, batch).catch((error: unknown) =>
              batch.forEach((item) => item.fail(error)),
            );
          }
        } finally {
          own.running = false;
        }
      })();
    });
  });
}

/** Rows per recording statement, well inside PostgreSQL's 65,535 parameters. */
const RECORD_BATCH = 1000;

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
  return (await deliverLeasedRow(ctx, row, leaseId, kind, signal)).sync;
}

async function deliverLeasedRow(
  ctx: AppContext,
  row: OutboxRow,
  leaseId: string,
  kind: SyncKind | null,
  signal?: AbortSignal,
): Promise<Delivered> {
  const timing = syncTiming(ctx);
  let outcome: Outcome;
  try {
    outcome = await deliveryOf(ctx).deliver(row);
  } catch (error) {
    await lineOutboxRepository.release(ctx.db, row.id, leaseId);
    throw error;
  }
  // The text family only words a failure: a success asks the database nothing (a 10,000-line import
  // would otherwise read each line once more on its way to the agent).
  const result = outcome.ok ? SYNC_OK : syncResult(kind ?? (await backgroundKind(ctx, row)), outcome);
  if (signal?.aborted && !outcome.ok) {
    // Shutting down, not the server's fault: hand the row back untouched.
    await lineOutboxRepository.release(ctx.db, row.id, leaseId);
    return { sync: result, line: null };
  }
  if (row.operation === 'adopt') {
    const adoption = await settleAdoption(ctx, row, leaseId, outcome);
    if (adoption) return { sync: adoption.status === 'adopted' ? SYNC_OK : result, line: null, adoption };
  }
  if (!outcome.ok && !outcome.unreachable && outcome.refused) {
    // Refused for good before the line ever reached its server: not retried, and it costs nothing.
    const refused = await settleRefusal(ctx, row, leaseId, outcome);
    if (refused) {
      const code = 'LINE_SERVER_REFUSED' as const;
      return {
        sync: { ok: false, code, message: refused.message, params: refused.params },
        line: {
          syncState: 'refused',
          syncError: refused.message,
          syncErrorCode: code,
          syncErrorParams: refused.params,
        },
      };
    }
  }
  if (result.ok) {
    const synced = await recordDelivered(ctx, row, leaseId);
    return {
      sync: result,
      line: synced
        ? {
            syncState: 'synced',
            syncError: null,
            syncErrorCode: null,
            syncErrorParams: null,
            syncedAt: synced.syncedAt,
          }
        : null,
    };
  }
  const message = result.message ?? 'Sync failed';
  await lineOutboxRepository.fail(ctx.db, row, leaseId, message, retryDelayMs(row.attempts, timing));
  if (row.operation !== 'delete' && row.lineId !== null) {
    const failure = {
      message,
      code: result.code as ErrorCode | null,
      params: result.params,
    };
    const lineId = row.lineId;
    // The line is locked before the outbox is looked at, the order the refusal's settling takes too:
    // a deliverer that completes the row meanwhile marks the line synced after this, never before.
    const failing = await ctx.db.transaction(async (tx) => {
      await linesRepository.lockById(tx, lineId);
      const marked = await lineSyncStateRepository.markFailing(tx, lineId, row, failure);
      if (marked) {
        await lineHistoryRepository.insert(tx, {
          lineId,
          actorId: null,
          action: 'sync_failed',
          details: { server_id: row.serverId, error: message, code: result.code, params: result.params },
        });
      }
      return marked;
    });
    if (failing) {
      await publishLine(ctx, lineId, failing.ownerId);
      return {
        sync: result,
        line: {
          syncState: 'failing',
          syncError: message,
          syncErrorCode: failure.code,
          syncErrorParams: failure.params,
        },
      };
    }
  }
  return { sync: result, line: null };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Delivers what is pending for one (server, username) now, for a request that just committed a
 * change and reports the outcome. If another deliverer (the worker, another instance, a concurrent
 * request) holds the row, waits for it rather than talking to the agent at the same time: two
 * deliveries racing could land in the wrong order. Nothing pending means someone already delivered it.
 */
export async function deliverNow(
  ctx: AppContext,
  key: OutboxKey,
  kind: SyncKind,
  signal?: AbortSignal,
): Promise<LineSyncResult> {
  return (await deliverNowDetailed(ctx, key, kind, undefined, signal)).sync;
}

/**
 * `deliverNow`, also telling what the delivery changed on the line. `claimed`: the row the request's
 * own transaction already leased (enqueue with a lease), delivered without claiming it again.
 */
export async function deliverNowDetailed(
  ctx: AppContext,
  key: OutboxKey,
  kind: SyncKind,
  claimed?: { row: OutboxRow; leaseId: string },
  /** A background job's: its stop leaves the row to the outbox worker instead of waiting here. */
  signal?: AbortSignal,
): Promise<Delivered> {
  if (claimed) return deliverLeasedRow(ctx, claimed.row, claimed.leaseId, kind, signal);
  const timing = syncTiming(ctx);
  const leaseId = randomUUID();
  const deadline = Date.now() + leaseMs(timing);
  for (;;) {
    const row = await lineOutboxRepository.claimKey(ctx.db, key, leaseMs(timing), leaseId);
    if (row) return deliverLeasedRow(ctx, row, leaseId, kind, signal);
    const pending = await lineOutboxRepository.findByKey(ctx.db, key);
    if (!pending) return { sync: SYNC_OK, line: null };
    if (Date.now() > deadline || signal?.aborted) {
      return {
        sync: syncResult(kind, {
          ok: false,
          unreachable: true,
          reason: 'another delivery to this server is still running',
        }),
        line: null,
      };
    }
    await sleep(50);
  }
}
