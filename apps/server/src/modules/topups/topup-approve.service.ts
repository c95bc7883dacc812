import type { TopUpRequest } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import type { IdempotentOutcome } from '../credits/idempotency.js';
import { reconcileReversals } from '../payments/payment-reconcile.service.js';
import { onlineKinds } from '../payments/providers/payment-providers.js';
import { confirmTopUp, topUpById } from './topups.service.js';

// Apart from topups.service.ts: the provider's reconciliation settles through confirmTopUp there.

/**
 * An admin's approval. A request paid online keeps its provider payment, and its refunds and
 * chargebacks are read from the provider at once (a payment that needed attention may have been
 * refunded meanwhile): the credits end where the provider's state says, as after any event.
 */
export async function approveTopUp(
  ctx: AppContext,
  admin: Actor,
  id: number,
  request: { idempotencyKey: string | undefined; scope: string },
): Promise<IdempotentOutcome<TopUpRequest>> {
  const outcome = await confirmTopUp(
    ctx,
    { requestId: id, confirmedBy: { kind: 'admin', actorId: admin.id } },
    { accountId: admin.id, key: request.idempotencyKey, scope: request.scope, body: null },
  );
  if (outcome.replayed || !outcome.body.checkout_url || !onlineKinds.includes(outcome.body.method_kind!)) {
    return outcome;
  }
  // The approval stands whatever the provider answers; a provider that cannot be asked is logged.
  await reconcileReversals(ctx, id);
  return { ...outcome, body: (await topUpById(ctx.db, id)) ?? outcome.body };
}
