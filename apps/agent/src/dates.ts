// The panel talks DD-MM-YYYY; files and the state store use ISO YYYY-MM-DD so that
// plain string comparison orders dates correctly.

const DISPLAY_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// The panel's date picker covers 1900 to 2099 (docs/spec-rules.md, "Dates").
const MIN_YEAR = 1900;
const MAX_YEAR = 2099;

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** DD-MM-YYYY → YYYY-MM-DD, or null when the text is not a real calendar date. */
export function displayToIsoDate(value: string): string | null {
  const match = DISPLAY_DATE.exec(value);
  if (!match) return null;
  const [day = '', month = '', year = ''] = match.slice(1);
  if (!isRealDate(Number(year), Number(month), Number(day))) return null;
  return `${year}-${month}-${day}`;
}

export function isoToDisplayDate(iso: string): string {
  const match = ISO_DATE.exec(iso);
  if (!match) throw new Error(`Not an ISO date: ${iso}`);
  const [year = '', month = '', day = ''] = match.slice(1);
  return `${day}-${month}-${year}`;
}

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year = '', month = '', day = ''] = match.slice(1);
  return isRealDate(Number(year), Number(month), Number(day));
}

/** Today's date in the server's local time zone, the same clock OSCam uses for expdate. */
export function localIsoDate(now: Date = new Date()): string {
  const year = String(now.getFullYear()).padStart(4, '0');
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}
