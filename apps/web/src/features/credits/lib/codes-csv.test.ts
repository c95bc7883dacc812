import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { codesToCsv, codesToText, csvFileName } from './codes-csv';

describe('codesToCsv', () => {
  it('writes a header and one row per code that a CSV reader gets back unchanged', () => {
    const csv = codesToCsv([
      {
        code: 'AAAA-BBBB',
        credits: 10,
        max_uses: 1,
        expires_at: '2030-01-31T00:00:00.000Z',
        description: null,
      },
      { code: 'CCCC-DDDD', credits: 5, max_uses: 3, expires_at: null, description: 'Promo, "spring"' },
    ]);
    expect(csv.split('\r\n')[0]).toBe('code,credits,max_uses,expires_at,description');
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(parsed).toEqual([
      ['code', 'credits', 'max_uses', 'expires_at', 'description'],
      ['AAAA-BBBB', '10', '1', '2030-01-31T00:00:00.000Z', ''],
      ['CCCC-DDDD', '5', '3', '', 'Promo, "spring"'],
    ]);
  });

  it('neutralises a description a spreadsheet would run as a formula', () => {
    const csv = codesToCsv(
      ['=1+1', '+HYPERLINK("http://evil")', '-1+1', '@SUM(1+1)', '\t=1'].map((description) => ({
        code: 'EEEE-FFFF',
        credits: 1,
        max_uses: 1,
        expires_at: null,
        description,
      })),
    );
    const descriptions = Papa.parse<string[]>(csv, { skipEmptyLines: true })
      .data.slice(1)
      .map((row) => row[4]);
    expect(descriptions).toEqual(["'=1+1", `'+HYPERLINK("http://evil")`, "'-1+1", "'@SUM(1+1)", "'\t=1"]);
  });
});

describe('codesToText', () => {
  it('puts one code per line', () => {
    expect(codesToText([{ code: 'A1' }, { code: 'B2' }])).toBe('A1\nB2');
  });
});

describe('csvFileName', () => {
  it('names the file after the moment without characters file systems refuse', () => {
    expect(csvFileName(new Date('2031-02-03T04:05:06.789Z'))).toBe('redeem-codes-2031-02-03-04-05-06.csv');
  });
});
