import { csvRecord, lineStatus, storedLineConnectionLine, toDisplayDate } from '@linedesk/shared';
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
  'connection_line',
] as const;

export function lineCsvHeader(): string {
  return csvRecord(LINE_CSV_HEADER);
}

/** One CSV record per line; dates in the spec's display format DD-MM-YYYY. */
export function lineCsvRow(row: LineRow, today: string): string {
  const status = lineStatus(
    {
      enabled: row.enabled,
      expiry_date: row.expiryDate,
      is_trial: row.isTrial,
      frozen: row.frozenAt !== null,
    },
    today,
  );
  return csvRecord([
    row.username,
    row.password,
    row.serverName,
    status,
    toDisplayDate(row.expiryDate),
    toDisplayDate(row.addedDate),
    row.ownerEmail,
    row.notes,
    row.name,
    row.email,
    row.company,
    row.hostPort.join(' '),
    row.isTrial ? 'yes' : 'no',
    row.subscriptionMonths,
    row.syncState,
    storedLineConnectionLine(row, row.serverProtocol, row.serverDesKey),
  ]);
}
