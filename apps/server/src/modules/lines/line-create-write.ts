import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { creditLedger } from '../credits/credit-ledger.js';
import type { OutboxRow } from '../line-sync/line-outbox.repository.js';
import { isUsernameViolation, type NewLine } from './line-rules.js';
import type { OutboxDelivery } from './line-write.js';
import type { LineRecord } from './lines.repository.js';
import { lineCreateRepository } from './line-create.repository.js';

export type NewLineWritten = {
  line: LineRecord;
  /** The outbox row leased for the writer, which delivers it after the commit (see `OutboxDelivery`). */
  claimed: { row: OutboxRow; leaseId: string } | undefined;
  /** The buyer's balance after the charge; undefined when nothing was charged. */
  charged: { balance: number; ownerId: string | null } | undefined;
};

/**
 * Writes a line `checkNewLine` allowed, in the caller's transaction and one statement: the line, its
 * outbox row, its `created` history row and its charge with the ledger row. A taken username is
 * refused LINE_USERNAME_TAKEN, a balance that cannot pay INSUFFICIENT_CREDITS: the caller's
 * transaction then rolls back, so nothing of the line stays. (A burst of single creates goes through
 * `line-create-batch.ts` instead, which writes many checked lines in two statements.)
 */
export async function writeNewLine(
  tx: Db,
  checked: NewLine,
  options: { actorId: string; delivery: OutboxDelivery; details?: Record<string, unknown> },
): Promise<NewLineWritten> {
  const { values, charge } = checked;
  const { delivery, actorId } = options;
  const lease = delivery.leaseMs === undefined ? undefined : { ms: delivery.leaseMs, id: randomUUID() };
  let written: Awaited<ReturnType<typeof lineCreateRepository.insertCreated>>;
  try {
    written = await lineCreateRepository.insertCreated(tx, values, {
      outbox: {
        serverId: values.serverId,
        payload: checked.payload,
        workerAfterMs: delivery.workerAfterMs,
        lease,
      },
      event: {
        ownerId: values.ownerId,
        actorId,
        action: 'created',
        details: { ...checked.details, ...options.details },
      },
      charge:
        charge > 0
          ? {
              accountId: values.ownerId,
              delta: -charge,
              reason: 'line_create',
              actorId,
              refType: 'line',
              note: values.username,
            }
          : null,
    });
  } catch (error) {
    if (isUsernameViolation(error)) throw new AppError('LINE_USERNAME_TAKEN');
    throw error;
  }
  // The balance could not pay: nothing of this statement may stay.
  if (written.charged === null) throw await creditLedger.refusal(tx, values.ownerId, -charge);
  return {
    line: written.line,
    claimed: written.outbox && lease ? { row: written.outbox, leaseId: lease.id } : undefined,
    charged: written.charged,
  };
}
