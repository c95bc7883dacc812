import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { announceNotices, notify, type Notified } from '../notifications/notify.js';
import { portalRepository } from '../portal/portal.repository.js';
import { publishLineWrite } from './line-charge.js';
import { freezeSettings } from './line-freeze-settings.js';
import { writeFreeze } from './line-freeze.service.js';
import { inTransaction, today } from './line-scope.js';
import { linesRepository } from './lines.repository.js';

const PER_ROUND = 200;

/** Why a scheduled freeze did not happen, as the owner's notice says it. */
const reasons: Record<string, FreezeNotStartedReason> = {
  LINE_FREEZE_EXPIRED: 'expired',
  LINE_FREEZE_SUSPENDED: 'suspended',
  LINE_ALREADY_FROZEN: 'frozen',
  LINE_FREEZE_LIMIT_REACHED: 'limit',
  LINE_FREEZE_OFF: 'off',
};
export type FreezeNotStartedReason = 'expired' | 'suspended' | 'frozen' | 'limit' | 'off';

/**
 * Freezes the lines whose customer's ask was approved for a later day once that day has come
 * (docs/resellers.md, "Freezing a line"), through the panel's one freeze (`writeFreeze`: the same
 * rule, limits and outbox), each in its own transaction under the line's row lock; the ask is claimed
 * in that transaction, so a cancel meanwhile wins and each freeze happens once on every instance.
 * A line that can no longer be frozen that day (expired, suspended, frozen already, its yearly
 * freezes used) stays as it is, the ask is marked `failed` and its owner is told. A deleted line
 * takes its ask with it. No credit moves.
 */
export async function startScheduledFreezes(ctx: AppContext, signal: AbortSignal): Promise<number> {
  const day = today();
  const settings = await freezeSettings(ctx.db);
  let started = 0;
  for (const lineId of await portalRepository.dueFreezes(ctx.db, day, PER_ROUND)) {
    if (signal.aborted) break;
    let notified: Notified | null = null;
    const line = await inTransaction(ctx, async (tx) => {
      const current = await linesRepository.lockById(tx, lineId);
      if (!current) return null;
      const ask = await portalRepository.settleScheduledFreeze(tx, lineId, 'approved');
      if (!ask) return null;
      try {
        return (await writeFreeze(tx, current, null, settings, { workerAfterMs: 0 })).line;
      } catch (error) {
        // The refusals come before any write: the transaction is still clean.
        const reason = error instanceof AppError ? reasons[error.code] : undefined;
        if (!reason) throw error;
        await portalRepository.settleFailedFreeze(tx, lineId);
        if (current.ownerId) {
          notified = await notify(ctx, tx, current.ownerId, {
            kind: 'freeze_not_started',
            params: { line_id: current.id, username: current.username, starts_on: ask.startsOn, reason },
          });
        }
        return null;
      }
    });
    if (notified) await announceNotices(ctx, notified);
    if (line) {
      started += 1;
      await publishLineWrite(ctx, 'update', line);
    }
  }
  return started;
}
