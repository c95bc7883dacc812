import { z } from 'zod';
import { MAX_PLAN_CREDITS, type PlanPrice } from './line-plan.js';

/**
 * A reseller's terms: the prices they pay (their own list over the plans' prices) and the limits of
 * what they and everyone below them may do. Set on the account by an admin, or by the account's parent
 * reseller for their own sub-resellers (never below what the parent pays; the credit limit and the
 * price of a sub-reseller only by an admin).
 */

export const resellerPriceModes = ['fixed', 'percent'] as const;
export type ResellerPriceMode = (typeof resellerPriceModes)[number];

/** A percentage may go down to free (-100) and up to eleven times the plan's price. */
export const MIN_PRICE_PERCENT = -100;
export const MAX_PRICE_PERCENT = 1000;
export const MAX_RESELLER_PRICES = 500;
export const MAX_LINES_LIMIT = 10_000_000;
export const MAX_CREDIT_LIMIT = 1_000_000;
export const MAX_SUB_RESELLER_DEPTH = 20;

/** One duration of one plan at a price of its own: fixed credits, or the plan's price ± a percentage. */
export const resellerPriceSchema = z.object({
  plan_id: z.number().int(),
  months: z.number().int(),
  mode: z.enum(resellerPriceModes),
  value: z.number().int(),
});
export type ResellerPrice = z.infer<typeof resellerPriceSchema>;

const invalidPrices = { error: 'RESELLER_PRICES_INVALID' } as const;

export const resellerPricesBodySchema = z.object({
  prices: z
    .array(
      z
        .object({
          plan_id: z
            .number(invalidPrices)
            .int(invalidPrices)
            .min(1, invalidPrices)
            .max(2_147_483_647, invalidPrices),
          months: z.number(invalidPrices).int(invalidPrices).min(1, invalidPrices).max(120, invalidPrices),
          mode: z.enum(resellerPriceModes, invalidPrices),
          value: z.number(invalidPrices).int(invalidPrices),
        })
        .refine(
          (p) =>
            p.mode === 'fixed'
              ? p.value >= 0 && p.value <= MAX_PLAN_CREDITS
              : p.value >= MIN_PRICE_PERCENT && p.value <= MAX_PRICE_PERCENT,
          invalidPrices,
        ),
    )
    .max(MAX_RESELLER_PRICES, invalidPrices)
    .refine(
      (prices) => new Set(prices.map((p) => `${p.plan_id}:${p.months}`)).size === prices.length,
      invalidPrices,
    ),
});
export type ResellerPricesBody = z.infer<typeof resellerPricesBodySchema>;

const invalidLimits = { error: 'RESELLER_LIMITS_INVALID' } as const;
const count = (max: number) =>
  z.number(invalidLimits).int(invalidLimits).min(0, invalidLimits).max(max, invalidLimits);
const ids = z
  .array(z.number(invalidLimits).int(invalidLimits).min(1, invalidLimits).max(2_147_483_647, invalidLimits))
  .max(1000, invalidLimits)
  .transform((list) => [...new Set(list)].sort((a, b) => a - b));

/** Null means "no limit" (or, for trials, the panel's own daily limit). */
export const resellerLimitsBodySchema = z.object({
  /** Lines of the account and every account below it together. */
  max_lines: count(MAX_LINES_LIMIT).nullable(),
  /** Plans the account (and everyone below it) may sell; null: every plan. */
  allowed_plan_ids: ids.nullable(),
  /** Servers the account (and everyone below it) may put lines on; null: every server. */
  allowed_server_ids: ids.nullable(),
  /** Trial lines the account may make a day; null: the panel's setting. */
  trials_per_day: count(100_000).nullable(),
  /** The balance an account must hold to make a trial (0: none). */
  trial_min_balance: count(MAX_PLAN_CREDITS),
  /** Levels of sub-resellers the account may have below it: 0 none, null any. */
  sub_reseller_depth: count(MAX_SUB_RESELLER_DEPTH).nullable(),
  /** Credits the account pays to create a sub-reseller (admins only set it). */
  sub_reseller_price: count(MAX_PLAN_CREDITS),
  /** How far below 0 the balance may go on a spend (admins only set it; 0: never). */
  credit_limit: count(MAX_CREDIT_LIMIT),
});
export type ResellerLimits = z.infer<typeof resellerLimitsBodySchema>;

export const defaultResellerLimits: ResellerLimits = {
  max_lines: null,
  allowed_plan_ids: null,
  allowed_server_ids: null,
  trials_per_day: null,
  trial_min_balance: 0,
  sub_reseller_depth: null,
  sub_reseller_price: 0,
  credit_limit: 0,
};

/** Limits only an admin sets: they lend the panel's credits or price the panel's own service. */
export const adminOnlyLimitKeys = [
  'credit_limit',
  'sub_reseller_price',
] as const satisfies readonly (keyof ResellerLimits)[];

/** `GET /api/accounts/:id/terms`: the account's prices and limits, and what it uses now. */
export const resellerTermsSchema = z.object({
  account_id: z.string(),
  prices: z.array(resellerPriceSchema),
  limits: z.object({
    max_lines: z.number().int().nullable(),
    allowed_plan_ids: z.array(z.number().int()).nullable(),
    allowed_server_ids: z.array(z.number().int()).nullable(),
    trials_per_day: z.number().int().nullable(),
    trial_min_balance: z.number().int(),
    sub_reseller_depth: z.number().int().nullable(),
    sub_reseller_price: z.number().int(),
    credit_limit: z.number().int(),
  }),
  /** Lines of the account and its sub-accounts now (what `max_lines` counts). */
  lines: z.number().int(),
  /**
   * What whoever sets these terms pays per plan and duration: the floor of the account's prices.
   * Empty for an admin (no floor).
   */
  floor: z.array(
    z.object({ plan_id: z.number().int(), months: z.number().int(), credits: z.number().int() }),
  ),
});
export type ResellerTerms = z.infer<typeof resellerTermsSchema>;

/** One rule's price over the plan's `base` credits; a percentage is rounded to whole credits. */
export function ruledPrice(base: number, rule: Pick<ResellerPrice, 'mode' | 'value'>): number {
  if (rule.mode === 'fixed') return rule.value;
  return Math.max(0, Math.round((base * (100 + rule.value)) / 100));
}

/**
 * The one pricing rule's price list for a buyer: each duration of the plan at the buyer's own price
 * when their list has one, else at their tier's (the price list of the buyer's group), else at the
 * plan's. A percentage, on either list, is of the plan's price.
 */
export function buyerPlanPrices(
  planId: number,
  prices: readonly PlanPrice[],
  rules: readonly ResellerPrice[],
  tierRules: readonly ResellerPrice[] = [],
): PlanPrice[] {
  if (rules.length === 0 && tierRules.length === 0) return [...prices];
  return prices.map((price) => {
    const matches = (r: ResellerPrice) => r.plan_id === planId && r.months === price.months;
    const rule = rules.find(matches) ?? tierRules.find(matches);
    return rule ? { months: price.months, credits: ruledPrice(price.credits, rule) } : price;
  });
}

/**
 * `GET/PUT /api/groups/:id/prices`: a tier's price list. Every account of the group pays it for a
 * plan and duration its own list does not price.
 */
export const groupPricesSchema = z.object({
  group_id: z.number().int(),
  prices: z.array(resellerPriceSchema),
});
export type GroupPrices = z.infer<typeof groupPricesSchema>;

/** Whether a limit list lets `id` through (null: everything). */
export function limitAllows(allowed: readonly number[] | null, id: number): boolean {
  return allowed === null || allowed.includes(id);
}
