import type { Db } from '../../db/client.js';
import { topUpsRepository } from './topups.repository.js';

/**
 * Gives an approved request the next receipt number of the year (UTC), `R-2026-000123`, in the
 * approval's own transaction: numbered per year, counted without gaps (the counter row is locked
 * until the approval commits; a rolled-back approval gives its number back).
 */
export async function assignReceiptNumber(tx: Db, requestId: number, at = new Date()): Promise<string> {
  const year = at.getUTCFullYear();
  const n = await topUpsRepository.nextReceiptNumber(tx, year);
  const receiptNumber = `R-${year}-${String(n).padStart(6, '0')}`;
  await topUpsRepository.setReceiptNumber(tx, requestId, receiptNumber);
  return receiptNumber;
}
