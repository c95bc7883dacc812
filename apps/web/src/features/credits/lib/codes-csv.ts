import { csvRecord } from '@linedesk/shared';

export type CsvCode = {
  code: string;
  credits: number;
  max_uses: number;
  expires_at: string | null;
  description: string | null;
};

/** Header names stay in English: the file is read by spreadsheets and scripts, not shown in the panel. */
const columns = ['code', 'credits', 'max_uses', 'expires_at', 'description'] as const;

/**
 * The freshly created codes as a CSV file body, through the same cell rule as every export of the
 * panel (RFC 4180 quoting; a description starting with a formula character is neutralised).
 */
export function codesToCsv(codes: CsvCode[]): string {
  return [
    csvRecord(columns),
    ...codes.map((code) =>
      csvRecord([code.code, code.credits, code.max_uses, code.expires_at, code.description]),
    ),
  ]
    .join('')
    .replace(/\r\n$/, '');
}

/** One code per line, for the clipboard. */
export function codesToText(codes: Pick<CsvCode, 'code'>[]): string {
  return codes.map((code) => code.code).join('\n');
}

export function csvFileName(now: Date): string {
  return `redeem-codes-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.csv`;
}
