import { z } from 'zod';
import { idSchema, text } from './schema-blocks.js';

/**
 * Why a server counts as down: its agent did not answer; its agent answered but the card server
 * behind it did not (stopped or crashed); or its ECM answer rate was too low.
 */
export const outageCauses = ['unreachable', 'server_not_answering', 'low_answer_rate'] as const;
export type OutageCause = (typeof outageCauses)[number];

export const outageSchema = z.object({
  id: idSchema,
  server_id: idSchema,
  server: text(),
  cause: z.enum(outageCauses),
  started_at: z.string(),
  /** Null while it lasts. */
  ended_at: z.string().nullable(),
  /** The lines running on the server when it began: all of them for an admin, a reseller's own else. */
  affected_lines: z.number().int().min(0),
  /** Affected lines already extended by its length (the panel's compensation option). */
  compensated_lines: z.number().int().min(0),
  /** The time its compensation added to those lines, summed over them (minutes). */
  compensated_minutes: z.number().int().min(0),
});
export type Outage = z.infer<typeof outageSchema>;

/** Open outages first, then the last 30 days' ended ones, newest first (at most 200). */
export const outageListSchema = z.object({
  outages: z.array(outageSchema),
  /** The start of the window the list (and its timeline) covers. */
  since: z.string(),
});
export type OutageList = z.infer<typeof outageListSchema>;

/** How far back the status page's outage list and timeline reach. */
export const OUTAGE_HISTORY_DAYS = 30;
