import { describe, expect, it } from 'vitest';
import { revenuePeriods, revenueSeries } from './revenue-series';

describe('revenue series', () => {
  it('lists every day or month of the range, across a year end', () => {
    expect(revenuePeriods('day', '2026-12-30', 3)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(revenuePeriods('month', '2026-11', 3)).toEqual(['2026-11', '2026-12', '2027-01']);
  });

  it('keeps one series per method and currency, never adding two currencies together', () => {
    const periods = ['2026-11', '2026-12'];
    const series = revenueSeries(
      [
        {
          period: '2026-11',
          method_name: 'Bank',
          method_kind: 'manual',
          currency: 'EUR',
          amount_cents: 2550,
          count: 1,
        },
        {
          period: '2026-12',
          method_name: 'Bank',
          method_kind: 'manual',
          currency: 'EUR',
          amount_cents: 100,
          count: 1,
        },
        {
          period: '2026-12',
          method_name: 'Bank',
          method_kind: 'manual',
          currency: 'USD',
          amount_cents: 4040,
          count: 1,
        },
        {
          period: '2026-12',
          method_name: null,
          method_kind: null,
          currency: 'EUR',
          amount_cents: 900,
          count: 1,
        },
        {
          period: '2025-01',
          method_name: 'Bank',
          method_kind: 'manual',
          currency: 'EUR',
          amount_cents: 7,
          count: 1,
        },
      ],
      periods,
    );
    expect(series.map((s) => [s.methodName, s.currency, s.cents])).toEqual([
      [null, 'EUR', [0, 900]],
      ['Bank', 'EUR', [2550, 100]],
      ['Bank', 'USD', [0, 4040]],
    ]);
  });
});
