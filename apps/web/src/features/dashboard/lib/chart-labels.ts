import { dateTimeFormat } from '@linedesk/shared';

/** 'DD MMM' for chart axes, from a YYYY-MM-DD day (read as a calendar day, not a moment). */
export function dayLabel(iso: string, locale = 'en'): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const name = dateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(date).replace(/\.$/, '');
  return `${String(day).padStart(2, '0')} ${name}`;
}
