// One clock for line expiry, for the panel and the agent alike (docs/spec-rules.md, "Expiry"): a
// line's expiry date D means it works until the end of day D in the panel's business time zone (an
// admin setting, UTC unless changed), whatever zone the panel's or the card server's machine runs
// in. The panel decides "today" and "expired" in that zone and sends each agent the instant the line
// ends (`expiresAt`), which the agent enforces on its own clock. Import-free (Intl only), so that
// the agent bundle could take it alone.

export const DEFAULT_BUSINESS_TIME_ZONE = 'UTC';

/** Whether `zone` is an IANA time zone name this runtime knows (`Europe/Berlin`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === '' || zone !== zone.trim()) return false;
  // Node.js 22's Intl also takes a UTC offset ('+03:00') as a time zone; an offset has no summer
  // time, so a zone that has one would be a day's hour off half the year: only names are taken.
  if (/^[+\-\u2212]/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

/** The wall clock in `zone` at `instant`, as milliseconds of the same reading in UTC. */
function wallClockMs(instant: Date, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatIn(zone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second) + instant.getUTCMilliseconds();
}

/** The calendar date (YYYY-MM-DD) in `zone` at `instant`. */
export function dateInZone(instant: Date, zone: string): string {
  return new Date(wallClockMs(instant, zone)).toISOString().slice(0, 10);
}

/**
 * Found instants by zone and day: the search below formats a date some 25 times, and every line sent
 * to an agent asks for the end of its day (a burst of new lines asks for the same few days).
 */
const dayStarts = new Map<string, number>();
const DAY_STARTS_KEPT = 10_000;

/** The first instant of day `date` (YYYY-MM-DD) in `zone`: its midnight, or where a DST jump skips that, the jump. */
export function startOfDayInZone(date: string, zone: string): Date {
  const key = `${zone} ${date}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    start = searchStartOfDay(date, zone);
    if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return new Date(start);
}

function searchStartOfDay(date: string, zone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`);
  // The wall clock read as UTC, less the zone's offset at that guess: midnight unless an offset
  // change lies between. Then the first instant that reads as `date`, searched to the millisecond
  // within three hours either side (no zone changes its offset by more in a day).
  const guess = wall - (wallClockMs(new Date(wall), zone) - wall);
  let before = guess - 3 * 3600_000;
  let from = guess + 3 * 3600_000;
  while (from - before > 1) {
    const middle = Math.floor((before + from) / 2);
    if (dateInZone(new Date(middle), zone) >= date) from = middle;
    else before = middle;
  }
  return from;
}

/** The instant a line with expiry date `date` (YYYY-MM-DD) ends: the end of that day in `zone`. */
export function lineEndsAt(date: string, zone: string): Date {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return startOfDayInZone(next, zone);
}

/** Whether a line with expiry date `date` has ended at `now`. */
export function lineExpiredAt(date: string, zone: string, now: Date): boolean {
  return now.getTime() >= lineEndsAt(date, zone).getTime();
}
