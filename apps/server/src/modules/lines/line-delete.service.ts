import type { LineDeleteResult, LineSyncResult } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { publishLineWrite } from './line-charge.js';
import { lineOutboxRepository } from '../line-sync/line-outbox.repository.js';
import { findVisible, inTransaction, lockVisible } from './line-scope.js';
import { deliverNow, SYNC_OK } from '../line-sync/line-sync.js';
import { keyOf, requestDelivery } from './line-write.js';
import { linesRepository } from './lines.repository.js';
import { lineHistoryRepository } from './line-history.repository.js';

/**
 * Deletes a line, telling its server first and deleting the row whatever the server
 * said. The delete goes through the outbox so it cannot overtake a delivery still running for the
 * line, and when the server could not be told, the worker finishes the job.
 */
export async function deleteLine(ctx: AppContext, actor: Actor, id: number): Promise<LineDeleteResult> {
  const scope = access.lines(actor);
  const existing = await findVisible(ctx, scope, id);
  const key = keyOf(existing);

  let sync: LineSyncResult = SYNC_OK;
  if (key) {
    await inTransaction(ctx, async (tx) => {
      await lockVisible(tx, scope, id);
      await lineOutboxRepository.enqueue(
        tx,
        { ...key, lineId: id, operation: 'delete' },
        requestDelivery(ctx).workerAfterMs,
      );
    });
    sync = await deliverNow(ctx, key, 'delete');
  }
  await inTransaction(ctx, async (tx) => {
    const deleted = await linesRepository.delete(tx, id);
    // An edit that slipped in since the server was told left an upsert; it must not re-add the user.
    if (key) await lineOutboxRepository.turnIntoDelete(tx, key);
    if (deleted) {
      await lineHistoryRepository.insert(tx, {
        lineId: id,
        actorId: scope.actor.id,
        action: 'deleted',
        details: { username: deleted.username },
      });
    }
  });
  await publishLineWrite(ctx, 'delete', existing);
  return { id, sync };
}
