import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { ecmRollupRepository } from './ecm-rollup.repository.js';
import { readEcmSettings } from './ecm-settings.js';

/** Rows one retention statement deletes; a round repeats while batches come back full. */
export const RETENTION_BATCH = 5000;
/** Rollup steps in one round, so a round stays short even after a long stop. */
const MAX_STEPS = 50;

/**
 * Rolls finished hours of minute rows into hours and finished days of hours into days, each step
 * one transaction over at most a day (or a week) of buckets; then deletes what the retention says
 * is too old, only ever rows already rolled into the next level.
 */
export async function rollUpAndExpire(ctx: AppContext, signal?: AbortSignal): Promise<void> {
  await ecmRollupRepository.marks(ctx.db);
  for (let step = 0; step < MAX_STEPS && !signal?.aborted; step++) {
    const hours = await ctx.db.transaction((tx) => ecmRollupRepository.rollHours(tx));
    if (hours === 0) break;
  }
  for (let step = 0; step < MAX_STEPS && !signal?.aborted; step++) {
    const days = await ctx.db.transaction((tx) => ecmRollupRepository.rollDays(tx));
    if (days === 0) break;
  }
  const settings = await readEcmSettings(ctx.db);
  const keep = {
    minute: sql`${settings.minute_retention_hours} * interval '1 hour'`,
    hour: sql`${settings.hour_retention_days} * interval '1 day'`,
    day: sql`${settings.day_retention_days} * interval '1 day'`,
  } as const;
  for (const level of ['minute', 'hour', 'day'] as const) {
    while (!signal?.aborted) {
      const gone = await ecmRollupRepository.deleteExpired(ctx.db, level, keep[level], RETENTION_BATCH);
      if (gone < RETENTION_BATCH) break;
    }
  }
  while (!signal?.aborted) {
    const gone = await ecmRollupRepository.deleteExpiredChannels(ctx.db, keep.hour, RETENTION_BATCH);
    if (gone < RETENTION_BATCH) break;
  }
}
