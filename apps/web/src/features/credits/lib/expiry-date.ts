const pad2 = (value: number) => String(value).padStart(2, '0');

/** Today as the value of an `<input type="date">` (the browser's own day, not UTC's). */
export function todayInputValue(now = new Date()): string {
  return `${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`;
}

/** A code "valid until 31 Jan" should work all of that day where the admin is: 23:59:59 local time. */
export function endOfDayIso(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, 23, 59, 59, 999).toISOString();
}
