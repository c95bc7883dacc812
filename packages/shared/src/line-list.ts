import { z } from 'zod';
import { lineSchema, lineStatuses, lineSyncStates } from './line.js';
import { cappedListResponseSchema, listQuerySchema } from './list.js';
import { idQuerySchema, text } from './schema-blocks.js';

// The lines list as the API takes and answers it: its filters (GET /api/lines, the CSV export, a
// bulk action's selection), the quick filters' counts and the page.

/** A yes/no query parameter: only `true` turns it on. */
const queryFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === 'true' ? true : undefined));

/** POST /api/servers/:id/reconcile: `confirm_removals=true` removes what a reconcile held back. */
export const lineReconcileQuerySchema = z.object({ confirm_removals: queryFlag });
export type LineReconcileQuery = z.infer<typeof lineReconcileQuerySchema>;

export const lineListQuerySchema = listQuerySchema.extend({
  status: z.enum(lineStatuses).optional(),
  server_id: idQuerySchema.optional(),
  owner_id: text().max(64).optional(),
  /** Lines whose expiry falls within the next N days (today included). */
  expiring_within_days: z.coerce.number().int().min(0).max(3650).optional(),
  sync_state: z.enum(lineSyncStates).optional(),
  /** Lines not frozen whose expiry date is at least this many days before today. */
  expired_for_days: z.coerce.number().int().min(1).max(3650).optional(),
  /** `true`: only archived lines (otherwise the list leaves them out). */
  archived: queryFlag,
  /** `true`: only lines connected now (as their server's agent last reported). */
  online: queryFlag,
  /** `true`: only lines found shared now (connected from several addresses). */
  sharing: queryFlag,
  /**
   * `true`: only lines likely not to renew (the churn radar, docs/ecm-stats.md): expiring soon without
   * an answered ECM for days, or trials never used.
   */
  churn_risk: queryFlag,
  /** `true`: the answer carries `quick_counts`, the caller's lines per quick filter. */
  counts: queryFlag,
});
export type LineListQuery = z.infer<typeof lineListQuerySchema>;

/**
 * How many of the caller's lines (the whole list of their scope, whatever else is filtered) each
 * quick filter selects: expiring within LINE_EXPIRING_SOON_DAYS, expired, online, failing to sync,
 * shared.
 */
export const lineQuickCountsSchema = z.object({
  expiring_soon: z.number().int(),
  expired: z.number().int(),
  online: z.number().int(),
  failing_sync: z.number().int(),
  sharing: z.number().int(),
});
export type LineQuickCounts = z.infer<typeof lineQuickCountsSchema>;
export const lineQuickFilters = lineQuickCountsSchema.keyof().options;
export type LineQuickFilter = keyof LineQuickCounts;

export const lineListResponseSchema = cappedListResponseSchema(lineSchema).extend({
  quick_counts: lineQuickCountsSchema.optional(),
});
