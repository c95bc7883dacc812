import { describe, expect, it } from 'vitest';
import { formatNumber } from './number-format';

describe('formatNumber', () => {
  it("writes numbers as each language does, and keeps each call's options apart", () => {
    expect(formatNumber(1250, 'en')).toBe('1,250');
    expect(formatNumber(1250, 'de')).toBe('1.250');
    expect(formatNumber(1250.5, 'pt')).toBe('1.250,5');
    expect(formatNumber(2.456, 'en', { maximumFractionDigits: 1 })).toBe('2.5');
    expect(formatNumber(2.456, 'en')).toBe('2.456');
    expect(formatNumber(1250, 'en')).toBe((1250).toLocaleString('en'));
  });
});
