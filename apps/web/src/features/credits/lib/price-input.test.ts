import { describe, expect, it } from 'vitest';
import { centsToPriceInput, priceToCents } from './price-input';

describe('price input', () => {
  it('reads whole and decimal prices with a dot or a comma', () => {
    expect(priceToCents('19.99')).toBe(1999);
    expect(priceToCents('19,9')).toBe(1990);
    expect(priceToCents(' 5 ')).toBe(500);
    expect(priceToCents('0.05')).toBe(5);
  });

  it('refuses what is not a price', () => {
    for (const text of ['', '-1', '1.999', 'abc', '1e3', '1.2.3'])
      expect(priceToCents(text), text).toBeNull();
  });

  it('writes cents back the way the field reads them', () => {
    expect(centsToPriceInput(1999)).toBe('19.99');
    expect(centsToPriceInput(5)).toBe('0.05');
    expect(priceToCents(centsToPriceInput(123456))).toBe(123456);
  });
});
