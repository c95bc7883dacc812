import { describe, expect, it } from 'vitest';
import { loadTranslation } from './resources';

/**
 * The words a reader meets on every page stay the same across pages: German says "Zugang/Zugänge"
 * for a line everywhere (the main pages' word), never "Leitung"; Portuguese says in Portuguese what
 * earlier versions left in English. Read from the merged texts (core file and every area folder).
 */

type Tree = { [key: string]: string | Tree };

function texts(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value] as [string, string]] : texts(value, path);
  });
}

/** English words that were left in the Portuguese texts (technical names like ECM, CAID stay). */
const ENGLISH_IN_PORTUGUESE = [
  /\bonline\b/i,
  /\boffline\b/i,
  /\breshare\b/i,
  /\bhops?\b/i,
  /\blogins?\b/i,
  /\bpopular\b/i,
  /\bECM ok\b/i,
];

describe('terms in the locale files', () => {
  it('German calls a line "Zugang", never "Leitung"', async () => {
    const german = texts((await loadTranslation('de')) as Tree);
    expect(german.filter(([, text]) => /Leitung/.test(text))).toEqual([]);
  });

  it('Portuguese has none of the English leftovers', async () => {
    const portuguese = texts((await loadTranslation('pt')) as Tree);
    expect(portuguese.filter(([, text]) => ENGLISH_IN_PORTUGUESE.some((word) => word.test(text)))).toEqual(
      [],
    );
  });
});
