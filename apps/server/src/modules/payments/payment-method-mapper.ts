import type { AvailablePaymentMethod, Currency, PaymentMethod } from '@linedesk/shared';
import type { PaymentMethodRow } from './payment-methods.repository.js';

/** The admin's view: every setting but the secrets, which show only as set or not. */
export function toPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    enabled: row.enabled,
    currency: row.currency as Currency,
    fee_bps: row.feeBps,
    instructions: row.instructions,
    instructions_translations: row.instructionsI18n ?? {},
    channel: row.channel,
    proof_required: row.proofRequired,
    server_url: row.serverUrl,
    store_id: row.storeId,
    secret_key_set: row.secretKeySealed !== null,
    webhook_secret_set: row.webhookSecretSealed !== null,
    api_key_set: row.apiKeySealed !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What a reseller choosing how to pay may see. */
export function toAvailablePaymentMethod(row: PaymentMethodRow): AvailablePaymentMethod {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    currency: row.currency as Currency,
    fee_bps: row.feeBps,
    instructions: row.instructions,
    instructions_translations: row.instructionsI18n ?? {},
    channel: row.channel,
    proof_required: row.proofRequired,
  };
}
