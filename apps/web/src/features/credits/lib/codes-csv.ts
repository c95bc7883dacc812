import Papa from 'papaparse';

export type CsvCode = {
  code: string;
  credits: number;
  max_uses: number;
  expires_at: string | null;
  description: string | null;
};

/** Header names stay in English: the file is read by spreadsheets and scripts, not shown in the panel. */
const columns = ['code', 'credits', 'max_uses', 'expires_at', 'description'] as const;

/** The freshly created codes as a CSV file body (RFC 4180 quoting by papaparse). */
export function codesToCsv(codes: CsvCode[]): string {
  return Papa.unparse(
    {
      fields: [...columns],
      data: codes.map((code) => [
        code.code,
        code.credits,
        code.max_uses,
        code.expires_at ?? '',
        code.description ?? '',
      ]),
    },
    { newline: '\r\n' },
  );
}

/** One code per line, for the clipboard. */
export function codesToText(codes: Pick<CsvCode, 'code'>[]): string {
  return codes.map((code) => code.code).join('\n');
}

export function csvFileName(now: Date): string {
  return `redeem-codes-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.csv`;
}
