import { describe, expect, it } from 'vitest';
import { randomPassword } from './random-password';

describe('randomPassword', () => {
  it('makes passwords of the asked length from letters and digits without look-alikes', () => {
    for (const length of [8, 12, 32]) {
      const password = randomPassword(length);
      expect(password).toHaveLength(length);
      expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]+$/);
    }
  });

  it('does not repeat itself', () => {
    const seen = new Set(Array.from({ length: 200 }, () => randomPassword()));
    expect(seen.size).toBe(200);
  });
});
