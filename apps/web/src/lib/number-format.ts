const formats = new Map<string, Intl.NumberFormat>();

/**
 * A number as the reader's language writes it (1,250 / 1.250 / 1 250), through one `Intl.NumberFormat`
 * per language and options. `Number.prototype.toLocaleString` makes a new formatter on every call: the
 * header's credits chip alone cost a phone tens of milliseconds on each render of the signed-in shell.
 */
export function formatNumber(
  value: number,
  locale: string | undefined,
  options: Intl.NumberFormatOptions = {},
): string {
  const key = `${locale ?? ''} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format.format(value);
}

/**
 * A chart's numbers (axis ticks, tooltips) as the reader's language writes them: the charts' own
 * default follows the browser's language, which wrote "4,000" on German pages beside "3.043".
 */
export function chartNumber(locale: string | undefined) {
  return (value: number | null): string => (value === null ? '' : formatNumber(value, locale));
}
