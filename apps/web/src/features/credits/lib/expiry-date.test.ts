import { describe, expect, it } from 'vitest';
import { endOfDayIso, todayInputValue } from './expiry-date';

describe('expiry dates', () => {
  it('gives today in the YYYY-MM-DD form of a date input', () => {
    expect(todayInputValue(new Date(2031, 0, 5, 23, 30))).toBe('2031-01-05');
  });

  it('makes a chosen day last until its final millisecond in local time', () => {
    const iso = endOfDayIso('2031-01-05');
    const end = new Date(iso);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([
      2031, 0, 5, 23, 59,
    ]);
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});
