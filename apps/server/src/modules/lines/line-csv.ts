import { lineStatus, toDisplayDate } from '@linedesk/shared';
import type { LineRow } from './lines.repository.js';

export const LINE_CSV_HEADER = [
  'username',
  'password',
  'server',
  'status',
  'expiry_date',
  'added_date',
  'owner',
  'notes',
  'name',
  'email',
  'company',
  'host_port',
  'trial',
  'subscription_months',
  'sync_state',
] as const;

/**
 * Quotes where needed (RFC 4180). Free-text cells starting with a formula character get a leading
 * apostrophe so a spreadsheet shows them instead of running them; credentials stay verbatim.
 */
function cell(value: string | number | boolean | null, freeText = false): string {
  if (value === null) return '';
  let text = String(value);
  if (freeText && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function lineCsvHeader(): string {
  return `${LINE_CSV_HEADER.join(',')}\r\n`;
}

/** One CSV record per line; dates in the spec's display format DD-MM-YYYY. */
export function lineCsvRow(row: LineRow, today: string): string {
  const status = lineStatus(
    { enabled: row.enabled, expiry_date: row.expiryDate, is_trial: row.isTrial },
    today,
  );
  return `${[
    cell(row.username),
    cell(row.password),
    cell(row.serverName, true),
    cell(status),
    cell(toDisplayDate(row.expiryDate)),
    cell(toDisplayDate(row.addedDate)),
    cell(row.ownerEmail, true),
    cell(row.notes, true),
    cell(row.name, true),
    cell(row.email, true),
    cell(row.company, true),
    cell(row.hostPort.join(' '), true),
    cell(row.isTrial ? 'yes' : 'no'),
    cell(row.subscriptionMonths),
    cell(row.syncState),
  ].join(',')}\r\n`;
}
