import {
  lineEntryRestrictions,
  parseHostPort,
  serverAddress,
  storedLineConnectionLine,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { assertPackagesOnServer } from '../lines/line-packages.js';
import type { LinePlanRow } from '../line-plans/line-plans.repository.js';
import { lineUpsertPayload } from '../line-sync/line-payload.js';
import { linesRepository } from '../lines/lines.repository.js';
import { announceNotices, notify, type Notified } from '../notifications/notify.js';
import { serversRepository, type ServerRow } from '../servers/servers.repository.js';
import { planOnce, type BulkParams } from './line-bulk-item.js';
import { lineBulkRepository, type BulkJobRow } from './line-bulk.repository.js';
import {
  lineMoveRepository,
  type MoveAddRow,
  type MoveItemState,
  type MoveRemoveRow,
} from './line-move.repository.js';

/** Items read per statement while a round walks a job. */
const SLICE = 200;
const HOUR_MS = 3_600_000;

/** Whether the line is on the target and its agent has it: nothing queued for it there, marked synced. */
function inSyncOnTarget(state: MoveItemState, targetId: number): boolean {
  const line = state.line;
  // Deleted, or taken elsewhere since: the target is no longer this line's business.
  if (!line || line.serverId !== targetId) return true;
  return line.syncState === 'synced' && !state.targetPending;
}

/**
 * Step 1 for a slice of lines: each line now belongs to the target, and its add there is queued, in
 * one transaction under the items' and the lines' locks (a few statements for the slice, not ten a
 * line). The old server keeps each line meanwhile, so its customer stays connected until the target
 * has it. A line a rule refuses settles refused in the same transaction. Returns each changed line's
 * owner (with the line).
 */
async function addOnTarget(
  ctx: AppContext,
  job: BulkJobRow,
  states: MoveItemState[],
  target: ServerRow,
): Promise<Map<string, number>> {
  const owners = new Map<string, number>();
  if (states.length === 0) return owners;
  await ctx.db.transaction(async (tx) => {
    // Another runner (an instance that took the job over) may have done this step meanwhile.
    const items = (
      await lineBulkRepository.lockPendingItems(
        tx,
        states.map((state) => state.id),
      )
    ).filter((item) => item.stage === null);
    const lines = await linesRepository.lockByIds(
      tx,
      items.flatMap((item) => (item.lineId === null ? [] : [item.lineId])),
    );
    const lineById = new Map(lines.map((line) => [line.id, line]));
    const servers = new Map<number, ServerRow | undefined>();
    const plans = new Map<number, LinePlanRow>();
    const address = serverAddress({ host_ip: target.hostIp, hostname: target.hostname, port: target.port });
    const rows: MoveAddRow[] = [];
    for (const item of items) {
      try {
        const current = item.lineId === null ? undefined : lineById.get(item.lineId);
        if (!current) throw new AppError('LINE_NOT_FOUND');
        if (current.serverId === target.id) throw new AppError('LINE_MOVE_SAME_SERVER');
        // Given back when its server refused it: it goes nowhere until it is created (and paid) again.
        if (current.syncState === 'refused') throw new AppError('LINE_REFUSED_BY_SERVER');
        let from: ServerRow | undefined;
        if (current.serverId !== null) {
          if (!servers.has(current.serverId)) {
            servers.set(current.serverId, await serversRepository.findById(tx, current.serverId));
          }
          from = servers.get(current.serverId);
        }
        if (from && from.protocol !== target.protocol) {
          throw new AppError('LINE_MOVE_PROTOCOL_MISMATCH', {
            params: { from: from.protocol, to: target.protocol },
          });
        }
        // The target must know every package the line gets, or the line would lose them there.
        const plan = await planOnce(tx, plans, current.planId);
        assertPackagesOnServer(
          lineEntryRestrictions(plan.restrictions, current.restrictionOverrides) ?? {},
          target,
        );
        // A line that lists the target's address already (its standby's, docs/standby.md) has its
        // customers connecting there with nothing to change: its owner is not told new lines.
        const listed = current.hostPort
          .map(parseHostPort)
          .some((parsed) => parsed !== null && `${parsed.host}:${parsed.port}` === address);
        const addressChanged =
          !from || !listed || (target.protocol === 'NewCamd' && from.newcamdDesKey !== target.newcamdDesKey);
        rows.push({
          item_id: item.id,
          line_id: current.id,
          owner_id: current.ownerId,
          username: current.username,
          server_id: target.id,
          address,
          // The line's whole entry: the move changes nothing of it but where it is.
          payload: lineUpsertPayload(current, plan.restrictions),
          details: {
            from_server_id: current.serverId,
            to_server_id: target.id,
            to_server: target.serverName,
            bulk_job_id: job.id,
          },
          from_server_id: current.serverId,
          address_changed: addressChanged,
          lease_id: null,
        });
        if (current.ownerId !== null) owners.set(current.ownerId, current.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await lineBulkRepository.settleItem(tx, item.id, {
          result: 'refused',
          code: error.code,
          message: error.message,
        });
      }
    }
    await lineMoveRepository.addedMany(tx, job.accountId, rows);
  });
  return owners;
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

/** Step 3 for a slice of lines: each line's removal from the server it came from is queued. */
async function removeFromSource(ctx: AppContext, states: MoveItemState[]): Promise<void> {
  if (states.length === 0) return;
  await ctx.db.transaction(async (tx) => {
    const items = (
      await lineBulkRepository.lockPendingItems(
        tx,
        states.map((state) => state.id),
      )
    ).filter((item) => item.stage === 'added' || item.stage === 'grace');
    // Under the lines' locks, as every outbox write for a line is (a deleted line has none to take).
    const lines = await linesRepository.lockByIds(
      tx,
      items.flatMap((item) => (item.lineId === null ? [] : [item.lineId])),
    );
    const lineById = new Map(lines.map((line) => [line.id, line]));
    const removals: MoveRemoveRow[] = [];
    for (const item of items) {
      const from = item.fromServerId;
      const line = item.lineId === null ? undefined : lineById.get(item.lineId);
      if (from !== null && item.username !== null && line?.serverId !== from) {
        removals.push({
          line_id: item.lineId,
          server_id: from,
          username: item.username,
          payload: {},
          lease_id: null,
        });
      }
    }
    await lineMoveRepository.removingMany(
      tx,
      items.map((item) => item.id),
      removals,
    );
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
    const toAdd: MoveItemState[] = [];
    const toRemove: MoveItemState[] = [];
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
        toAdd.push(state);
      } else if (state.stage === 'added') {
        if (!inSyncOnTarget(state, target.id)) continue;
        // Jobs from before grace periods have none.
        const line = state.line;
        if (graceHours > 0 && line && line.serverId === target.id) await startGrace(ctx, state, graceHours);
        else toRemove.push(state);
      } else if (state.stage === 'grace') {
        if (graceOver(state, target.id, graceHours)) toRemove.push(state);
      } else if (!state.sourcePending && inSyncOnTarget(state, target.id)) {
        verified.push(state);
        if (state.line?.ownerId && state.lineId !== null) owners.set(state.line.ownerId, state.lineId);
      }
    }
    if (target && !signal.aborted) {
      for (const [owner, lineId] of await addOnTarget(ctx, job, toAdd, target)) owners.set(owner, lineId);
      await removeFromSource(ctx, toRemove);
    }
    if (target) await settleVerified(ctx, job, target, verified);
    if (!(await keepLease())) break;
  }
  return owners;
}
