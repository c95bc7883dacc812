/**
 * How the panel writes a date and a date with its time, one rule per language: the spec's
 * 'DD MMM YYYY' and 'DD MMM YYYY h:mm a', with the month's short name and the time as the language
 * writes them (Intl.DateTimeFormat). Only a line's expiry date is written the spec's other way,
 * DD-MM-YYYY (`toDisplayDate` in line-display.ts). The web app and the texts the server writes use these.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One `Intl.DateTimeFormat` per language and options. Making one costs far more than using it, and a
 * list or a chart formats dozens of dates in one render (a phone spent more on making the dashboard
 * chart's 44 formatters than on drawing its axis labels).
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

type DateInput = string | number | Date | null | undefined;

const pad2 = (value: number) => String(value).padStart(2, '0');

function toDate(input: DateInput): Date | null {
  if (input === null || input === undefined || input === '') return null;
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

function shortMonth(date: Date, locale: string): string {
  // Some locales add a trailing dot ("mar.") or use genitive forms; the spec's MMM is a bare short name.
  const month = dateTimeFormat(locale, { month: 'short' }).format(date).replace(/\.$/, '');
  return month.charAt(0).toLocaleUpperCase(locale) + month.slice(1);
}

/** 'DD MMM YYYY', e.g. "05 Mar 2025"; empty string for missing or invalid input. */
export function formatDate(input: DateInput, locale = 'en'): string {
  const date = toDate(input);
  if (!date) return '';
  return `${pad2(date.getDate())} ${shortMonth(date, locale)} ${date.getFullYear()}`;
}

/**
 * 'DD MMM YYYY h:mm a' in English, e.g. "05 Mar 2025 3:07 pm"; other languages keep the date's order
 * and write the time as their readers do ("05 Mär 2025 15:07"), since am/pm means nothing in German,
 * Polish or Portuguese.
 */
export function formatDateTime(input: DateInput, locale = 'en'): string {
  const date = toDate(input);
  if (!date) return '';
  if (!locale.toLowerCase().startsWith('en')) {
    const time = dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
    return `${formatDate(date, locale)} ${time}`;
  }
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${formatDate(date, locale)} ${hour12}:${pad2(date.getMinutes())} ${hours < 12 ? 'am' : 'pm'}`;
}
