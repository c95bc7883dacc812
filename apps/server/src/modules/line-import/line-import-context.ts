import {
  isAdminAccount,
  parseExpiryDate,
  lineImportRequiredFields,
  type LineImportMapping,
  type LineImportOptions,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { buyerTerms } from '../reseller-terms/buyer-terms.js';
import { AppError } from '../../platform/errors.js';
import { linePlansRepository, type LinePlanRow } from '../line-plans/line-plans.repository.js';
import { planForNewLine } from '../line-plans/line-plans.service.js';
import { today } from '../lines/line-scope.js';
import { pickServer } from '../lines/line-server-pick.js';
import { checkImportRows, namesOf, type CheckedRow, type ImportOwner } from './line-import-check.js';
import { checkServerTakesFile } from './line-import-server.js';
import {
  lineImportRepository,
  type AccountRow,
  type ImportRecord,
  type ImportRowRead,
} from './line-import.repository.js';

/** An owner with their prices: a charged import row costs its owner what a create would. */
async function ownerOf(ctx: AppContext, row: AccountRow): Promise<ImportOwner> {
  const isAdmin = isAdminAccount({ is_admin: row.isAdmin, group_id: row.groupId });
  return {
    id: row.id,
    email: row.email,
    isAdmin,
    ownerId: row.ownerId,
    terms: await buyerTerms(ctx.db, { id: row.id, isAdmin }),
  };
}

/** The mapping must name the username and password columns, and only columns the file has. */
function checkMapping(mapping: LineImportMapping, columns: number): void {
  for (const field of lineImportRequiredFields) {
    if (mapping[field] === null || mapping[field] === undefined) {
      throw new AppError('LINE_IMPORT_COLUMN_REQUIRED', { params: { field } });
    }
  }
  for (const index of Object.values(mapping)) {
    if (index !== null && index !== undefined && index >= columns) {
      throw new AppError('LINE_IMPORT_COLUMN_MISSING', { params: { column: index + 1 } });
    }
  }
}

/**
 * Checks rows of an import with these options, after one read of everything they name (server,
 * plans, owners, existing lines). The preview, the start and each chunk of the running job check
 * through here, so they give a row the same verdict. `askAgent`: the preview and the start ask the
 * server's agent whether it writes the file's format (the job, running later, trusts that answer).
 */
export async function checkRowsWith(
  ctx: AppContext,
  record: ImportRecord,
  options: LineImportOptions,
  rows: readonly ImportRowRead[],
  { askAgent = false }: { askAgent?: boolean } = {},
): Promise<CheckedRow[]> {
  const mapping = options.mapping;
  checkMapping(mapping, record.columns.length);
  let defaultExpiry: string | null = null;
  if (options.default_expiry) {
    defaultExpiry = parseExpiryDate(options.default_expiry);
    if (!defaultExpiry) throw new AppError('LINE_IMPORT_DEFAULT_EXPIRY_INVALID');
  }
  const server = await pickServer(ctx, options.server_id);
  if (askAgent && record.format !== 'csv') await checkServerTakesFile(ctx, record, server);
  const defaultPlan = await planForNewLine(ctx, options.plan_id);
  const plans = new Map<string, LinePlanRow>();
  for (const plan of await linePlansRepository.list(ctx.db, { includeArchived: false })) {
    plans.set(String(plan.id), plan);
    plans.set(plan.name.trim().toLowerCase(), plan);
  }
  const names = namesOf(rows, mapping);
  const owners = new Map(
    await Promise.all(
      (await lineImportRepository.accountsByEmail(ctx.db, names.emails)).map(
        async (row) => [row.email.toLowerCase(), await ownerOf(ctx, row)] as const,
      ),
    ),
  );
  const importer = await lineImportRepository.findAccount(ctx.db, record.accountId);
  if (!importer) throw new AppError('LINE_IMPORT_NOT_FOUND');
  return checkImportRows(rows, {
    format: record.format,
    mapping,
    server,
    defaultPlan,
    plans,
    owners,
    importer: await ownerOf(ctx, importer),
    existing: await lineImportRepository.existingLines(ctx.db, names.usernames),
    defaultExpiry,
    charge: options.charge ?? false,
    today: today(),
  });
}
