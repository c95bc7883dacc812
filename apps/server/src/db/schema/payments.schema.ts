import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { InstructionTranslations, PaymentChannel, PaymentMethodKind } from '@linedesk/shared';
import { authUsers } from './core.schema.js';
import { timestamps } from './columns.js';

/**
 * How resellers may pay for a credit package. One row per method an admin set up; the columns of
 * the other kinds stay null. Secrets are sealed with the data folder's key (`*_sealed`,
 * platform/crypto.ts) and never leave the server.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<PaymentMethodKind>().notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    currency: text('currency').notNull(),
    /** Basis points (150 = 1.5 %), added to the package's price. */
    feeBps: integer('fee_bps').notNull().default(0),
    instructions: text('instructions'),
    /** manual: the instructions an admin wrote for other languages (a language left out: `instructions`). */
    instructionsI18n: jsonb('instructions_i18n').$type<InstructionTranslations>(),
    /** manual: bank transfer, crypto or other; words what the payer is asked for as their reference. */
    channel: text('channel').$type<PaymentChannel>(),
    proofRequired: boolean('proof_required').notNull().default(false),
    serverUrl: text('server_url'),
    storeId: text('store_id'),
    secretKeySealed: text('secret_key_sealed'),
    webhookSecretSealed: text('webhook_secret_sealed'),
    apiKeySealed: text('api_key_sealed'),
    ...timestamps,
  },
  (t) => [
    check('payment_methods_kind_check', sql`${t.kind} in ('manual', 'stripe', 'btcpay')`),
    check('payment_methods_fee_range', sql`${t.feeBps} between 0 and 10000`),
  ],
);

/**
 * An account's billing details, the buyer on its receipts (name or company, address, VAT / tax id).
 * A row of its own rather than columns on the account: only accounts that buy have one.
 */
export const billingDetails = pgTable('billing_details', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  name: text('name').notNull().default(''),
  address: text('address').notNull().default(''),
  taxId: text('tax_id').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
