/**
 * How a line's status, expiry date and days left are shown, in a module without schemas: the customer
 * portal (apps/web/src/portal) and the dashboard's to-do list, which is in the signed-in shell's first
 * download, use these and must not download zod with them (line.ts holds the schemas).
 */

/** A status string maps to a colour; anything unknown is info (docs/spec-rules.md, "Status colours"). */
export type StatusColor = 'success' | 'warning' | 'error' | 'info';
export function statusColor(status: string): StatusColor {
  switch (status) {
    case 'active':
      return 'success';
    case 'inactive':
      return 'warning';
    case 'expired':
    case 'suspended':
      return 'error';
    default:
      return 'info';
  }
}

/** Storage YYYY-MM-DD → display DD-MM-YYYY (`fromDisplayDate` in line.ts is the way back). */
export function toDisplayDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}-${m}-${y}`;
}

/** Whole days from `today` to a line's expiry date (both YYYY-MM-DD): 0 expires today, below 0 expired. */
export function daysLeft(expiryDate: string, today: string): number {
  return Math.round((Date.parse(`${expiryDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/**
 * "Expiring soon", one rule for every place that says it (the dashboard's card and to-do list, the
 * lines list's quick filter and its count, the days-left column's warning colour): an expiry date from
 * today to LINE_EXPIRING_SOON_DAYS days ahead, both included (0 to 7 days left), of a line that is not
 * frozen (its clock is stopped: its expiry date says nothing until it is unfrozen), whatever else the
 * line's state, so that the card's number is the length of the list its filter shows and the sum of
 * the expiries chart's first days.
 */
export const LINE_EXPIRING_SOON_DAYS = 7;

/** The rule above for one line, from its `daysLeft`. */
export function isExpiringSoon(days: number): boolean {
  return days >= 0 && days <= LINE_EXPIRING_SOON_DAYS;
}
