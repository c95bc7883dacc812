import { buyerSpendRefusal, type BuyerTerms } from '../reseller-terms/buyer-terms.js';
import { type LineImportPreview, type LineImportPreviewBody, type LineImportRow } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { ledgerRepository } from '../credits/ledger.repository.js';
import type { CheckedRow } from './line-import-check.js';
import { checkRowsWith } from './line-import-context.js';
import { writtenEntry } from './line-import-entry.js';
import { today } from '../lines/line-scope.js';
import { ownImport } from './line-import-read.service.js';
import { lineImportRepository } from './line-import.repository.js';
import { checkServerTakesFile } from './line-import-server.js';
import { pickServer } from '../lines/line-server-pick.js';

type Written = ReturnType<typeof writtenEntry>;

function rowView(row: CheckedRow, written: Written): LineImportRow {
  return {
    ...written,
    row: row.seq,
    username: row.username,
    owner_email: row.owner?.email ?? row.ownerEmail,
    expiry_date: row.expiryDate,
    plan: row.plan,
    charge: row.line?.charge ?? 0,
    status: row.status,
    code: row.code,
    params: row.params,
  };
}

/** The balance now of each owner an ok row would charge. */
async function balancesOf(ctx: AppContext, rows: CheckedRow[]): Promise<Map<string, number>> {
  const balances = new Map<string, number>();
  for (const row of rows) {
    if (row.status !== 'ok' || !row.owner || !row.line || row.line.charge === 0) continue;
    if (balances.has(row.owner.id)) continue;
    balances.set(row.owner.id, (await ledgerRepository.balance(ctx.db, row.owner.id)).credits);
  }
  return balances;
}

/** Credits each paying owner's rows ask for, beside their balance now and whether it pays them all. */
function chargesOf(rows: CheckedRow[], balances: Map<string, number>): LineImportPreview['charges'] {
  const byOwner = new Map<
    string,
    { email: string | null; lines: number; credits: number; terms: BuyerTerms }
  >();
  for (const row of rows) {
    if (row.status !== 'ok' || !row.owner || !row.line || row.line.charge === 0) continue;
    const entry = byOwner.get(row.owner.id) ?? {
      email: row.owner.email,
      lines: 0,
      credits: 0,
      terms: row.owner.terms,
    };
    entry.lines += 1;
    entry.credits += row.line.charge;
    byOwner.set(row.owner.id, entry);
  }
  return [...byOwner].map(([ownerId, entry]) => {
    const balance = balances.get(ownerId)!;
    return {
      owner_id: ownerId,
      owner_email: entry.email,
      lines: entry.lines,
      credits: entry.credits,
      balance,
      sufficient: buyerSpendRefusal(entry.terms, balance, entry.credits) === null,
    };
  });
}

/**
 * The rows as the import will end them: it charges an owner's rows one after the other, in file
 * order, and a row the balance left cannot pay is refused by the spending rule (a negative balance
 * buys nothing, a short one what it covers). So each such row says why here already, not "ok".
 */
function withSpendRefusals(rows: CheckedRow[], balances: Map<string, number>): CheckedRow[] {
  const left = new Map(balances);
  return rows.map((row) => {
    if (row.status !== 'ok' || !row.owner || !row.line || row.line.charge === 0) return row;
    const balance = left.get(row.owner.id)!;
    // The owner's credit limit counts, as the ledger's guard will count it.
    const refused = buyerSpendRefusal(row.owner.terms, balance, row.line.charge);
    if (!refused) {
      left.set(row.owner.id, balance - row.line.charge);
      return row;
    }
    return { ...row, status: 'refused' as const, code: refused.code, params: refused.params };
  });
}

/**
 * The dry run: every row checked as the import would check it, with nothing written. Answers the
 * totals, the credits per owner and one page of rows (filtered by status).
 */
export async function previewLineImport(
  ctx: AppContext,
  actor: Actor,
  id: number,
  parsed: Required<Pick<LineImportPreviewBody, 'page' | 'page_size' | 'status'>> & LineImportPreviewBody,
): Promise<LineImportPreview> {
  const record = await ownImport(ctx, actor, id);
  // The picked server's agent: it must write a config file's format, and its defaults show the
  // entry every row will be written as.
  const agent = await checkServerTakesFile(ctx, record, await pickServer(ctx, parsed.server_id));
  const checked = await checkRowsWith(
    ctx,
    record,
    parsed,
    await lineImportRepository.allRows(ctx.db, record.id),
  );
  const balances = await balancesOf(ctx, checked);
  const charges = chargesOf(checked, balances);
  const rows = withSpendRefusals(checked, balances);
  const day = today();
  const written = new Map(
    rows.map((row) => [row.seq, writtenEntry(record.format, row.entry, row.line, day, agent)] as const),
  );
  const count = (status: CheckedRow['status']) => rows.filter((row) => row.status === status).length;
  const matching = parsed.status === 'all' ? rows : rows.filter((row) => row.status === parsed.status);
  const start = (parsed.page - 1) * parsed.page_size;
  return {
    total: rows.length,
    ok: count('ok'),
    skipped: count('skipped'),
    refused: count('refused'),
    charges,
    ambiguous_dates: rows.filter((row) => row.status === 'ok' && row.ambiguousDate).length,
    differing: rows.filter((row) => row.status === 'ok' && written.get(row.seq)!.differences.length > 0)
      .length,
    matching: matching.length,
    rows: matching.slice(start, start + parsed.page_size).map((row) => rowView(row, written.get(row.seq)!)),
  };
}
