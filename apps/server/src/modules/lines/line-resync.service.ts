import type { LineReconcileResult, LineWriteResult } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { serversRepository } from '../servers/servers.repository.js';
import { deliver, writeResult } from './line-answer.js';
import { balanceOf } from './line-charge.js';
import { reconcileServer } from '../line-sync/line-reconcile.js';
import { findVisible, inTransaction, lockVisible } from './line-scope.js';
import type { SyncKind } from '../line-sync/line-sync.js';
import {
  assertNotArchived,
  assertNotRefused,
  keyOf,
  queueUpsert,
  requestDelivery,
  type Claimed,
} from './line-write.js';

/** "Retry now": hands the line's current state to its server again and reports the outcome. */
export async function syncLine(ctx: AppContext, actor: Actor, id: number): Promise<LineWriteResult> {
  const scope = access.lines(actor);
  const existing = await findVisible(ctx, scope, id);
  assertNotRefused(existing);
  const kind: SyncKind = existing.syncedAt === null ? 'add' : 'update';
  const key = keyOf(existing);
  let claimed: Claimed | undefined;
  if (key) {
    await inTransaction(ctx, async (tx) => {
      const current = await lockVisible(tx, scope, id);
      assertNotRefused(current);
      assertNotArchived(current);
      claimed = await queueUpsert(tx, current, key.serverId, requestDelivery(ctx));
    });
  }
  const sync = await deliver(ctx, key, kind, claimed);
  return writeResult(ctx, id, sync, 0, await balanceOf(ctx, scope.actor, null));
}

/** An admin's "reconcile now" for one server. */
export async function reconcileServerLines(
  ctx: AppContext,
  actor: Actor,
  serverId: number,
  options: { confirmRemovals: boolean } = { confirmRemovals: false },
): Promise<LineReconcileResult> {
  const server = await serversRepository.findById(ctx.db, serverId);
  if (!server) throw new AppError('SERVER_NOT_FOUND');
  return reconcileServer(ctx, server, options);
}
