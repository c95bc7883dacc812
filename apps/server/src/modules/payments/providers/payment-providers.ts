import type { AppContext } from '../../../app-context.js';
import type { PaymentMethodRow } from '../payment-methods.repository.js';
import type { PaymentProvider } from './payment-provider.js';
import { btcpayProvider } from './btcpay-provider.js';
import { stripeProvider } from './stripe-provider.js';

/**
 * The provider of a method of an online kind, with its sealed secrets opened; null for a manual
 * method or one whose secrets are missing (a provider cannot be called or verified without them).
 */
export function providerFor(ctx: AppContext, method: PaymentMethodRow): PaymentProvider | null {
  if (method.kind === 'stripe') {
    if (!method.secretKeySealed || !method.webhookSecretSealed) return null;
    return stripeProvider(ctx.config.paymentProviders, {
      secretKey: ctx.paymentSecrets.decrypt(method.secretKeySealed),
      webhookSecret: ctx.paymentSecrets.decrypt(method.webhookSecretSealed),
    });
  }
  if (method.kind === 'btcpay') {
    if (!method.serverUrl || !method.storeId || !method.apiKeySealed || !method.webhookSecretSealed) {
      return null;
    }
    return btcpayProvider(ctx.config.paymentProviders, {
      serverUrl: method.serverUrl,
      storeId: method.storeId,
      apiKey: ctx.paymentSecrets.decrypt(method.apiKeySealed),
      webhookSecret: ctx.paymentSecrets.decrypt(method.webhookSecretSealed),
    });
  }
  return null;
}

/** The kinds whose checkout is opened by the panel and confirmed by the provider's webhook. */
export const onlineKinds: readonly PaymentMethodRow['kind'][] = ['stripe', 'btcpay'];

export type OnlineKind = PaymentProvider['kind'];
