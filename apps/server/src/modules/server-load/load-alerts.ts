import { loadMetrics, loadThreshold, type LoadAlertSettings, type LoadMetric } from '@linedesk/shared';
import type { LoadAlertState } from '../../db/schema.js';

export type LoadValues = Record<LoadMetric, number | null>;
export type LoadAlertChange = { metric: LoadMetric; raised: boolean; value: number; threshold: number };

/**
 * A metric at or above its threshold starts its time over it; once it stayed there `for_minutes`,
 * its alert is raised (told once). Below the threshold again, a raised alert recovers (told once);
 * one never raised is forgotten silently. A metric the reading lacks (clients unknown) keeps its state,
 * and one no longer watched (its threshold removed) recovers as if it were below.
 */
export function nextLoadAlerts(
  state: LoadAlertState,
  values: LoadValues,
  settings: LoadAlertSettings,
  now: Date,
): { state: LoadAlertState; changes: LoadAlertChange[] } {
  const next: LoadAlertState = {};
  const changes: LoadAlertChange[] = [];
  for (const metric of loadMetrics) {
    const before = state[metric];
    const value = values[metric];
    const threshold = loadThreshold(settings, metric);
    if (value === null) {
      if (before) next[metric] = before;
      continue;
    }
    if (threshold === null || value < threshold) {
      if (before?.raised) changes.push({ metric, raised: false, value, threshold: threshold ?? 0 });
      continue;
    }
    const since = before?.since ?? now.toISOString();
    const due = now.getTime() - Date.parse(since) >= settings.for_minutes * 60_000;
    if (!before?.raised && due) changes.push({ metric, raised: true, value, threshold });
    next[metric] = { since, raised: before?.raised === true || due };
  }
  return { state: next, changes };
}
