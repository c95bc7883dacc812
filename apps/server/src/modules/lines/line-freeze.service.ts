import {
  capExpiry,
  freezeEndsAt,
  keptDays,
  unfrozenExpiry,
  type FreezeSettings,
  type LineWriteResult,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { deliver, writeResult } from './line-answer.js';
import { balanceOf, publishLineWrite } from './line-charge.js';
import { freezeSettings } from './line-freeze-settings.js';
import { lineHistoryRepository } from './line-history.repository.js';
import { inTransaction, today } from './line-scope.js';
import { lockLineInTree } from './line-tree.js';
import { keyOf, requestDelivery, writeLineChange, type Claimed, type OutboxDelivery } from './line-write.js';
import type { LineRecord } from './lines.repository.js';

/*
 * Freezing stops a line's clock (docs/resellers.md, "Freezing a line"): the line is disabled on its
 * server through the outbox, like a disable, and keeps the days from today to its expiry; unfreezing
 * enables it with those days from that day on. Both run under the line's row lock, so a renewal
 * racing a freeze is applied before or after it, never half (`checkRenewal` adds a frozen line's
 * months to its kept days).
 */

/**
 * Whether a line may be frozen on `day`: running (not frozen, not suspended: enabling it after the
 * freeze would undo a suspension) and not expired. The panel's freeze and a customer's ask for one
 * (the portal) both hold a line to it.
 */
export function assertFreezable(
  line: Pick<LineRecord, 'frozenAt' | 'enabled' | 'expiryDate'>,
  day: string,
): void {
  if (line.frozenAt !== null) throw new AppError('LINE_ALREADY_FROZEN');
  if (!line.enabled) throw new AppError('LINE_FREEZE_SUSPENDED');
  if (line.expiryDate < day) throw new AppError('LINE_FREEZE_EXPIRED');
}

/** Freezes one line; the owner, anyone above the owner in the tree and admins may. */
export async function freezeLine(ctx: AppContext, actor: Actor, id: number): Promise<LineWriteResult> {
  const me = access.lines(actor).actor;
  const settings = await freezeSettings(ctx.db);
  if (settings.freezes_per_year === 0) throw new AppError('LINE_FREEZE_OFF');
  let claimed: Claimed | undefined;
  const line = await inTransaction(ctx, async (tx) => {
    const current = await lockLineInTree(tx, me, id);
    const written = await writeFreeze(tx, current, me.id, settings, requestDelivery(ctx));
    claimed = written.claimed;
    return written.line;
  });
  return answer(ctx, me, line, claimed);
}

/**
 * The freeze itself, in the caller's transaction under the line's lock: the panel's freeze and a
 * customer's scheduled one on its day (`line-freeze-start`) both go through it.
 */
export async function writeFreeze(
  tx: Db,
  current: LineRecord,
  actorId: string | null,
  settings: FreezeSettings,
  delivery: OutboxDelivery,
) {
  if (settings.freezes_per_year === 0) throw new AppError('LINE_FREEZE_OFF');
  const day = today();
  assertFreezable(current, day);
  // Counted under the line's lock: two freezes of one line cannot both pass the last place.
  const used = await lineHistoryRepository.countSince(tx, current.id, 'frozen', yearAgo());
  if (used >= settings.freezes_per_year) {
    throw new AppError('LINE_FREEZE_LIMIT_REACHED', { params: { used, limit: settings.freezes_per_year } });
  }
  const frozenAt = new Date();
  const days = keptDays(current.expiryDate, day);
  return writeLineChange(tx, current, {
    values: { enabled: false, frozenAt, frozenDays: days },
    history: [
      {
        actorId,
        action: 'frozen',
        details: {
          days,
          expiry_date: current.expiryDate,
          ends_by: freezeEndsAt(frozenAt, settings.freeze_max_days).toISOString(),
        },
      },
    ],
    delivery,
  });
}

/** Unfreezes one line (the same people as a freeze). */
export async function unfreezeLine(ctx: AppContext, actor: Actor, id: number): Promise<LineWriteResult> {
  const me = access.lines(actor).actor;
  let claimed: Claimed | undefined;
  const line = await inTransaction(ctx, async (tx) => {
    const current = await lockLineInTree(tx, me, id);
    const written = await writeUnfreeze(tx, current, me.id, requestDelivery(ctx), 'panel');
    claimed = written.claimed;
    return written.line;
  });
  return answer(ctx, me, line, claimed);
}

/**
 * The unfreeze itself, in the caller's transaction under the line's lock: enabled, the kept days
 * from today on. `by`: who ended it (`panel`, or `limit` when the longest freeze ran out).
 */
export async function writeUnfreeze(
  tx: Db,
  current: LineRecord,
  actorId: string | null,
  delivery: OutboxDelivery,
  by: 'panel' | 'limit',
) {
  if (current.frozenAt === null || current.frozenDays === null) throw new AppError('LINE_NOT_FROZEN');
  // The kept days run from today, so a line frozen near the last date could pass it: an unfreeze is
  // no sale and must not fail (nor leave a line the agent refuses), so it stops at the last date.
  const expiryDate = capExpiry(unfrozenExpiry(current.frozenDays, today()));
  return writeLineChange(tx, current, {
    values: { enabled: true, frozenAt: null, frozenDays: null, expiryDate },
    history: [
      {
        actorId,
        action: 'unfrozen',
        details: {
          days: current.frozenDays,
          frozen_at: current.frozenAt.toISOString(),
          expiry_date: expiryDate,
          ...(by === 'limit' ? { automatic: true } : {}),
        },
      },
    ],
    delivery,
  });
}

function yearAgo(): Date {
  const at = new Date();
  at.setUTCFullYear(at.getUTCFullYear() - 1);
  return at;
}

async function answer(
  ctx: AppContext,
  me: Actor,
  line: LineRecord,
  claimed: Claimed | undefined,
): Promise<LineWriteResult> {
  await publishLineWrite(ctx, 'update', line);
  const sync = await deliver(ctx, keyOf(line), 'update', claimed);
  return writeResult(ctx, line.id, sync, 0, await balanceOf(ctx, me, null));
}
