import { describe, expect, it } from 'vitest';
import { searchSample, searchWindow } from './line-search.js';

/** Search texts as the list stores them: username, name, e-mail and notes, lower-cased. */
const sample = searchSample(
  Array.from({ length: 1000 }, (_, i) => {
    const g = i * 97 + 1;
    return `seed${String(g).padStart(6, '0')} customer ${g} customer${g}@example.com`;
  }),
);

const times = (n: number, text: string) => Array.from({ length: n }, () => text);

describe('the part of a search the index looks up', () => {
  it('leaves out the parts at either end that most lines share', () => {
    // "cus" … "mer" are in every line, "er1" in about one in nine; "r12" is rare.
    expect(searchWindow('customer12345', sample)).toBe('r12345');
    expect(searchWindow('12345@example.com', sample)).toBe('12345@');
  });

  it('keeps the whole search where no end is common, or where it is short', () => {
    expect(searchWindow('anna', sample)).toBe('anna');
    expect(searchWindow('cus', sample)).toBe('cus');
    // A panel of a few lines is searched whole: quick there, and so few say little of what is common.
    expect(searchWindow('customer12345', searchSample(sample.texts.slice(0, 150)))).toBe('customer12345');
  });

  it('keeps the whole search where the shorter part would let more lines through', () => {
    // Both ends are common, but only the whole search tells the "aaxbb" lines apart.
    const texts = [
      ...Array<string>(45).fill('aaa'),
      ...Array<string>(45).fill('bbb'),
      ...Array<string>(10).fill('aaxbb'),
    ];
    expect(searchWindow('aaaxbbb', searchSample(texts))).toBe('aaaxbbb');
  });

  it('counts characters, not UTF-16 units', () => {
    const emoji = searchSample([
      ...times(70, '😀😀😀 one'),
      ...times(70, '😀😀😀 two'),
      ...times(70, '😀😀😀 three'),
    ]);
    expect(searchWindow('😀😀😀 two', emoji)).toBe('two');
    expect(searchWindow('x😀😀', emoji)).toBe('x😀😀');
  });
});
