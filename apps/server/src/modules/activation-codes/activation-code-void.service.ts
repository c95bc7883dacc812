import type { ActivationCodeVoidResult } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { balanceEvents } from '../credits/credit-events.js';
import { creditLedger, type CreditChangeResult } from '../credits/credit-ledger.js';
import { publishCodeChange } from './activation-code-events.js';
import { toActivationCode } from './activation-code-mapper.js';
import { activationCodesRepository, type ActivationCodeRecord } from './activation-codes.repository.js';

/** A code in the caller's sight: their own, or any for an admin; another owner's answers 404. */
export function ownCodeOrNotFound<T extends Pick<ActivationCodeRecord, 'ownerId'>>(
  me: Actor,
  code: T | undefined,
): T {
  if (!code || (!me.isAdmin && code.ownerId !== me.id)) throw new AppError('ACTIVATION_CODE_NOT_FOUND');
  return code;
}

/** Why a code that is not unused cannot be voided or activated. */
export function notUnusedRefusal(code: Pick<ActivationCodeRecord, 'state'>): AppError {
  return new AppError(code.state === 'void' ? 'ACTIVATION_CODE_VOID' : 'ACTIVATION_CODE_USED');
}

/** Gives a voided code's price back to its owner, in the transaction that voided it. */
function refund(
  tx: Db,
  code: Pick<ActivationCodeRecord, 'id' | 'ownerId' | 'charged'>,
  actorId: string | null,
): Promise<CreditChangeResult> | null {
  if (code.charged <= 0) return null;
  return creditLedger.change(tx, {
    accountId: code.ownerId,
    delta: code.charged,
    reason: 'activation_refund',
    actorId,
    refType: 'activation_code',
    refId: String(code.id),
  });
}

/**
 * Voids an unused code and refunds what it cost in full: the state change and the refund with its
 * ledger row commit together, and the guarded update lets only one of a void and an activation
 * racing for the code win.
 */
export async function voidActivationCode(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<ActivationCodeVoidResult> {
  const me = access.lines(actor).actor;
  ownCodeOrNotFound(me, await activationCodesRepository.findById(ctx.db, id));
  const { voided, refunded } = await ctx.db.transaction(async (tx) => {
    const row = await activationCodesRepository.voidUnused(tx, id);
    if (!row) throw notUnusedRefusal((await activationCodesRepository.findById(tx, id))!);
    return { voided: row, refunded: await refund(tx, row, me.id) };
  });
  await publishCodeChange(ctx, 'update', voided);
  if (refunded) await ctx.bus.publishAll(balanceEvents({ id: voided.ownerId, ownerId: refunded.ownerId }));
  const row = await activationCodesRepository.findById(ctx.db, id);
  return {
    code: toActivationCode(row!),
    refunded: refunded ? voided.charged : 0,
    // The caller's own balance after the refund; an admin voiding someone's code sees none.
    balance: refunded && voided.ownerId === me.id ? refunded.balance : null,
  };
}

/** Codes voided per transaction by the expiry round. */
const EXPIRY_CHUNK = 100;

/**
 * Voids and refunds the unused codes whose validity ran out, a chunk per transaction until none is
 * left. Every instance may run it: the chunk's rows are locked with SKIP LOCKED, so each code is
 * voided, and refunded, exactly once.
 */
export async function voidExpiredActivationCodes(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  let total = 0;
  while (!signal?.aborted) {
    const done = await ctx.db.transaction(async (tx) => {
      const voided = await activationCodesRepository.voidExpired(tx, EXPIRY_CHUNK);
      const payers = new Map<string, string | null>();
      for (const code of voided) {
        const refunded = await refund(tx, code, null);
        if (refunded) payers.set(code.ownerId, refunded.ownerId);
      }
      return { voided, payers };
    });
    if (done.voided.length === 0) break;
    total += done.voided.length;
    // One event per owner whose list changed, not one per code.
    const owners = new Map(done.voided.map((code) => [code.ownerId, code]));
    for (const code of owners.values()) await publishCodeChange(ctx, 'update', code);
    for (const [id, ownerId] of done.payers) await ctx.bus.publishAll(balanceEvents({ id, ownerId }));
    if (done.voided.length < EXPIRY_CHUNK) break;
  }
  return total;
}
