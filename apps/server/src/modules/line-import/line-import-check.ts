import {
  addMonths,
  isCsvFormula,
  keptOverrides,
  parseImportDate,
  restrictionOverridesSchema,
  type ErrorCode,
  type ErrorParams,
  type ImportedEntry,
  type LineImportField,
  type LineImportFormat,
  type LineImportMapping,
  type LineRestrictions,
} from '@linedesk/shared';
import { AppError } from '../../platform/errors.js';
import type { LinePlanRow } from '../line-plans/line-plans.repository.js';
import { cleanText } from '../lines/line-fields.js';
import { checkNewLine, type LineBuyer, type NewLine } from '../lines/line-rules.js';
import type { ServerRow } from '../servers/servers.repository.js';

/** An account a row can name as its owner, by email. */
export type ImportOwner = LineBuyer & { id: string; ownerId: string | null };

/** What checking every row reads once: the choices, and the accounts, plans and lines it names. */
export type ImportCheckContext = {
  /** The file's format: a config file's entries keep their settings in its syntax. */
  format: LineImportFormat;
  mapping: LineImportMapping;
  server: ServerRow;
  /** The plan of rows that name none. */
  defaultPlan: LinePlanRow;
  /** Plans that take new lines, by lower-case name and by id. */
  plans: Map<string, LinePlanRow>;
  /** Accounts by lower-case email; only those the file names. */
  owners: Map<string, ImportOwner>;
  /** The admin importing: the owner of rows without an owner column. */
  importer: ImportOwner;
  /** Usernames of the file that are already lines, with their owner. */
  existing: Map<string, string | null>;
  /** YYYY-MM-DD for rows without an expiry; null: such rows are refused. */
  defaultExpiry: string | null;
  charge: boolean;
  today: string;
};

export type CheckedRow = {
  seq: number;
  username: string;
  ownerEmail: string | null;
  expiryDate: string | null;
  plan: string | null;
  ambiguousDate: boolean;
  status: 'ok' | 'skipped' | 'refused';
  code: ErrorCode | null;
  params: ErrorParams | null;
  /** ok rows: the line to write, as a single create would write it, and who owns it. */
  line: NewLine | null;
  /** A config file's account the row was read from. */
  entry: ImportedEntry | null;
  owner: ImportOwner | null;
};

const refusal = (code: ErrorCode, params?: ErrorParams) => new AppError(code, params ? { params } : {});

/**
 * The months an owner pays for: the shortest duration the plan sells that reaches the expiry (a
 * duration it does not sell is refused by `planCharge`, as on every path). Past expiries cost nothing.
 */
function monthsCovering(plan: LinePlanRow, today: string, expiry: string): number {
  const offered = plan.prices.map((price) => price.months).sort((a, b) => a - b);
  const covering = offered.find((months) => addMonths(today, months) >= expiry);
  if (covering !== undefined) return covering;
  let needed = 1;
  while (addMonths(today, needed) < expiry) needed += 1;
  return needed;
}

function disabledValue(value: string): boolean {
  const key = value.toLowerCase();
  if (['', '0', 'no', 'false', 'n'].includes(key)) return false;
  if (['1', 'yes', 'true', 'y'].includes(key)) return true;
  throw refusal('LINE_IMPORT_DISABLED_INVALID', { value });
}

/** Problems of a config file's account the import's own checks do not already name. */
const CHECKED_ELSEWHERE = new Set(['NO_USERNAME', 'NO_PASSWORD', 'DUPLICATE_USERNAME', 'EXPDATE_INVALID']);

/**
 * The line's own settings: a config file's account's restrictions and verbatim extra; a CSV's
 * connection limit. Whatever the panel cannot keep refuses the row rather than drop a setting.
 */
function entrySettings(
  entry: ImportedEntry | null,
  maxConnections: number | null,
  plan: LinePlanRow,
  format: 'oscam' | 'cccam',
): { overrides: LineRestrictions; extra: ImportedEntry['extra'] } {
  if (!entry)
    return { overrides: maxConnections === null ? {} : { max_connections: maxConnections }, extra: null };
  const problem = entry.problems.find((found) => !CHECKED_ELSEWHERE.has(found.code));
  if (problem) throw refusal('LINE_IMPORT_ENTRY_PROBLEM', { problem: problem.message });
  const parsed = restrictionOverridesSchema.safeParse(entry.restrictions);
  if (!parsed.success) {
    throw refusal('LINE_IMPORT_ENTRY_PROBLEM', {
      problem: parsed.error.issues[0]?.message ?? 'restrictions',
    });
  }
  // What the entry has, and "none" for what its plan would add: written as the file had it.
  return { overrides: keptOverrides(plan.restrictions, parsed.data, format), extra: entry.extra };
}

function checkRow(
  cells: readonly string[],
  entry: ImportedEntry | null,
  context: ImportCheckContext,
  firstRowOf: Map<string, number>,
  seq: number,
): Omit<CheckedRow, 'seq' | 'username' | 'ownerEmail' | 'expiryDate' | 'plan' | 'ambiguousDate' | 'entry'> & {
  ambiguousDate: boolean;
} {
  const { mapping } = context;
  const cell = (field: LineImportField): string => {
    const index = mapping[field];
    return index === null || index === undefined ? '' : (cells[index] ?? '');
  };
  for (const [field, index] of Object.entries(mapping)) {
    if (index !== null && index !== undefined && isCsvFormula(cells[index] ?? '')) {
      throw refusal('LINE_IMPORT_FORMULA', { field });
    }
  }
  const username = cell('username').trim();
  const first = firstRowOf.get(username);
  if (username && first !== undefined && first !== seq) {
    throw refusal('LINE_IMPORT_DUPLICATE_USERNAME', { row: first });
  }
  const email = cell('owner_email').trim();
  const owner = email ? context.owners.get(email.toLowerCase()) : context.importer;
  if (!owner) throw refusal('LINE_IMPORT_OWNER_NOT_FOUND', { email });
  const planName = cell('plan').trim();
  const plan = planName ? context.plans.get(planName.toLowerCase()) : context.defaultPlan;
  if (!plan) throw refusal('LINE_IMPORT_PLAN_NOT_FOUND', { plan: planName });
  const expiryText = cell('expiry').trim();
  const parsed = expiryText ? parseImportDate(expiryText) : null;
  if (expiryText && !parsed) throw refusal('LINE_IMPORT_DATE_INVALID', { value: expiryText });
  const expiryDate = parsed?.iso ?? context.defaultExpiry;
  if (!expiryDate) throw refusal('LINE_IMPORT_EXPIRY_REQUIRED');
  const maxText = cell('max_connections').trim();
  let max: number | null = null;
  if (maxText) {
    max = /^\d{1,4}$/.test(maxText) ? Number(maxText) : 0;
    if (max < 1 || max > 1000) throw refusal('LINE_IMPORT_MAX_CONNECTIONS_INVALID', { value: maxText });
  }
  // The file's limit is the line's own, over its plan's: the customer keeps what they had.
  const settings = entrySettings(entry, max, plan, context.format === 'cccam' ? 'cccam' : 'oscam');
  const enabled = !disabledValue(cell('disabled').trim());
  const charged = context.charge && expiryDate >= context.today;
  const line = checkNewLine({
    plan,
    server: context.server,
    username: cell('username'),
    password: cell('password'),
    months: charged ? monthsCovering(plan, context.today, expiryDate) : null,
    trialDays: null,
    buyer: owner,
    today: context.today,
    contact: { notes: cleanText(cell('notes')) },
    imported: { expiryDate, enabled, charged },
    entry: settings,
  });
  const takenBy = context.existing.get(line.values.username);
  if (takenBy !== undefined) {
    if (takenBy === owner.id) {
      return {
        status: 'skipped',
        code: 'LINE_IMPORT_ALREADY_THERE',
        params: null,
        line: null,
        owner,
        ambiguousDate: false,
      };
    }
    throw refusal('LINE_USERNAME_TAKEN');
  }
  return { status: 'ok', code: null, params: null, line, owner, ambiguousDate: parsed?.ambiguous ?? false };
}

/**
 * Every row of a file against the rules of a created line (`checkNewLine`, the same code on every
 * path) and the import's own: no formulas, a username once per file, an owner and plan that exist, a
 * readable expiry. A username already a line of the same owner is skipped (a rerun of the file); of
 * another owner, refused as taken. Pure: the caller read what the rows name.
 */
export function checkImportRows(
  rows: readonly { seq: number; cells: readonly string[]; entry?: ImportedEntry | null }[],
  context: ImportCheckContext,
): CheckedRow[] {
  const usernameIndex = context.mapping.username;
  const firstRowOf = new Map<string, number>();
  for (const row of rows) {
    const username = (usernameIndex == null ? '' : (row.cells[usernameIndex] ?? '')).trim();
    if (username && !firstRowOf.has(username)) firstRowOf.set(username, row.seq);
  }
  return rows.map((row) => {
    const text = (field: LineImportField) => {
      const index = context.mapping[field];
      const value = index === null || index === undefined ? '' : (row.cells[index] ?? '').trim();
      return value === '' ? null : value;
    };
    const shown = {
      seq: row.seq,
      entry: row.entry ?? null,
      username: text('username') ?? '',
      ownerEmail: text('owner_email'),
      expiryDate: text('expiry'),
      plan: text('plan'),
    };
    try {
      const checked = checkRow(row.cells, row.entry ?? null, context, firstRowOf, row.seq);
      return {
        ...shown,
        ...checked,
        expiryDate: checked.line?.expiryDate ?? shown.expiryDate,
      };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const params = (error.details as { params?: ErrorParams } | undefined)?.params ?? null;
      return {
        ...shown,
        ambiguousDate: false,
        status: 'refused' as const,
        code: error.code,
        params,
        line: null,
        owner: null,
      };
    }
  });
}

/** The emails and usernames a file's rows name, for the one read of each that checking needs. */
export function namesOf(
  rows: readonly { cells: readonly string[] }[],
  mapping: LineImportMapping,
): { emails: string[]; usernames: string[] } {
  const emails = new Set<string>();
  const usernames = new Set<string>();
  for (const row of rows) {
    if (mapping.owner_email != null) {
      const email = (row.cells[mapping.owner_email] ?? '').trim().toLowerCase();
      if (email) emails.add(email);
    }
    if (mapping.username != null) {
      const username = (row.cells[mapping.username] ?? '').trim();
      if (username) usernames.add(username);
    }
  }
  return { emails: [...emails], usernames: [...usernames] };
}
