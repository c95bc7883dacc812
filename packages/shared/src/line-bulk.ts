import { z } from 'zod';
import { linePrice, LINE_CREDENTIAL_MAX_LENGTH } from './line.js';
import { lineListQuerySchema } from './line-list.js';
import { idSchema, text } from './schema-blocks.js';

/** What a bulk action does to each selected line, or `create` for N new lines. */
export const lineBulkActions = [
  'renew',
  'enable',
  'disable',
  'delete',
  'move',
  'change_plan',
  'create',
] as const;
export type LineBulkAction = (typeof lineBulkActions)[number];
/** What a job may be: the actions above, and moving lines to another server (`/api/lines/server-move`). */
export const lineBulkJobActions = [...lineBulkActions, 'move_server'] as const;
export type LineBulkJobAction = (typeof lineBulkJobActions)[number];

/** Lines one bulk action may touch, by ids or by filter. */
export const LINE_BULK_MAX_LINES = 10_000;
/** Credits one move may carry to the lines' new owner. */
export const LINE_GIVE_MAX_CREDITS = 1_000_000;
/** Lines one bulk create makes. */
export const LINE_BULK_CREATE_MAX = 500;
/** Room left in a username for the random part a bulk create appends to the prefix. */
export const LINE_BULK_PREFIX_MAX = LINE_CREDENTIAL_MAX_LENGTH - 8;

/** The list's filters (GET /api/lines), for "every line matching the filter". */
export const lineBulkFilterSchema = lineListQuerySchema.pick({
  search: true,
  status: true,
  server_id: true,
  owner_id: true,
  expiring_within_days: true,
  sync_state: true,
});
export type LineBulkFilter = z.infer<typeof lineBulkFilterSchema>;

/**
 * One body for the preview and the run. Existing lines are chosen by `ids` or by `filter` (`{}`
 * for every line the caller sees); `create` takes `count`, `username_prefix`, `subscription_months`
 * and optionally `server_id` instead.
 */
export const lineBulkBodySchema = z.object({
  action: z.enum(lineBulkActions),
  ids: z.array(idSchema).max(LINE_BULK_MAX_LINES).optional(),
  filter: lineBulkFilterSchema.optional(),
  /** renew and create. */
  subscription_months: z.number().int().optional(),
  /**
   * move: the account the lines go to (admins: any reseller; a reseller: itself or one below it).
   * `credits`, when given, move once with the job's start from the lines' one owner to that account,
   * through the credit ledger.
   */
  target_owner_id: text().max(64).optional(),
  credits: z.number().int().min(1).max(LINE_GIVE_MAX_CREDITS).optional(),
  /** change_plan: the plan the lines go to (one that takes new lines). */
  plan_id: idSchema.optional(),
  /**
   * change_plan: whether the lines keep their own values ("kept from the server") over the new
   * plan's; false drops them, so the new plan's restrictions apply whole. Left out: kept.
   */
  keep_overrides: z.boolean().optional(),
  /** create. */
  count: z.number().int().optional(),
  username_prefix: text().max(64).optional(),
  server_id: idSchema.optional(),
});
export type LineBulkBody = z.infer<typeof lineBulkBodySchema>;

export const lineBulkPreviewSchema = z.object({
  action: z.enum(lineBulkActions),
  /** Lines the action will be tried on (for create: lines to make). */
  count: z.number().int(),
  /** Of the given ids, those the caller may not touch (refused with LINE_NOT_FOUND when run). */
  refused: z.number().int(),
  charge_per_line: z.number().int(),
  charge_total: z.number().int(),
  /** The caller's balance now; null for admins, who are not charged. */
  balance: z.number().int().nullable(),
  sufficient: z.boolean(),
  /**
   * Why the balance cannot pay (the shared spending rule, `spendRefusal`: a negative balance buys
   * nothing, a short one is refused): the code and params the start would be refused with; null
   * when it can pay.
   */
  refusal: z
    .object({
      code: z.enum(['BALANCE_NEGATIVE', 'INSUFFICIENT_CREDITS', 'CREDIT_LIMIT_EXCEEDED']),
      params: z.record(z.string(), z.number()),
    })
    .nullable(),
});
export type LineBulkPreview = z.infer<typeof lineBulkPreviewSchema>;

/** dead: given up after its last failed attempt (what was done stays done; the rest is not done). */
export const lineBulkJobStatuses = ['queued', 'running', 'done', 'dead'] as const;
export type LineBulkJobStatus = (typeof lineBulkJobStatuses)[number];

export const lineBulkItemResults = ['pending', 'done', 'refused'] as const;
export type LineBulkItemResult = (typeof lineBulkItemResults)[number];

export const lineBulkItemSchema = z.object({
  line_id: z.number().int().nullable(),
  username: text().nullable(),
  result: z.enum(lineBulkItemResults),
  /** Why a line was refused: an error code and its English text. */
  code: text().nullable(),
  message: text().nullable(),
  charged: z.number().int(),
});
export type LineBulkItem = z.infer<typeof lineBulkItemSchema>;

export const lineBulkJobSchema = z.object({
  id: z.number().int(),
  action: z.enum(lineBulkJobActions),
  status: z.enum(lineBulkJobStatuses),
  total: z.number().int(),
  /** Lines handled so far (succeeded + refused). */
  done: z.number().int(),
  succeeded: z.number().int(),
  refused: z.number().int(),
  /** Credits charged so far. */
  charged: z.number().int(),
  /** Runs of the job that failed (a failure no line caused, e.g. the database); none as a rule. */
  attempts: z.number().int(),
  /** The last such failure, as the server logged it; kept once the job is dead. */
  last_error: text().nullable(),
  created_at: text(),
  finished_at: text().nullable(),
  /** The first refused lines, with their reasons (all of them are in the result CSV). */
  refusals: z.array(lineBulkItemSchema),
  /**
   * A move's grace period: lines on their new server whose old entry is still kept (until `until`
   * at the latest, or until each is seen connected on the new server). Only on moves.
   */
  grace: z
    .object({
      hours: z.number().int(),
      waiting: z.number().int(),
      until: text().nullable(),
    })
    .optional(),
});
export type LineBulkJob = z.infer<typeof lineBulkJobSchema>;

/**
 * What a bulk renew or create costs: the single line's price per line; admins are not charged.
 * A plan change is priced line by line (`planChangeCharge`), as each line's current plan and
 * duration differ; 0 here.
 */
export function lineBulkCharge(action: LineBulkAction, months: number | undefined, isAdmin: boolean): number {
  if (isAdmin || (action !== 'renew' && action !== 'create') || months === undefined) return 0;
  return linePrice(months);
}

// No look-alikes (0/O, 1/l/I): customers often type a password from a screenshot or a phone call.
const CREDENTIAL_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const SUFFIX_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

function randomText(length: number, alphabet: string): string {
  const limit = 256 - (256 % alphabet.length);
  let result = '';
  while (result.length < length) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && result.length < length) result += alphabet[byte % alphabet.length];
    }
  }
  return result;
}

/** A random line password from the CSPRNG, without modulo bias. */
export function randomLinePassword(length = 12): string {
  return randomText(length, CREDENTIAL_ALPHABET);
}

/** A bulk-created line's username: the prefix and 6 random lower-case characters. */
export function bulkLineUsername(prefix: string): string {
  return prefix + randomText(6, SUFFIX_ALPHABET);
}
