export type CsvValue = string | number | boolean | null | undefined;

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab or CR before them) as a formula, and an
 * exported username, note or description is written by whoever created it. Such cells get a leading
 * apostrophe (OWASP's advice), which spreadsheets show as text and hide.
 */
export function neutraliseCsvFormula(text: string): string {
  return isCsvFormula(text) ? `'${text}` : text;
}

/** Whether a spreadsheet would run this cell as a formula; an imported cell like it is refused. */
export function isCsvFormula(text: string): boolean {
  return /^[=+\-@\t\r]/.test(text);
}

/** One cell: formula-neutralised, then quoted where RFC 4180 needs it. Numbers and booleans as is. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? neutraliseCsvFormula(value) : String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF line end; every CSV the panel writes goes through here. */
export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
