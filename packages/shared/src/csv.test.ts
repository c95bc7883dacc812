import { describe, expect, it } from 'vitest';
import { csvCell, csvRecord } from './csv.js';

describe('csvCell', () => {
  it('prefixes an apostrophe to every cell a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+HYPERLINK("http://x")')).toBe(`"'+HYPERLINK(""http://x"")"`);
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(1+1)')).toBe("'@SUM(1+1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('leaves other text, numbers and empty cells as they are, quoting per RFC 4180', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvRecord(['a', 1, true, null])).toBe('a,1,true,\r\n');
  });
});
