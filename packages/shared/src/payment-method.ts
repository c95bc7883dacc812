import { z } from 'zod';
import { nonEmptyPatch, text } from './schema-blocks.js';
import { currencies } from './pricing.js';
import { paymentChannels } from './billing.js';

/** manual: the instructions in German, Polish and Portuguese, each optional (absent: the default text). */
export const instructionTranslationsSchema = z.object({
  de: text().optional(),
  pl: text().optional(),
  pt: text().optional(),
});

/**
 * Payment methods an admin offers on /payments/pricing. Every kind shares a name, a currency and an
 * optional fee; each kind has its own settings. Secrets (Stripe keys, BTCPay API key and webhook
 * secrets) are write-only: the API answers whether one is set, never its value.
 */
export const paymentMethodKinds = ['manual', 'stripe', 'btcpay'] as const;
export type PaymentMethodKind = (typeof paymentMethodKinds)[number];

/**
 * The fee in basis points (1/100 of a percent, 0–10000): an integer keeps money out of floating
 * point, and 0.01 % is finer than any payment fee we need to pass on.
 */
export const PAYMENT_FEE_MAX_BPS = 10_000;

/** The fee on a price in the currency's minor unit, rounded half up to a whole cent. */
export function paymentFeeCents(priceCents: number, feeBps: number): number {
  return Math.floor((priceCents * feeBps + 5_000) / 10_000);
}

/** The secrets a method of each kind holds (sealed at rest, never answered). */
export const paymentSecretNames = ['secret_key', 'webhook_secret', 'api_key'] as const;
export type PaymentSecretName = (typeof paymentSecretNames)[number];

export const paymentMethodSchema = z.object({
  id: z.number().int(),
  kind: z.enum(paymentMethodKinds),
  name: text(),
  enabled: z.boolean(),
  currency: z.enum(currencies),
  fee_bps: z.number().int(),
  /** manual: shown to the reseller with the amount and the reference. */
  instructions: text().nullable(),
  /** manual: the instructions written for other languages; a language left out shows `instructions`. */
  instructions_translations: instructionTranslationsSchema,
  /** manual: the kind of payment (bank transfer, crypto, other), which words the payer's reference. */
  channel: z.enum(paymentChannels).nullable(),
  /** manual: a top-up is only submitted with a proof file. */
  proof_required: z.boolean(),
  /** btcpay */
  server_url: text().nullable(),
  store_id: text().nullable(),
  /** Whether each secret is set (stripe: secret key, webhook secret; btcpay: API key, webhook secret). */
  secret_key_set: z.boolean(),
  webhook_secret_set: z.boolean(),
  api_key_set: z.boolean(),
  created_at: text(),
  updated_at: text(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** What a reseller sees of an enabled method when choosing how to pay. */
export const availablePaymentMethodSchema = paymentMethodSchema.pick({
  id: true,
  kind: true,
  name: true,
  currency: true,
  fee_bps: true,
  instructions: true,
  instructions_translations: true,
  channel: true,
  proof_required: true,
});
export type AvailablePaymentMethod = z.infer<typeof availablePaymentMethodSchema>;

const name = text().trim().min(1).max(100);
const fee = z.number().int().min(0).max(PAYMENT_FEE_MAX_BPS);
const instructions = text().trim().min(1).max(4_000);
const translation = text().trim().max(4_000);
/** Sent whole: a language left empty shows the default instructions. */
const instructionTranslations = z.strictObject({
  de: translation.optional(),
  pl: translation.optional(),
  pt: translation.optional(),
});
const secret = text().trim().min(1).max(500);
const serverUrl = z
  .url({ protocol: /^https?$/, error: 'PAYMENT_METHOD_SETTINGS_INVALID' })
  .max(500)
  .refine((value) => !value.includes('\u0000'), { error: 'TEXT_INVALID_CHARACTER' });
const storeId = text().trim().min(1).max(200);

const common = {
  name,
  enabled: z.boolean().default(true),
  currency: z.enum(currencies).default('EUR'),
  fee_bps: fee.default(0),
};

// Strict: a setting of another kind (a secret sent with a manual method) is refused, not dropped
// unseen.
export const paymentMethodCreateBodySchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('manual'),
    ...common,
    instructions,
    instructions_translations: instructionTranslations.optional(),
    channel: z.enum(paymentChannels).default('bank'),
    proof_required: z.boolean().default(false),
  }),
  z.strictObject({ kind: z.literal('stripe'), ...common, secret_key: secret, webhook_secret: secret }),
  z.strictObject({
    kind: z.literal('btcpay'),
    ...common,
    server_url: serverUrl,
    store_id: storeId,
    api_key: secret,
    webhook_secret: secret,
  }),
]);
export type PaymentMethodCreateBody = z.input<typeof paymentMethodCreateBodySchema>;

/**
 * The kind never changes. A field of another kind is refused (PAYMENT_METHOD_SETTINGS_INVALID);
 * a secret sent replaces the stored one, a secret left out stays.
 */
export const paymentMethodPatchSchema = nonEmptyPatch(
  z.object({
    name: name.optional(),
    enabled: z.boolean().optional(),
    currency: z.enum(currencies).optional(),
    fee_bps: fee.optional(),
    instructions: instructions.optional(),
    instructions_translations: instructionTranslations.optional(),
    channel: z.enum(paymentChannels).optional(),
    proof_required: z.boolean().optional(),
    server_url: serverUrl.optional(),
    store_id: storeId.optional(),
    secret_key: secret.optional(),
    webhook_secret: secret.optional(),
    api_key: secret.optional(),
  }),
);
export type PaymentMethodPatch = z.infer<typeof paymentMethodPatchSchema>;

/** Which patch fields belong to which kind (the shared ones to all). */
export const paymentMethodKindFields: Record<PaymentMethodKind, readonly (keyof PaymentMethodPatch)[]> = {
  manual: ['instructions', 'instructions_translations', 'channel', 'proof_required'],
  stripe: ['secret_key', 'webhook_secret'],
  btcpay: ['server_url', 'store_id', 'api_key', 'webhook_secret'],
};

/** `GET /api/payment-methods/available?currency=`: the enabled methods a reseller may pay with. */
export const availablePaymentMethodsQuerySchema = z.object({
  currency: z.enum(currencies).optional(),
});

/** What a provider's webhook is answered when its notification was taken (or was already handled). */
export const paymentWebhookReceivedSchema = z.object({ received: z.literal(true) });
