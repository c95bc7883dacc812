import { addDays, type RevenueBucket } from '@linedesk/shared';

/** Every period of a range, oldest first: `count` days from YYYY-MM-DD, or months from YYYY-MM. */
export function revenuePeriods(unit: 'day' | 'month', from: string, count: number): string[] {
  if (unit === 'day') return Array.from({ length: count }, (_, i) => addDays(from, i));
  const [year, month] = from.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(year, month - 1 + i, 1));
    return date.toISOString().slice(0, 7);
  });
}

export type RevenueSeries = {
  key: string;
  methodName: string | null;
  currency: string;
  /** Minor units per period, 0 where nothing came in. */
  cents: number[];
};

/**
 * One series per method and currency over every period: amounts of different currencies are never
 * added together, only drawn side by side.
 */
export function revenueSeries(
  buckets: readonly RevenueBucket[],
  periods: readonly string[],
): RevenueSeries[] {
  const index = new Map(periods.map((period, i) => [period, i]));
  const series = new Map<string, RevenueSeries>();
  for (const bucket of buckets) {
    const at = index.get(bucket.period);
    if (at === undefined) continue;
    const key = `${bucket.currency}\u0000${bucket.method_name ?? ''}`;
    let found = series.get(key);
    if (!found) {
      found = { key, methodName: bucket.method_name, currency: bucket.currency, cents: periods.map(() => 0) };
      series.set(key, found);
    }
    found.cents[at]! += bucket.amount_cents;
  }
  return [...series.values()].sort(
    (a, b) => a.currency.localeCompare(b.currency) || (a.methodName ?? '').localeCompare(b.methodName ?? ''),
  );
}
