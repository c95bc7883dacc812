import { z } from 'zod';

/** What a load alert watches on a card server's machine (the agent's GET /load). */
export const loadMetrics = ['cpu', 'memory', 'disk', 'clients'] as const;
export type LoadMetric = (typeof loadMetrics)[number];

/** One reading: CPU as load over the cores, memory and disk used, in percent; the connected clients. */
export const loadPointSchema = z.object({
  at: z.string(),
  cpu_percent: z.number(),
  memory_percent: z.number(),
  disk_percent: z.number(),
  /** Null when the agent could not read the card server's connections. */
  clients: z.number().int().nullable(),
});
export type LoadPoint = z.infer<typeof loadPointSchema>;

/** How far back the server page's load sparklines reach (the minute rows are kept that long). */
export const LOAD_HISTORY_HOURS = 24;

const invalid = { error: 'LOAD_ALERT_INVALID_SETTINGS' } as const;
const percent = () => z.number(invalid).min(0, invalid).max(1000, invalid).nullable();
/**
 * An alert is raised once a metric stayed at or above its threshold for `for_minutes` (null
 * threshold: not watched), and a recovery notice once it is below again.
 */
export const loadAlertSettingsSchema = z.object({
  cpu_percent: percent(),
  memory_percent: percent(),
  disk_percent: percent(),
  clients: z.number(invalid).int(invalid).min(0, invalid).max(1_000_000, invalid).nullable(),
  for_minutes: z.number(invalid).int(invalid).min(0, invalid).max(1440, invalid),
});
export type LoadAlertSettings = z.infer<typeof loadAlertSettingsSchema>;
export const loadAlertSettingsBodySchema = loadAlertSettingsSchema.partial();
export type LoadAlertSettingsBody = z.infer<typeof loadAlertSettingsBodySchema>;

export const DEFAULT_LOAD_ALERT_SETTINGS: LoadAlertSettings = {
  cpu_percent: 90,
  memory_percent: 90,
  disk_percent: 90,
  clients: null,
  for_minutes: 5,
};

/** The threshold that applies to a metric, null when it is not watched. */
export function loadThreshold(settings: LoadAlertSettings, metric: LoadMetric): number | null {
  if (metric === 'clients') return settings.clients;
  return settings[`${metric}_percent`];
}

/**
 * A server's own thresholds: a field present overrides the global one (null: that metric is not
 * watched on this server), a field absent follows the global settings.
 */
export const loadAlertOverridesSchema = loadAlertSettingsSchema.partial();
export type LoadAlertOverrides = z.infer<typeof loadAlertOverridesSchema>;

/** The thresholds a server's alerts use: its own where it set one, the global ones elsewhere. */
export function serverLoadThresholds(
  global: LoadAlertSettings,
  overrides: LoadAlertOverrides | null | undefined,
): LoadAlertSettings {
  const own = Object.fromEntries(
    Object.entries(overrides ?? {}).filter(([field, value]) => field in global && value !== undefined),
  );
  return { ...global, ...own };
}

/** What applies to one server, and what it set itself. */
export const serverLoadThresholdsSchema = z.object({
  thresholds: loadAlertSettingsSchema,
  overrides: loadAlertOverridesSchema,
});
export type ServerLoadThresholds = z.infer<typeof serverLoadThresholdsSchema>;

/** A server's load now, the last readings for its sparklines, and what is over its threshold now. */
export const serverLoadSchema = z.object({
  latest: loadPointSchema.extend({ cpu_cores: z.number().int(), disk_path: z.string() }).nullable(),
  /** One point a minute, oldest first, over the last hours (`LOAD_HISTORY_HOURS`). */
  history: z.array(loadPointSchema),
  /** Metrics whose alert was raised and has not recovered yet. */
  alerts: z.array(z.enum(loadMetrics)),
  /** What the last reading failed with (an agent older than load alerts answers 404); null: nothing. */
  poll_error: z.string().nullable(),
  /** The thresholds this server's alerts use now, and the ones it set itself. */
  ...serverLoadThresholdsSchema.shape,
});
export type ServerLoad = z.infer<typeof serverLoadSchema>;
