import { describe, expect, it } from 'vitest';
import { renewalPlanDifference } from './line-plan-renewal.js';

describe('the difference a renewal on another plan adds for the days left', () => {
  const cheap = [
    { months: 1, credits: 2 },
    { months: 12, credits: 10 },
  ];
  const dear = [
    { months: 1, credits: 5 },
    { months: 12, credits: 34 },
  ];
  const reseller = { isAdmin: false };
  const today = '2026-03-01';
  const line = (expiryDate: string, months: number | null = 1, isTrial = false) => ({
    expiryDate,
    months,
    isTrial,
  });

  it("charges the plans' difference for the paid duration pro rata to the days left", () => {
    // 15 of March's 31 days left of a 1-month line: (5 - 2) × 15 / 31 = 1.45, rounded.
    expect(renewalPlanDifference(cheap, dear, line('2026-03-16'), 1, today, reseller)).toBe(1);
    // 31 of 31 days left: the whole difference.
    expect(renewalPlanDifference(cheap, dear, line('2026-04-01'), 1, today, reseller)).toBe(3);
    // A 12-month line half through: (34 - 10) × 183 / 365 = 12.03.
    expect(renewalPlanDifference(cheap, dear, line('2026-08-31', 12), 1, today, reseller)).toBe(12);
  });

  it('never more than the whole difference, and a frozen line counts the days it keeps', () => {
    expect(renewalPlanDifference(cheap, dear, line('2026-12-01'), 1, today, reseller)).toBe(3);
    const frozen = { ...line('2026-12-01'), frozenDays: 10 };
    expect(renewalPlanDifference(cheap, dear, frozen, 1, today, reseller)).toBe(1);
  });

  it('costs nothing for an expired line, a trial, a cheaper plan or an admin', () => {
    expect(renewalPlanDifference(cheap, dear, line('2026-02-27'), 1, today, reseller)).toBe(0);
    expect(renewalPlanDifference(cheap, dear, line('2026-03-01'), 1, today, reseller)).toBe(0);
    expect(renewalPlanDifference(cheap, dear, line('2026-03-20', null, true), 1, today, reseller)).toBe(0);
    expect(renewalPlanDifference(dear, cheap, line('2026-03-20'), 1, today, reseller)).toBe(0);
    expect(renewalPlanDifference(cheap, dear, line('2026-03-20'), 1, today, { isAdmin: true })).toBe(0);
  });

  it("compares the renewal's duration when the new plan does not sell the line's", () => {
    const quarterly = [{ months: 3, credits: 4 }];
    const toQuarterly = [{ months: 3, credits: 7 }];
    // The line was sold for 1 month, the new plan sells only 3: (7 - 4) over the 92 days from today.
    expect(renewalPlanDifference(quarterly, toQuarterly, line('2026-04-01'), 3, today, reseller)).toBe(1);
    // The old plan does not sell it either: it counts as 0, so the new plan's price is prorated.
    expect(renewalPlanDifference(cheap, toQuarterly, line('2026-04-01'), 3, today, reseller)).toBe(2);
  });
});
