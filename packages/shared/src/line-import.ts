import { z } from 'zod';
import { fromDisplayDate, parseExpiryDate } from './line.js';
import { idSchema, text } from './schema-blocks.js';

/** Rows one import takes; a larger file is refused whole, before anything is stored. */
export const LINE_IMPORT_MAX_ROWS = 20_000;
/** The upload's size limit: 20,000 rows of a wide CSV fit in it several times over. */
export const LINE_IMPORT_MAX_BYTES = 8 * 1024 * 1024;
/** Preview rows per page. */
export const LINE_IMPORT_PAGE_MAX = 200;

/** What a file is read as: a CSV with its columns mapped, or another server's config file. */
export const lineImportFormats = ['csv', 'cccam', 'oscam'] as const;
export type LineImportFormat = (typeof lineImportFormats)[number];

/** How the upload's bytes are read: `auto` takes UTF-8 and falls back to Windows-1252 on invalid bytes. */
export const lineImportEncodings = ['auto', 'utf-8', 'windows-1252'] as const;
export type LineImportEncoding = (typeof lineImportEncodings)[number];

/** The fields a column can be mapped to. */
export const lineImportFields = [
  'username',
  'password',
  'expiry',
  'owner_email',
  'plan',
  'notes',
  'max_connections',
  'disabled',
] as const;
export type LineImportField = (typeof lineImportFields)[number];
/** Without these mapped there is nothing to import. */
export const lineImportRequiredFields = [
  'username',
  'password',
] as const satisfies readonly LineImportField[];

/** Each field → the index of its column in the file, or null/absent when no column holds it. */
export const lineImportMappingSchema = z.object(
  Object.fromEntries(
    lineImportFields.map((field) => [field, z.number().int().min(0).max(999).nullable().optional()]),
  ) as Record<LineImportField, z.ZodOptional<z.ZodNullable<z.ZodNumber>>>,
);
export type LineImportMapping = z.infer<typeof lineImportMappingSchema>;

/** What the preview, the dry run and the start all take: the mapping and the choices for every row. */
export const lineImportOptionsSchema = z.object({
  mapping: lineImportMappingSchema,
  /**
   * The server the lines go to (an active one). A CCcam.cfg's or oscam.user's accounts go only to a
   * server whose agent writes that file, so that each is written back with every setting it had.
   */
  server_id: idSchema,
  /** The plan of rows without a plan column (or with an empty one); absent: the default plan. */
  plan_id: idSchema.optional(),
  /** The expiry of rows that carry none (CCcam.cfg has no expiry at all), YYYY-MM-DD or DD-MM-YYYY. */
  default_expiry: text().max(10).optional(),
  /**
   * true: each owner pays its plan's price for the shortest duration that covers the line's
   * remaining time; false: the lines are taken over free (lines already paid for elsewhere).
   */
  charge: z.boolean().default(false),
});
export type LineImportOptions = z.input<typeof lineImportOptionsSchema>;

/**
 * Whether a server whose agent writes `backend` cannot take a file of `format`: a config file's
 * accounts keep their settings in that file's syntax, so only an agent writing the same file can
 * keep them whole; a CSV's rows go to any server. The import's refusal and its server picker ask this.
 */
export function importFormatRefused(format: LineImportFormat, backend: unknown): boolean {
  return format !== 'csv' && backend !== format;
}

export const lineImportRowStatuses = ['ok', 'skipped', 'refused'] as const;
export const lineImportRowFilters = ['all', ...lineImportRowStatuses] as const;

export const lineImportPreviewBodySchema = lineImportOptionsSchema.extend({
  page: z.number().int().min(1).max(1000).default(1),
  page_size: z.number().int().min(1).max(LINE_IMPORT_PAGE_MAX).default(50),
  status: z.enum(lineImportRowFilters).default('all'),
});
export type LineImportPreviewBody = z.input<typeof lineImportPreviewBodySchema>;

const paramsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** One row as the import reads it: what it would become, or why it is refused or skipped. */
export const lineImportRowSchema = z.object({
  /** The row's number among the file's data rows, from 1. */
  row: z.number().int(),
  username: text(),
  owner_email: text().nullable(),
  /** YYYY-MM-DD, as read from the file. */
  expiry_date: text().nullable(),
  plan: text().nullable(),
  charge: z.number().int(),
  status: z.enum(lineImportRowStatuses),
  code: text().nullable(),
  params: paramsSchema.nullable(),
  /**
   * The entry the picked server will hold for the row (a config file's with every setting the file
   * gave it; a CSV row's with the agent's defaults for what it does not state), and each key
   * written otherwise than the file has it or the row asked for (`file` null: added; `written`
   * null: not written). Empty for an account kept exactly and a clean CSV row. `entry` is null for
   * a row not written (refused, or a line CCcam does not serve) and for CSV rows when the server's
   * agent does not say what it writes by default.
   */
  entry: text().nullable(),
  differences: z.array(z.object({ key: text(), file: text().nullable(), written: text().nullable() })),
});
export type LineImportRow = z.infer<typeof lineImportRowSchema>;

export const lineImportOwnerChargeSchema = z.object({
  owner_id: text(),
  owner_email: text().nullable(),
  lines: z.number().int(),
  credits: z.number().int(),
  /** The owner's balance now; null for admins, who are not charged. */
  balance: z.number().int().nullable(),
  sufficient: z.boolean(),
});

export const lineImportPreviewSchema = z.object({
  total: z.number().int(),
  ok: z.number().int(),
  skipped: z.number().int(),
  refused: z.number().int(),
  /** Credits the import would charge, per owner that pays anything. */
  charges: z.array(lineImportOwnerChargeSchema),
  /**
   * Rows whose expiry is written day first (DD-MM-YYYY or DD.MM.YYYY) with a day of 12 or less:
   * a file written month first (MM-DD-YYYY) would read differently, so the preview says so.
   */
  ambiguous_dates: z.number().int(),
  /** Rows that would be imported with an entry that differs from the file's (see each row's differences). */
  differing: z.number().int(),
  /** Rows of the requested page and status filter, and how many rows that filter matches. */
  matching: z.number().int(),
  rows: z.array(lineImportRowSchema),
});
export type LineImportPreview = z.infer<typeof lineImportPreviewSchema>;

/** dead: given up after its last failed attempt (rows imported stay imported; the rest are not). */
export const lineImportStatuses = ['draft', 'queued', 'running', 'done', 'dead'] as const;
export type LineImportStatus = (typeof lineImportStatuses)[number];

export const lineImportSchema = z.object({
  id: z.number().int(),
  file_name: text(),
  format: z.enum(lineImportFormats),
  /** How the bytes were read: utf-8 or windows-1252. */
  encoding: text(),
  /** The CSV's separator (`,` `;` or a tab); null for config files. */
  delimiter: text().nullable(),
  /** The columns' names: the header row's, or "Column 1" … when the file has none. */
  columns: z.array(text()),
  /** The first rows as read, so the mapping can be chosen by what the columns hold. */
  sample: z.array(z.array(text())),
  /** A mapping guessed from the column names (config files: fixed). */
  suggested_mapping: lineImportMappingSchema,
  status: z.enum(lineImportStatuses),
  total: z.number().int(),
  /** Rows handled so far by the running import (imported + skipped + refused). */
  done: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  refused: z.number().int(),
  charged: z.number().int(),
  /** Runs of the import that failed (a failure no row caused, e.g. the database); none as a rule. */
  attempts: z.number().int(),
  /** The last such failure, as the server logged it; kept once the import is dead. */
  last_error: text().nullable(),
  created_at: text(),
  finished_at: text().nullable(),
  /**
   * A finished (or dead) import's results by name (null before then): the first imported usernames
   * and the first refused rows with their reasons; every row is in results.csv.
   */
  results: z
    .object({
      imported: z.array(text()),
      refused: z.array(
        z.object({
          row: z.number().int(),
          username: text().nullable(),
          code: text().nullable(),
          params: paramsSchema.nullable(),
        }),
      ),
    })
    .nullable(),
});
export type LineImport = z.infer<typeof lineImportSchema>;

/** Names of each kind a finished import's answer lists (the rest are in its results.csv). */
export const LINE_IMPORT_RESULTS_NAMED = 50;

export type ImportDate = { iso: string; ambiguous: boolean } | null;

/**
 * An expiry as files write it: YYYY-MM-DD, DD-MM-YYYY or DD.MM.YYYY. The day-first forms are read
 * day first; where the day is 12 or less a month-first file would mean another date, which the
 * preview counts (`ambiguous`). Null when the text is none of the three or no real date.
 */
export function parseImportDate(value: string): ImportDate {
  const textValue = value.trim();
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(textValue);
  const iso = dotted ? fromDisplayDate(`${dotted[1]}-${dotted[2]}-${dotted[3]}`) : parseExpiryDate(textValue);
  if (!iso || (dotted && parseExpiryDate(iso) === null)) return null;
  const dayFirst = !/^\d{4}-/.test(textValue);
  const day = Number(iso.slice(8, 10));
  const month = Number(iso.slice(5, 7));
  return { iso, ambiguous: dayFirst && day <= 12 && day !== month };
}
