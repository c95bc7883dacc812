import { topUpRevocable, type RevokeTopUpBody, type TopUpRequest } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { recordAudit } from '../audit/audit.service.js';
import { creditLedger } from '../credits/credit-ledger.js';
import { afterDecision, notifyTopUpTurnedDown, topUpById } from './topups.service.js';
import { topUpsRepository } from './topups.repository.js';

/**
 * An admin undoing a manual approval: the request becomes `revoked` (with the admin and the reason)
 * and its credits are taken back through the ledger, in one transaction. The ledger's guard keeps the
 * balance at or above the account's credit limit below zero (0 unless an admin set one; only a
 * provider's reversal may go further): credits already spent refuse it with what the balance holds. A request a provider confirmed, or one that keeps a provider payment,
 * is the provider's to take back (its refund), never an admin's.
 */
export async function revokeTopUp(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: RevokeTopUpBody,
): Promise<TopUpRequest> {
  const admin = access.admin(actor);
  const decided = await ctx.db.transaction(async (tx) => {
    const before = await topUpById(tx, id);
    if (!before) throw new AppError('TOPUP_NOT_FOUND');
    if (!topUpRevocable(before)) throw new AppError('TOPUP_NOT_REVOCABLE');
    const row = await topUpsRepository.revoke(tx, id, { revokedBy: admin.id, reason: body.reason });
    if (!row) throw new AppError('TOPUP_NOT_REVOCABLE');
    let taken;
    try {
      taken = await creditLedger.change(tx, {
        accountId: row.accountId,
        delta: -row.credits,
        reason: 'topup_revoked',
        actorId: admin.id,
        refType: 'topup_request',
        refId: String(id),
        note: body.reason,
      });
    } catch (error) {
      if (error instanceof AppError && error.status === 402) {
        // The guard refused: the balance holds less than the credits to take back.
        const account = await accountsRepository.findById(tx, row.accountId);
        throw new AppError('TOPUP_CREDITS_SPENT', {
          params: { balance: account?.credits ?? 0, credits: row.credits },
        });
      }
      throw error;
    }
    const request = (await topUpById(tx, id))!;
    await recordAudit(tx, admin, {
      action: 'topup.revoked',
      target: { id: row.accountId, email: request.account_email },
      entity: { type: 'topup_request', id },
      before: { status: 'approved', balance: taken.balance + row.credits },
      after: { status: 'revoked', balance: taken.balance, credits: -row.credits, reason: body.reason },
    });
    const notified = await notifyTopUpTurnedDown(ctx, tx, id, row, body.reason);
    return { accountId: row.accountId, notified };
  });
  await afterDecision(ctx, id, decided, true);
  return (await topUpById(ctx.db, id))!;
}
