import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { topUpsRepository } from '../topups/topups.repository.js';
import { ProviderUnavailableError, type PaymentProvider } from './providers/payment-provider.js';
import { topUpProviderRepository } from '../topups/topup-provider.repository.js';

export type CheckoutRequest = {
  id: number;
  referenceCode: string | null;
  packageName: string;
  amountCents: number;
  currency: string;
};

/**
 * Opens the provider's checkout for a request just made (its id travels in the checkout, so the
 * webhook finds it) and keeps the checkout's id and page on it. When the provider cannot be reached
 * the request goes again: nothing was paid on it, and a reseller should not find a request they
 * could never pay. No transaction is held open while the provider is called.
 */
export async function openCheckout(
  ctx: AppContext,
  provider: PaymentProvider,
  request: CheckoutRequest,
): Promise<void> {
  try {
    const checkout = await provider.createCheckout({
      requestId: request.id,
      referenceCode: request.referenceCode,
      packageName: request.packageName,
      amountCents: request.amountCents,
      currency: request.currency,
      returnUrl: `${ctx.config.publicUrl}/payments/return/${request.id}`,
      cancelUrl: `${ctx.config.publicUrl}/payments/return/${request.id}?cancelled=1`,
    });
    await topUpProviderRepository.setCheckout(ctx.db, request.id, {
      checkoutId: checkout.checkoutId,
      checkoutUrl: checkout.url,
    });
  } catch (error) {
    await topUpsRepository
      .deleteUnpaid(ctx.db, request.id)
      .catch((cleanup: unknown) =>
        ctx.log.error(
          { err: cleanup, topUpId: request.id },
          'Top-up without a checkout could not be removed',
        ),
      );
    if (error instanceof ProviderUnavailableError && error.refused) {
      // Not the reseller's doing and not passing: the admin has to fix the method's settings.
      ctx.log.error(
        { provider: provider.kind, topUpId: request.id, reason: error.reason },
        'Payment provider refused to open a checkout: check the payment method settings',
      );
      throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
    }
    if (error instanceof ProviderUnavailableError) {
      ctx.log.warn(
        { provider: provider.kind, topUpId: request.id, reason: error.reason },
        'Payment provider unavailable: no checkout opened, the request was withdrawn',
      );
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    }
    throw error;
  }
}
