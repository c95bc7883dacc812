/**
 * How a line's status and expiry date are shown, in a module without schemas: the customer portal
 * (apps/web/src/portal) uses these and must not download zod with them (line.ts holds the schemas).
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
