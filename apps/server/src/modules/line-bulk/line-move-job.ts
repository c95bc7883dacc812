import {
  lineEntryRestrictions,
  parseHostPort,
  serverAddress,
  storedLineConnectionLine,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { lineOutboxRepository } from '../line-sync/line-outbox.repository.js';
import { planOfLine } from '../line-plans/line-plans.service.js';
import { assertPackagesOnServer } from '../lines/line-packages.js';
import { queueUpsert } from '../lines/line-write.js';
import { linesRepository } from '../lines/lines.repository.js';
import { announceNotices, notify, type Notified } from '../notifications/notify.js';
import { serversRepository, type ServerRow } from '../servers/servers.repository.js';
import type { BulkParams } from './line-bulk-item.js';
import { lineBulkRepository, type BulkJobRow } from './line-bulk.repository.js';
import { lineMoveRepository, type MoveItemState } from './line-move.repository.js';

/** Items read per statement while a round walks a job. */
const SLICE = 200;
/** Due at once: the line-sync worker delivers the job's rows in its per-server batches. */
const WORKER_NOW = 0;
const HOUR_MS = 3_600_000;

/** Whether the line is on the target and its agent has it: nothing queued for it there, marked synced. */
function inSyncOnTarget(state: MoveItemState, targetId: number): boolean {
  const line = state.line;
  // Deleted, or taken elsewhere since: the target is no longer this line's business.
  if (!line || line.serverId !== targetId) return true;
  return line.syncState === 'synced' && !state.targetPending;
}

/**
 * Step 1: the line now belongs to the target, and its add there is queued, in one transaction
 * under the item's and the line's locks. The old server keeps the line meanwhile, so its customer
 * stays connected until the target has it.
 */
async function addOnTarget(
  ctx: AppContext,
  job: BulkJobRow,
  state: MoveItemState,
  target: ServerRow,
): Promise<string | null | undefined> {
  try {
    return await ctx.db.transaction(async (tx) => {
      // Another runner (an instance that took the job over) may have done this step meanwhile.
      const item = await lineBulkRepository.lockPendingItem(tx, state.id);
      if (!item || item.stage !== null) return undefined;
      const current = state.lineId === null ? undefined : await linesRepository.lockById(tx, state.lineId);
      if (!current) throw new AppError('LINE_NOT_FOUND');
      if (current.serverId === target.id) throw new AppError('LINE_MOVE_SAME_SERVER');
      // Given back when its server refused it: it goes nowhere until it is created (and paid) again.
      if (current.syncState === 'refused') throw new AppError('LINE_REFUSED_BY_SERVER');
      const from =
        current.serverId === null ? undefined : await serversRepository.findById(tx, current.serverId);
      if (from && from.protocol !== target.protocol) {
        throw new AppError('LINE_MOVE_PROTOCOL_MISMATCH', {
          params: { from: from.protocol, to: target.protocol },
        });
      }
      // The target must know every package the line gets, or the line would lose them there.
      const plan = await planOfLine(tx, current.planId);
      assertPackagesOnServer(
        lineEntryRestrictions(plan.restrictions, current.restrictionOverrides) ?? {},
        target,
      );
      const address = serverAddress({ host_ip: target.hostIp, hostname: target.hostname, port: target.port });
      const before = current.hostPort.map(parseHostPort).find((parsed) => parsed !== null);
      const addressChanged =
        !from ||
        !before ||
        `${before.host}:${before.port}` !== address ||
        (target.protocol === 'NewCamd' && from.newcamdDesKey !== target.newcamdDesKey);
      const line = (await linesRepository.update(tx, current.id, {
        serverId: target.id,
        hostPort: [address],
        syncState: 'pending',
      }))!;
      await queueUpsert(
        tx,
        line,
        target.id,
        { workerAfterMs: WORKER_NOW },
        {
          lineId: line.id,
          ownerId: line.ownerId,
          actorId: job.accountId,
          action: 'server_moved',
          details: {
            from_server_id: current.serverId,
            to_server_id: target.id,
            to_server: target.serverName,
            bulk_job_id: job.id,
          },
        },
      );
      await lineMoveRepository.advance(tx, state.id, null, {
        stage: 'added',
        fromServerId: current.serverId,
        addressChanged,
      });
      return line.ownerId;
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await lineBulkRepository.settleItem(ctx.db, state.id, {
      result: 'refused',
      code: error.code,
      message: error.message,
    });
    return undefined;
  }
}

/**
 * Step 2, once the target has loaded the line: with a grace period the old entry stays until it ends
 * (or until the line is seen connected on the target), so receivers that still reach the old
 * address keep working; a line deleted or taken elsewhere meanwhile has no reason to wait.
 */
async function startGrace(ctx: AppContext, state: MoveItemState, hours: number): Promise<void> {
  await lineMoveRepository.advance(ctx.db, state.id, 'added', {
    stage: 'grace',
    graceUntil: new Date(Date.now() + hours * HOUR_MS),
  });
}

/** Whether a line waiting out its grace may leave the old server now. */
function graceOver(state: MoveItemState, targetId: number, hours: number): boolean {
  if (!state.line || state.line.serverId !== targetId) return true;
  if (!state.graceUntil || state.graceUntil.getTime() <= Date.now()) return true;
  const started = state.graceUntil.getTime() - hours * HOUR_MS;
  return state.seenOnTargetAt !== null && state.seenOnTargetAt.getTime() >= started;
}

/** Step 3: the line's removal from the server it came from is queued. */
async function removeFromSource(ctx: AppContext, state: MoveItemState): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const item = await lineBulkRepository.lockPendingItem(tx, state.id);
    if (item?.stage !== 'added' && item?.stage !== 'grace') return;
    // Under the line's lock, as every outbox write for a line is (a deleted line has none to take).
    const line = state.lineId === null ? undefined : await linesRepository.lockById(tx, state.lineId);
    const from = state.fromServerId;
    if (from !== null && state.username !== null && line?.serverId !== from) {
      await lineOutboxRepository.enqueue(
        tx,
        { serverId: from, username: state.username, lineId: state.lineId, operation: 'delete' },
        WORKER_NOW,
      );
    }
    await lineMoveRepository.advance(tx, state.id, item.stage, { stage: 'removing' });
  });
}

/**
 * Step 4, once the old server no longer has the line and the target still has it in sync: the items
 * are done, and each owner whose customers now connect elsewhere is told their new connection lines,
 * in the same transaction (a notice is never sent for a move that did not finish, nor lost).
 */
async function settleVerified(
  ctx: AppContext,
  job: BulkJobRow,
  target: ServerRow,
  verified: MoveItemState[],
): Promise<void> {
  if (verified.length === 0) return;
  const notified: Notified[] = [];
  await ctx.db.transaction(async (tx) => {
    const ids = verified.flatMap((state) => (state.lineId === null ? [] : [state.lineId]));
    const credentials = new Map(
      (await lineMoveRepository.credentials(tx, ids)).map((line) => [line.id, line]),
    );
    const byOwner = new Map<string, { line_id: number; username: string; connection_line: string }[]>();
    for (const state of verified) {
      const found = state.lineId === null ? undefined : credentials.get(state.lineId);
      const onTarget = found && state.line?.serverId === target.id ? found : undefined;
      const text = onTarget
        ? storedLineConnectionLine(onTarget, target.protocol, target.newcamdDesKey)
        : null;
      const settled = await lineBulkRepository.settleItem(tx, state.id, {
        result: 'done',
        connectionLine: text,
      });
      const ownerId = onTarget?.ownerId;
      if (!settled || !text || !onTarget || !state.addressChanged || !ownerId) continue;
      const list = byOwner.get(ownerId) ?? [];
      list.push({ line_id: onTarget.id, username: onTarget.username, connection_line: text });
      byOwner.set(ownerId, list);
    }
    for (const [ownerId, lines] of byOwner) {
      notified.push(
        await notify(ctx, tx, ownerId, {
          kind: 'line_moved',
          params: { server: target.serverName, lines },
        }),
      );
    }
  });
  await announceNotices(ctx, ...notified);
}

/**
 * One pass over a move's pending lines, each taken one step further when it can be: (1) added on
 * the target, (2) once the target has loaded it (synced means loaded), its old entry kept for the
 * move's grace period, (3) then removed from the old server, (4) once that is delivered, done. The deliveries themselves are the line-sync outbox's (crash-safe, retried while an agent is
 * down), so a pass never waits on an agent: a line whose agent does not answer stays at its step,
 * and a later pass (this instance's or, after a crash, another's) carries it on. At the end no line
 * is on both servers and none on neither. Returns the owners whose lines changed, each with one of
 * those lines (the id its change event names).
 */
export async function runMoveRound(
  ctx: AppContext,
  job: BulkJobRow,
  signal: AbortSignal,
  /** Renews the job's lease between slices; false when another instance took the job over. */
  keepLease: () => Promise<boolean>,
): Promise<Map<string, number>> {
  const params = job.params as BulkParams;
  const graceHours = params.grace_hours ?? 0;
  const owners = new Map<string, number>();
  const target = await serversRepository.findById(ctx.db, params.target_server_id!);
  for (let afterSeq = 0; !signal.aborted;) {
    const states = await lineMoveRepository.pendingStates(ctx.db, job.id, target?.id ?? 0, afterSeq, SLICE);
    if (states.length === 0) break;
    afterSeq = states[states.length - 1]!.seq;
    const verified: MoveItemState[] = [];
    for (const state of states) {
      if (signal.aborted) break;
      if (!target) {
        // The target was deleted meanwhile: what is not moved yet stays where it is.
        const gone = new AppError('SERVER_NOT_FOUND');
        await lineBulkRepository.settleItem(ctx.db, state.id, {
          result: 'refused',
          code: gone.code,
          message: gone.message,
        });
        continue;
      }
      if (state.stage === null) {
        const owner = await addOnTarget(ctx, job, state, target);
        if (owner && state.lineId !== null) owners.set(owner, state.lineId);
      } else if (state.stage === 'added') {
        if (!inSyncOnTarget(state, target.id)) continue;
        // Jobs from before grace periods have none.
        const line = state.line;
        if (graceHours > 0 && line && line.serverId === target.id) await startGrace(ctx, state, graceHours);
        else await removeFromSource(ctx, state);
      } else if (state.stage === 'grace') {
        if (graceOver(state, target.id, graceHours)) await removeFromSource(ctx, state);
      } else if (!state.sourcePending && inSyncOnTarget(state, target.id)) {
        verified.push(state);
        if (state.line?.ownerId && state.lineId !== null) owners.set(state.line.ownerId, state.lineId);
      }
    }
    if (target) await settleVerified(ctx, job, target, verified);
    if (!(await keepLease())) break;
  }
  return owners;
}
