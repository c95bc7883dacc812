import { parse } from 'csv-parse/sync';
import { oscamSectionName, readConfigEntries } from '@linedesk/shared/config-files';
import {
  LINE_IMPORT_MAX_ROWS,
  type ImportedEntry,
  lineImportFields,
  type LineImportEncoding,
  type LineImportField,
  type LineImportFormat,
  type LineImportMapping,
} from '@linedesk/shared';
import { AppError } from '../../platform/errors.js';

/** An uploaded file as the import keeps it: its columns and its data rows' cells. */
export type ReadFile = {
  format: LineImportFormat;
  encoding: 'utf-8' | 'windows-1252';
  delimiter: string | null;
  columns: string[];
  rows: string[][];
  /** Config files: each row's account as read, which the line is written with whole. */
  entries?: ImportedEntry[];
  suggestedMapping: LineImportMapping;
};

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The file's text. UTF-8 (a BOM is dropped) unless its bytes are no valid UTF-8: then it was saved
 * by a spreadsheet in Windows-1252 (Latin-1's superset), the one other encoding files of lines come
 * in, unless the uploader said which.
 */
export function decodeFile(
  bytes: Buffer,
  wanted: LineImportEncoding,
): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  const hasBom = UTF8_BOM.every((byte, i) => bytes[i] === byte);
  const body = hasBom ? bytes.subarray(3) : bytes;
  if (wanted !== 'windows-1252') {
    try {
      return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
    } catch (error) {
      if (wanted === 'utf-8') throw new AppError('LINE_IMPORT_CSV_INVALID', { params: { line: 1 } });
      if (!(error instanceof TypeError)) throw error;
    }
  }
  return { text: new TextDecoder('windows-1252').decode(body), encoding: 'windows-1252' };
}

/** The separator of the first line: the one of `;` `,` and tab found most outside quotes. */
export function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((d) => ({ d, n: unquoted.split(d).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0]!.n > 0 ? counts[0]!.d : ',';
}

/** Column names that mean a field, as exports of panels and spreadsheets in our four languages name them. */
const FIELD_NAMES: Record<LineImportField, string[]> = {
  username: [
    'username',
    'user',
    'login',
    'benutzer',
    'benutzername',
    'użytkownik',
    'uzytkownik',
    'usuario',
    'utilizador',
    'usuário',
  ],
  password: ['password', 'pass', 'pwd', 'passwort', 'kennwort', 'hasło', 'haslo', 'senha'],
  expiry: [
    'expiry',
    'expiry_date',
    'expires',
    'expiration',
    'expdate',
    'ablauf',
    'ablaufdatum',
    'gültig bis',
    'wygasa',
    'data wygaśnięcia',
    'validade',
    'expira',
  ],
  owner_email: [
    'owner_email',
    'owner',
    'reseller',
    'email',
    'e-mail',
    'besitzer',
    'właściciel',
    'dono',
    'revendedor',
  ],
  plan: ['plan', 'plan_name', 'package', 'paket', 'pakiet', 'plano'],
  notes: ['notes', 'note', 'comment', 'notizen', 'notiz', 'kommentar', 'notatki', 'uwagi', 'notas'],
  max_connections: [
    'max_connections',
    'maxconnections',
    'connections',
    'max connections',
    'verbindungen',
    'połączenia',
    'conexões',
    'conexoes',
  ],
  disabled: ['disabled', 'deaktiviert', 'wyłączony', 'desativado'],
};

const normalise = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

function fieldOfColumn(name: string): LineImportField | undefined {
  const key = normalise(name);
  return lineImportFields.find((field) => FIELD_NAMES[field].some((alias) => normalise(alias) === key));
}

/** Each field → the first column named for it. */
function mappingFromHeader(columns: readonly string[]): LineImportMapping {
  const mapping: LineImportMapping = {};
  columns.forEach((column, index) => {
    const field = fieldOfColumn(column);
    if (field && mapping[field] === undefined) mapping[field] = index;
  });
  return mapping;
}

function readCsv(text: string, encoding: ReadFile['encoding']): ReadFile {
  const delimiter = detectDelimiter(text);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new AppError('LINE_IMPORT_CSV_INVALID', { params: { line: line ?? 1 } });
  }
  records = records.filter((record) => record.some((cell) => cell.trim() !== ''));
  const first = records[0] ?? [];
  // A header names at least the username column; a first row of data names none of the fields.
  const headerMapping = mappingFromHeader(first);
  const hasHeader = headerMapping.username !== undefined;
  const rows = hasHeader ? records.slice(1) : records;
  const width = Math.max(0, ...records.map((record) => record.length));
  const columns = Array.from({ length: width }, (_, i) =>
    hasHeader && first[i]?.trim() ? first[i]!.trim() : `Column ${i + 1}`,
  );
  const suggestedMapping: LineImportMapping = hasHeader
    ? headerMapping
    : { username: 0, password: width > 1 ? 1 : null, expiry: width > 2 ? 2 : null };
  return { format: 'csv', encoding, delimiter, columns, rows, suggestedMapping };
}

/** The columns a config file's accounts are read into, and so their fixed mapping. */
const CONFIG_COLUMNS = ['username', 'password', 'expiry', 'max_connections', 'disabled'];
const CONFIG_MAPPING: LineImportMapping = {
  username: 0,
  password: 1,
  expiry: 2,
  max_connections: 3,
  disabled: 4,
};
const CONFIG_LABELS = { cccam: 'CCcam.cfg', oscam: 'oscam.user' } as const;

/** Which config file the text is: F-lines make a CCcam.cfg, [account] sections an oscam.user. */
function configKind(text: string): 'cccam' | 'oscam' | null {
  const lines = text.split(/\r?\n/);
  if (lines.some((line) => /^\s*F:/.test(line))) return 'cccam';
  if (lines.some((line) => oscamSectionName(line) === 'account')) return 'oscam';
  return null;
}

/** What the file's name claims it is, if it names a config file at all. */
function claimedKind(fileName: string): 'cccam' | 'oscam' | null {
  if (/\.cfg$/i.test(fileName)) return 'cccam';
  if (/\.user$/i.test(fileName)) return 'oscam';
  return null;
}

/**
 * A config file's accounts as rows, read by the same functions the agent reads its own file with:
 * the login, the expiry (CCcam has none: the import's default expiry fills it), the connection limit
 * and the disabled flag as columns, and each account whole (its restrictions, its verbatim extra,
 * its text), so the line is written with every setting the file gave it.
 */
function readConfig(kind: 'cccam' | 'oscam', text: string, encoding: ReadFile['encoding']): ReadFile {
  const entries = readConfigEntries(kind, text);
  const rows = entries.map((entry) => {
    // An expdate the reader could not take is shown as written, so its row says why it is refused.
    const expdate =
      kind === 'oscam' ? (/^[ \t]*expdate[ \t]*=[ \t]*(.*?)[ \t]*$/im.exec(entry.text)?.[1] ?? '') : '';
    return [
      entry.username,
      entry.password ?? '',
      entry.expiryDate ?? expdate,
      entry.restrictions.max_connections === undefined ? '' : String(entry.restrictions.max_connections),
      entry.enabled ? '0' : '1',
    ];
  });
  return {
    format: kind,
    encoding,
    delimiter: null,
    columns: CONFIG_COLUMNS,
    rows,
    entries: entries.map((entry) => ({
      restrictions: entry.restrictions,
      extra: entry.extra,
      text: entry.text,
      problems: entry.problems.map(({ code, message }) => ({ code, message })),
    })),
    suggestedMapping: CONFIG_MAPPING,
  };
}

/**
 * Reads an upload as the format asked for, or (auto) as its content shows: F-lines are a
 * CCcam.cfg, [account] sections an oscam.user, anything else a CSV. A file named or declared a
 * config file that holds none of its accounts is refused, not read as a CSV.
 */
export function readImportFile(
  bytes: Buffer,
  options: { fileName: string; format: LineImportFormat | 'auto'; encoding: LineImportEncoding },
): ReadFile {
  const { text, encoding } = decodeFile(bytes, options.encoding);
  const found = configKind(text);
  const claimed = options.format === 'auto' ? claimedKind(options.fileName) : options.format;
  if (claimed !== null && claimed !== 'csv' && found !== claimed) {
    throw new AppError('LINE_IMPORT_NOT_A_CONFIG', { params: { format: CONFIG_LABELS[claimed] } });
  }
  const file =
    found !== null && claimed !== 'csv' ? readConfig(found, text, encoding) : readCsv(text, encoding);
  if (file.rows.length > LINE_IMPORT_MAX_ROWS) {
    throw new AppError('LINE_IMPORT_TOO_MANY_ROWS', {
      params: { rows: file.rows.length, max: LINE_IMPORT_MAX_ROWS },
    });
  }
  if (file.rows.length === 0) throw new AppError('LINE_IMPORT_EMPTY');
  return file;
}
