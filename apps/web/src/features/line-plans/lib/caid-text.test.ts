import { describe, expect, it } from 'vitest';
import { caidsToText, textToCaids } from './caid-text';

describe('caid text', () => {
  it('reads one CAID per word with its idents, and writes it back', () => {
    const caids = textToCaids(' 0500:021110,000000  098c;0b00: ');
    expect(caids).toEqual([
      { caid: '0500', idents: ['021110', '000000'] },
      { caid: '098C', idents: [] },
      { caid: '0B00', idents: [] },
    ]);
    expect(caidsToText(caids)).toBe('0500:021110,000000 098C 0B00');
  });
});
