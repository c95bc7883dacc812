import { z } from 'zod';
import type { Language } from './languages.js';
import { text } from './schema-blocks.js';

/**
 * Who sells and who buys, as a receipt names them. The seller's details are the panel's (an admin
 * sets them, `PUT /api/seller-details`); the buyer's are each account's own (`PUT /api/me/billing`).
 * Empty strings mean "not given".
 */
export const sellerDetailsSchema = z.object({
  company_name: text(),
  address: text(),
  tax_id: text(),
});
export type SellerDetails = z.infer<typeof sellerDetailsSchema>;

export const sellerDetailsBodySchema = z.object({
  company_name: text().trim().max(200).default(''),
  address: text().trim().max(1000).default(''),
  tax_id: text().trim().max(100).default(''),
});
export type SellerDetailsInput = z.input<typeof sellerDetailsBodySchema>;

export const billingDetailsSchema = z.object({
  name: text(),
  address: text(),
  tax_id: text(),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

export const billingDetailsBodySchema = z.object({
  name: text().trim().max(200).default(''),
  address: text().trim().max(1000).default(''),
  tax_id: text().trim().max(100).default(''),
});
export type BillingDetailsInput = z.input<typeof billingDetailsBodySchema>;

export const EMPTY_SELLER_DETAILS: SellerDetails = { company_name: '', address: '', tax_id: '' };
export const EMPTY_BILLING_DETAILS: BillingDetails = { name: '', address: '', tax_id: '' };

/**
 * What a manual method's payer sends as their payment's reference, by the kind of payment: a bank
 * transfer's transaction id, a crypto transaction's hash, or anything else's receipt number.
 */
export const paymentChannels = ['bank', 'crypto', 'other'] as const;
export type PaymentChannel = (typeof paymentChannels)[number];

/** Instructions an admin wrote for other languages than the default one (absent: the default's). */
export type InstructionTranslations = Partial<Record<Exclude<Language, 'en'>, string>>;

/**
 * The instructions to show in `language`: its own text when the admin wrote one, else the default
 * text. One rule for the payer's dialog and anything else that shows them.
 */
export function instructionsIn(
  language: string | undefined,
  instructions: string | null,
  translations: InstructionTranslations | null | undefined,
): string | null {
  const own = translations?.[language as keyof InstructionTranslations];
  return own && own.trim() !== '' ? own : instructions;
}
