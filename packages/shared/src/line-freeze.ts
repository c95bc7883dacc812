import { z } from 'zod';

/*
 * Freezing a line (a customer on holiday) and giving lines to another reseller (docs/resellers.md,
 * "Freezing a line" and "Giving lines to another reseller").
 */

export const DEFAULT_FREEZES_PER_YEAR = 2;
export const MAX_FREEZES_PER_YEAR = 52;
export const DEFAULT_FREEZE_MAX_DAYS = 30;
export const MAX_FREEZE_DAYS = 365;

/** The admin's freeze limits, per line. 0 freezes a year turns freezing off. */
export const freezesPerYearSchema = z
  .number({ error: 'LINE_FREEZE_INVALID_SETTING' })
  .int({ error: 'LINE_FREEZE_INVALID_SETTING' })
  .min(0, { error: 'LINE_FREEZE_INVALID_SETTING' })
  .max(MAX_FREEZES_PER_YEAR, { error: 'LINE_FREEZE_INVALID_SETTING' });
export const freezeMaxDaysSchema = z
  .number({ error: 'LINE_FREEZE_INVALID_SETTING' })
  .int({ error: 'LINE_FREEZE_INVALID_SETTING' })
  .min(1, { error: 'LINE_FREEZE_INVALID_SETTING' })
  .max(MAX_FREEZE_DAYS, { error: 'LINE_FREEZE_INVALID_SETTING' });

export type FreezeSettings = {
  freezes_per_year: number;
  freeze_max_days: number;
};
export const defaultFreezeSettings: FreezeSettings = {
  freezes_per_year: DEFAULT_FREEZES_PER_YEAR,
  freeze_max_days: DEFAULT_FREEZE_MAX_DAYS,
};

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The days a freeze keeps: from today to the expiry date. A line expiring today keeps 0 days and,
 * unfrozen on day U, expires on U: it gets back the day it had left.
 */
export function keptDays(expiryDate: string, today: string): number {
  return Math.max(0, daysBetween(today, expiryDate));
}

/** The expiry a frozen line gets when unfrozen on `today`: the kept days from that day on. */
export function unfrozenExpiry(frozenDays: number, today: string): string {
  return plusDays(today, frozenDays);
}

/** When a freeze ends by itself: `maxDays` days after it started. */
export function freezeEndsAt(frozenAt: Date, maxDays: number): Date {
  return new Date(frozenAt.getTime() + maxDays * 86_400_000);
}
