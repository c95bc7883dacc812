import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { PaymentMethodKind } from '@linedesk/shared';
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
