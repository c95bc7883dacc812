// A formatter is costly to make (a phone spent more on making 44 of them than on drawing the axis
// labels): one per language.
const monthFormats = new Map<string, Intl.DateTimeFormat>();

function monthFormat(locale: string): Intl.DateTimeFormat {
  let format = monthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
    monthFormats.set(locale, format);
  }
  return format;
}

/** 'DD MMM' for chart axes, from a YYYY-MM-DD day (read as a calendar day, not a moment). */
export function dayLabel(iso: string, locale = 'en'): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const name = monthFormat(locale).format(date).replace(/\.$/, '');
  return `${String(day).padStart(2, '0')} ${name}`;
}
