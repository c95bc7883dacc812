import type { TopUpRequest } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { paymentMethodsRepository } from '../payments/payment-methods.repository.js';
import { settleFromProviderRecord } from '../payments/payment-settle.service.js';
import {
  ProviderUnavailableError,
  type PaymentProvider,
  type ProviderPayment,
} from '../payments/providers/payment-provider.js';
import { onlineKinds, providerFor, type OnlineKind } from '../payments/providers/payment-providers.js';
import { publishRequest, topUpById } from './topups.service.js';
import { topUpsRepository, type TopUpRow } from './topups.repository.js';

/** The provider's record of the checkout, or null when the provider cannot be asked now. */
async function readPayment(ctx: AppContext, provider: PaymentProvider, row: TopUpRow) {
  try {
    return await provider.fetchPayment(row.checkoutId!);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    ctx.log.warn(
      { topUpId: row.id, reason: error.reason },
      'Cancelling a top-up: its provider could not be asked',
    );
    return null;
  }
}

/**
 * An online checkout is closed at its provider before its request is cancelled: a checkout already
 * paid is settled as the provider says (credited, never cancelled), an open one is closed so it cannot
 * be paid afterwards. Answers the provider's record when it is not open any more.
 */
async function closeAtProvider(ctx: AppContext, row: TopUpRow): Promise<ProviderPayment | null> {
  const method = row.methodId ? await paymentMethodsRepository.findById(ctx.db, row.methodId) : undefined;
  const provider = method ? providerFor(ctx, method) : null;
  if (!provider) return null;
  let payment = await readPayment(ctx, provider, row);
  if (payment?.state === 'open' && provider.closeCheckout) {
    try {
      await provider.closeCheckout(row.checkoutId!);
      return null;
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      // Completed meanwhile, or the provider is away: what it says now decides.
      payment = await readPayment(ctx, provider, row);
    }
  }
  return payment && payment.state !== 'open' ? payment : null;
}

/**
 * The requester cancels an own request still awaiting its payment (came back from the checkout
 * without paying, or will not pay): it is closed `expired` with reason `cancelled`. A payment that
 * still arrives for it later is never lost: its request then waits for an admin (`needs_attention`).
 */
export async function cancelTopUp(ctx: AppContext, actor: Actor, id: number): Promise<TopUpRequest> {
  const row = await topUpsRepository.findById(ctx.db, id);
  if (!row || row.accountId !== actor.id) throw new AppError('TOPUP_NOT_FOUND');
  if (row.status !== 'awaiting_payment') throw new AppError('TOPUP_NOT_CANCELLABLE');
  if (row.checkoutId && row.methodKind && onlineKinds.includes(row.methodKind)) {
    const settled = await closeAtProvider(ctx, row);
    if (settled) {
      const kind = row.methodKind as OnlineKind;
      const method = row.methodId ? await paymentMethodsRepository.findById(ctx.db, row.methodId) : undefined;
      await settleFromProviderRecord(ctx, kind, row, settled, { topUpId: id }, method?.enabled ?? false);
      return (await topUpById(ctx.db, id))!;
    }
  }
  if (!(await topUpsRepository.closeUnpaid(ctx.db, id, 'expired', 'cancelled'))) {
    throw new AppError('TOPUP_NOT_CANCELLABLE');
  }
  await publishRequest(ctx, 'update', id, row.accountId);
  return (await topUpById(ctx.db, id))!;
}
