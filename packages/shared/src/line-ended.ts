import { z } from 'zod';

/*
 * Lines that ended (docs/resellers.md, "Lines that ended"): an admin may have the panel archive or
 * delete lines some days after they expired. Off by default.
 */

export const endedLineActions = ['off', 'archive', 'delete'] as const;
export type EndedLineAction = (typeof endedLineActions)[number];

export const DEFAULT_ENDED_LINE_DAYS = 30;
export const MAX_ENDED_LINE_DAYS = 3650;
/** How many days ahead the to-do list warns of the lines the job will archive or delete. */
export const ENDED_LINE_WARNING_DAYS = 3;

export const endedLineActionSchema = z.enum(endedLineActions, { error: 'LINE_ENDED_INVALID_SETTING' });
export const endedLineDaysSchema = z
  .number({ error: 'LINE_ENDED_INVALID_SETTING' })
  .int({ error: 'LINE_ENDED_INVALID_SETTING' })
  .min(1, { error: 'LINE_ENDED_INVALID_SETTING' })
  .max(MAX_ENDED_LINE_DAYS, { error: 'LINE_ENDED_INVALID_SETTING' });

export type EndedLineSettings = {
  ended_line_action: EndedLineAction;
  ended_line_days: number;
};
export const defaultEndedLineSettings: EndedLineSettings = {
  ended_line_action: 'off',
  ended_line_days: DEFAULT_ENDED_LINE_DAYS,
};

/**
 * The list filter `expired_for_days` picks lines whose expiry date is at least this many days before
 * `today` (and which are not frozen); this is the filter the job and the to-do list use: a line is
 * archived or deleted once more than `days` days passed since it expired (its expiry date is its last
 * day), and the to-do list warns of those that will be, `ENDED_LINE_WARNING_DAYS` ahead.
 */
export function endedLineFilterDays(days: number, warnAheadDays = 0): number {
  return Math.max(1, days + 1 - warnAheadDays);
}
