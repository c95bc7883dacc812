import { z } from 'zod';
import { nonEmptyPatch, text } from './schema-blocks.js';
import { MAX_CREDIT_AMOUNT } from './credits.js';
import { linePrices, subscriptionMonths } from './line.js';

/** Credit packages an admin sells (`/payments/pricing`); prices in the currency's minor unit (cents). */
export const currencies = ['EUR', 'USD', 'GBP', 'PLN', 'BRL'] as const;
export type Currency = (typeof currencies)[number];

export const creditPackageSchema = z.object({
  id: z.number().int(),
  name: text(),
  credits: z.number().int(),
  price_cents: z.number().int(),
  currency: z.enum(currencies),
  highlight: z.boolean(),
  sort_order: z.number().int(),
  is_active: z.boolean(),
  created_at: text(),
  updated_at: text(),
});
export type CreditPackage = z.infer<typeof creditPackageSchema>;

export const creditPackageBodySchema = z.object({
  name: text().trim().min(1).max(100),
  credits: z
    .number({ error: 'CREDITS_NOT_POSITIVE' })
    .int({ error: 'CREDITS_NOT_POSITIVE' })
    .gt(0, { error: 'CREDITS_NOT_POSITIVE' })
    .max(MAX_CREDIT_AMOUNT, { error: 'CREDITS_TOO_LARGE' }),
  price_cents: z.number().int().min(0).max(100_000_000),
  currency: z.enum(currencies).default('EUR'),
  highlight: z.boolean().default(false),
  sort_order: z.number().int().min(0).max(10_000).default(0),
  is_active: z.boolean().default(true),
});
export type CreditPackageBody = z.input<typeof creditPackageBodySchema>;
// Built field by field: `.partial()` would keep the defaults and reset unsent fields on every PATCH.
export const creditPackagePatchSchema = nonEmptyPatch(
  z.object({
    name: creditPackageBodySchema.shape.name.optional(),
    credits: creditPackageBodySchema.shape.credits.optional(),
    price_cents: creditPackageBodySchema.shape.price_cents.optional(),
    currency: z.enum(currencies).optional(),
    highlight: z.boolean().optional(),
    sort_order: z.number().int().min(0).max(10_000).optional(),
    is_active: z.boolean().optional(),
  }),
);
export type CreditPackagePatch = z.infer<typeof creditPackagePatchSchema>;

/** `GET /api/credit-packages?include_inactive=true` (inactive ones: admins only). */
export const creditPackageListQuerySchema = z.object({
  include_inactive: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const linePriceSchema = z.object({ months: z.number().int(), credits: z.number().int() });

/** `GET /api/pricing`: what lines cost and the active packages (for /products). */
export const pricingSchema = z.object({
  line_prices: z.array(linePriceSchema),
  trial_credits: z.literal(0),
  packages: z.array(creditPackageSchema),
});
export type Pricing = z.infer<typeof pricingSchema>;

export function linePriceList(): { months: number; credits: number }[] {
  return subscriptionMonths.map((months) => ({ months, credits: linePrices[months] }));
}

/** 1999 + 'EUR' → '€19.99' in the given locale. */
export function formatPrice(cents: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}
