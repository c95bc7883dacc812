import { addDays, endedLineFilterDays, type EndedLineAction, type LineWriteResult } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { lineOutboxRepository } from '../line-sync/line-outbox.repository.js';
import { deliver, writeResult } from './line-answer.js';
import { balanceOf, publishLineWrite } from './line-charge.js';
import { lineHistoryRepository } from './line-history.repository.js';
import { inTransaction, today } from './line-scope.js';
import { lockLineInTree } from './line-tree.js';
import { keyOf, requestDelivery, writeLineChange, type Claimed } from './line-write.js';
import { linesRepository, type LineRecord } from './lines.repository.js';

/*
 * Lines that ended (docs/resellers.md, "Lines that ended"): the admin's setting has the panel archive
 * or delete lines some days after they expired. An archived line leaves its server through the
 * outbox (a delete, like a deleted line's) and the lists; restoring it puts it back on its server.
 * Nothing is charged or refunded either way.
 */

/**
 * The last expiry date a line may have to be archived or deleted today: more than `days` days have
 * passed since its last day.
 */
export function endedLastDay(days: number, day = today()): string {
  return addDays(day, -endedLineFilterDays(days));
}

/**
 * Archives or deletes one line that ended on or before `lastDay`, under its row lock; a line renewed,
 * frozen, restored or archived meanwhile is left alone (null). The delivery to its server is the
 * outbox worker's.
 */
export async function endLine(
  tx: Db,
  id: number,
  action: Exclude<EndedLineAction, 'off'>,
  lastDay: string,
): Promise<LineRecord | null> {
  const current = await linesRepository.lockById(tx, id);
  if (!current || !stillEnded(current, lastDay)) return null;
  const key = keyOf(current);
  if (key) await lineOutboxRepository.enqueue(tx, { ...key, lineId: id, operation: 'delete' }, 0);
  const details = { automatic: true, expiry_date: current.expiryDate };
  if (action === 'delete') {
    await linesRepository.delete(tx, id);
    await lineHistoryRepository.insert(tx, {
      lineId: id,
      ownerId: current.ownerId,
      actorId: null,
      action: 'deleted',
      details: { ...details, username: current.username },
    });
    return current;
  }
  const line = (await linesRepository.update(tx, id, { archivedAt: new Date() }))!;
  await lineHistoryRepository.insert(tx, {
    lineId: id,
    ownerId: current.ownerId,
    actorId: null,
    action: 'archived',
    details,
  });
  return line;
}

/** The job's condition (`endedCondition`), checked again on the locked row. */
function stillEnded(line: LineRecord, lastDay: string): boolean {
  return (
    line.archivedAt === null &&
    line.frozenAt === null &&
    line.expiryDate <= lastDay &&
    (line.restoredAt === null || line.restoredAt.getTime() < Date.parse(`${line.expiryDate}T00:00:00Z`))
  );
}

/**
 * Restores an archived line: back in the lists and on its server (its whole entry queued, as a new
 * line's), still expired until it is renewed; the job leaves it alone until it ends again. The owner,
 * anyone above the owner in the tree and admins may.
 */
export async function restoreLine(ctx: AppContext, actor: Actor, id: number): Promise<LineWriteResult> {
  const me = access.lines(actor).actor;
  let claimed: Claimed | undefined;
  const line = await inTransaction(ctx, async (tx) => {
    const current = await lockLineInTree(tx, me, id);
    if (current.archivedAt === null) throw new AppError('LINE_NOT_ARCHIVED');
    const written = await writeLineChange(tx, current, {
      values: { archivedAt: null, restoredAt: new Date() },
      history: [
        {
          actorId: me.id,
          action: 'restored',
          details: { archived_at: current.archivedAt.toISOString() },
        },
      ],
      delivery: requestDelivery(ctx),
    });
    claimed = written.claimed;
    return written.line;
  });
  await publishLineWrite(ctx, 'update', line);
  const sync = await deliver(ctx, keyOf(line), 'add', claimed);
  return writeResult(ctx, line.id, sync, 0, await balanceOf(ctx, me, null));
}
