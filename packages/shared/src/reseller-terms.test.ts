import { describe, expect, it } from 'vitest';
import {
  buyerPlanPrices,
  resellerLimitsBodySchema,
  resellerPricesBodySchema,
  ruledPrice,
} from './reseller-terms.js';
import { spendRefusal } from './spend-rule.js';

describe('the buyer price rule', () => {
  const prices = [
    { months: 1, credits: 2 },
    { months: 12, credits: 10 },
  ];

  it('takes a fixed price as is and a percentage of the plan price, rounded, never below 0', () => {
    expect(ruledPrice(10, { mode: 'fixed', value: 7 })).toBe(7);
    expect(ruledPrice(10, { mode: 'percent', value: -15 })).toBe(9);
    expect(ruledPrice(10, { mode: 'percent', value: 25 })).toBe(13);
    expect(ruledPrice(10, { mode: 'percent', value: -100 })).toBe(0);
  });

  it('prices only the plan and durations the list names', () => {
    const rules = [
      { plan_id: 1, months: 12, mode: 'fixed' as const, value: 8 },
      { plan_id: 2, months: 1, mode: 'fixed' as const, value: 99 },
    ];
    expect(buyerPlanPrices(1, prices, rules)).toEqual([
      { months: 1, credits: 2 },
      { months: 12, credits: 8 },
    ]);
    expect(buyerPlanPrices(3, prices, rules)).toEqual(prices);
  });

  it("takes the buyer's own price first, then their tier's, then the plan's", () => {
    const own = [{ plan_id: 1, months: 1, mode: 'fixed' as const, value: 5 }];
    const tier = [
      { plan_id: 1, months: 1, mode: 'fixed' as const, value: 1 },
      { plan_id: 1, months: 12, mode: 'percent' as const, value: -20 },
    ];
    expect(buyerPlanPrices(1, prices, own, tier)).toEqual([
      { months: 1, credits: 5 },
      { months: 12, credits: 8 },
    ]);
    expect(buyerPlanPrices(1, prices, [], tier)).toEqual([
      { months: 1, credits: 1 },
      { months: 12, credits: 8 },
    ]);
    expect(buyerPlanPrices(2, prices, own, tier)).toEqual(prices);
  });

  it('refuses a list that names a duration twice or a percentage out of range', () => {
    const twice = resellerPricesBodySchema.safeParse({
      prices: [
        { plan_id: 1, months: 1, mode: 'fixed', value: 1 },
        { plan_id: 1, months: 1, mode: 'percent', value: 1 },
      ],
    });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.message).toBe('RESELLER_PRICES_INVALID');
    expect(
      resellerPricesBodySchema.safeParse({
        prices: [{ plan_id: 1, months: 1, mode: 'percent', value: 1001 }],
      }).success,
    ).toBe(false);
    expect(resellerLimitsBodySchema.safeParse({ max_lines: -1 }).success).toBe(false);
  });
});

describe('the spending rule with a credit limit', () => {
  it('lets a spend go down to minus the limit and names the limit when it would go further', () => {
    expect(spendRefusal(2, 6, 4)).toBeNull();
    expect(spendRefusal(-4, 1, 4)).toEqual({
      code: 'CREDIT_LIMIT_EXCEEDED',
      params: { required: 1, available: -4, limit: 4 },
    });
    // Without a limit nothing changes.
    expect(spendRefusal(1, 2)).toEqual({
      code: 'INSUFFICIENT_CREDITS',
      params: { required: 2, available: 1 },
    });
    expect(spendRefusal(-1, 2)).toEqual({ code: 'BALANCE_NEGATIVE', params: { balance: -1 } });
  });
});
