import { z } from 'zod';

/** The spans a chart can show; each is read from the coarsest rollup that still draws it well. */
export const ecmRanges = ['1h', '24h', '7d', '30d'] as const;
export type EcmRange = (typeof ecmRanges)[number];
export const ecmRangeQuerySchema = z.object({ range: z.enum(ecmRanges).default('24h') });
export type EcmRangeQuery = z.infer<typeof ecmRangeQuerySchema>;

/** The bucket of each point for a range: minutes for an hour, hours up to a week, days beyond. */
export const ecmGranularity = { '1h': 'minute', '24h': 'hour', '7d': 'hour', '30d': 'day' } as const;
export type EcmGranularity = (typeof ecmGranularity)[EcmRange];

const count = () => z.number().int().min(0);

/** One bucket: ECMs answered and not, and the mean answer time (null without a timed answer). */
export const ecmPointSchema = z.object({
  at: z.string(),
  ok: count(),
  nok: count(),
  avg_ms: z.number().int().nullable(),
});
export type EcmPoint = z.infer<typeof ecmPointSchema>;

export const ecmTotalsSchema = z.object({
  ok: count(),
  nok: count(),
  avg_ms: z.number().int().nullable(),
});
export type EcmTotals = z.infer<typeof ecmTotalsSchema>;

const seriesFields = {
  range: z.enum(ecmRanges),
  granularity: z.enum(['minute', 'hour', 'day']),
  points: z.array(ecmPointSchema),
  totals: ecmTotalsSchema,
};

export const ecmChannelSchema = z.object({
  caid: z.string().nullable(),
  srvid: z.string().nullable(),
  channel: z.string().nullable(),
  /** Polls that found the line watching it (one per ECM_STATS_POLL_SECONDS). */
  polls: count(),
});
export type EcmChannel = z.infer<typeof ecmChannelSchema>;

export const lineEcmStatsSchema = z.object({
  ...seriesFields,
  /** What the line watched in the range, most watched first (at most 10). */
  channels: z.array(ecmChannelSchema),
});
export type LineEcmStats = z.infer<typeof lineEcmStatsSchema>;

export const ecmReaderSchema = z.object({
  label: z.string(),
  protocol: z.string(),
  /** The reader's state at the last poll (OSCam: CARDOK, CONNECTED, OFF, ERROR…). */
  state: z.string(),
  /** Share of polls in the range that found the reader working (0 to 1), null without a poll. */
  up_ratio: z.number().min(0).max(1).nullable(),
  avg_ms: z.number().int().nullable(),
  /** ECMs the reader answered and did not answer in the range (OSCam's count per reader). */
  ok: count(),
  nok: count(),
  /**
   * The reader's buckets in the range, as the server's `points`: answered, not answered, and the
   * mean of its last answer time over the polls of the bucket.
   */
  points: z.array(ecmPointSchema),
  seen_at: z.string(),
});
export type EcmReader = z.infer<typeof ecmReaderSchema>;

export const serverEcmStatsSchema = z.object({
  ...seriesFields,
  readers: z.array(ecmReaderSchema),
  /** When the server's counters were last read, and what went wrong then (null: nothing). */
  polled_at: z.string().nullable(),
  poll_error: z.string().nullable(),
});
export type ServerEcmStats = z.infer<typeof serverEcmStatsSchema>;

/** The dashboard's tile: the caller's lines (admins: every server) over the last 24 hours. */
export const ecmSummarySchema = z.object(seriesFields);
export type EcmSummary = z.infer<typeof ecmSummarySchema>;

const invalid = { error: 'ECM_STATS_INVALID_SETTINGS' } as const;
const churnInvalid = { error: 'ECM_CHURN_INVALID_SETTINGS' } as const;
export const ecmSettingsSchema = z.object({
  /** Minute rows are kept this long, then only their hours remain. */
  minute_retention_hours: z.number(invalid).int(invalid).min(2, invalid).max(168, invalid),
  hour_retention_days: z.number(invalid).int(invalid).min(7, invalid).max(90, invalid),
  day_retention_days: z.number(invalid).int(invalid).min(31, invalid).max(1830, invalid),
  /**
   * The churn radar: a line expiring within `churn_horizon_days` whose server answered it no ECM for
   * `churn_idle_days` is likely not to renew (and a trial unused for a day). 0 idle days: off.
   */
  churn_idle_days: z.number(churnInvalid).int(churnInvalid).min(0, churnInvalid).max(90, churnInvalid),
  churn_horizon_days: z.number(churnInvalid).int(churnInvalid).min(1, churnInvalid).max(60, churnInvalid),
  /**
   * Outages: a server is down when its agent is unreachable, or its ECM answer rate is below
   * `outage_answer_rate_percent` (0: the rate is never a cause), for `outage_minutes` (0: at the first
   * poll that sees it). `outage_compensate`: an ended outage extends every affected line by its length.
   */
  outage_answer_rate_percent: z.number(invalid).int(invalid).min(0, invalid).max(100, invalid),
  outage_minutes: z.number(invalid).int(invalid).min(0, invalid).max(1440, invalid),
  outage_compensate: z.boolean(invalid),
});
export type EcmSettings = z.infer<typeof ecmSettingsSchema>;
export const ecmSettingsBodySchema = ecmSettingsSchema.partial();
export type EcmSettingsBody = z.infer<typeof ecmSettingsBodySchema>;

export const DEFAULT_ECM_SETTINGS: EcmSettings = {
  minute_retention_hours: 48,
  hour_retention_days: 14,
  day_retention_days: 400,
  churn_idle_days: 7,
  churn_horizon_days: 14,
  outage_answer_rate_percent: 50,
  outage_minutes: 5,
  outage_compensate: false,
};

/** A trial line with no answered ECM this long after it was made counts as unused. */
export const CHURN_UNUSED_TRIAL_HOURS = 24;

/** How long after a win-back message the same line's customer can get another. */
export const WIN_BACK_COOLDOWN_DAYS = 7;

/** Reader states that mean the reader can answer (OSCam's card and proxy states). */
export const ECM_READER_UP_STATES = ['CARDOK', 'CONNECTED', 'OK'] as const;

/** A win-back message queued: to whom, and when (the history of the line says it too). */
export const winBackResultSchema = z.object({ sent_to: z.string(), sent_at: z.string() });
export type WinBackResult = z.infer<typeof winBackResultSchema>;
