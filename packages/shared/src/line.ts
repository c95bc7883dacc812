import { z } from 'zod';
import { idSchema, nonEmptyPatch, text } from './schema-blocks.js';
import { errorCodes, type ErrorCode } from './errors.js';
import { formatNewcamdDesKey } from './newcamd-des-key.js';
import { languages } from './languages.js';
import { serverPublicHost } from './server.js';
import { linePrices, subscriptionMonths } from './line-prices.js';
import { lineRestrictionsSchema, lineRestrictionsValueSchema } from './line-plan.js';
import { isTimeZone } from './line-expiry.js';
import { freezeMaxDaysSchema, freezesPerYearSchema } from './line-freeze.js';
import { endedLineActionSchema, endedLineDaysSchema } from './line-ended.js';

/** Line accounts (stored in the table `users`) as the API speaks them. */

export { linePrices, subscriptionMonths };
export type SubscriptionMonths = (typeof subscriptionMonths)[number];

/** Unknown durations cost 0; the API refuses them before pricing anyway. */
export function linePrice(months: number): number {
  return (linePrices as Record<number, number>)[months] ?? 0;
}

export function isSubscriptionMonths(value: unknown): value is SubscriptionMonths {
  return subscriptionMonths.includes(value as SubscriptionMonths);
}

export const DEFAULT_TRIAL_DAYS = 1;

export const lineStatuses = ['active', 'expired', 'frozen', 'suspended', 'trial'] as const;
export type LineStatus = (typeof lineStatuses)[number];

/**
 * `refused`: the line's server refused it for good (a name it holds as a hand-written entry, a value
 * it does not take) before the line ever reached it; the line costs nothing and is not retried.
 */
export const lineSyncStates = ['synced', 'pending', 'failing', 'refused'] as const;
export type LineSyncState = (typeof lineSyncStates)[number];

/** YYYY-MM-DD of a date in UTC. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * What a line's status depends on: frozen (its clock stopped, `frozen_at` set; it is disabled on its
 * server meanwhile, and its expiry date says nothing until it is unfrozen); disabled; expired (its expiry date is before today, so a line
 * expiring today still works all day; today in the business time zone, `line-expiry.ts`); a trial;
 * or nothing (the fallback).
 */
export type LineStatusCondition = 'frozen' | 'disabled' | 'expired' | 'trial' | 'always';

/**
 * The status rules in order: the first whose condition holds gives the status, so frozen beats
 * suspended beats
 * expired beats trial. Derived, never stored; the server's list filter and sort build their SQL from
 * these same rules, so what a filter selects is what each line reports.
 */
export const lineStatusRules: readonly { status: LineStatus; when: LineStatusCondition }[] = [
  { status: 'frozen', when: 'frozen' },
  { status: 'suspended', when: 'disabled' },
  { status: 'expired', when: 'expired' },
  { status: 'trial', when: 'trial' },
  { status: 'active', when: 'always' },
];

type StatusFields = { enabled: boolean; expiry_date: string; is_trial: boolean; frozen?: boolean };

const conditionHolds: Record<LineStatusCondition, (line: StatusFields, today: string) => boolean> = {
  frozen: (line) => line.frozen === true,
  disabled: (line) => !line.enabled,
  expired: (line, today) => line.expiry_date < today,
  trial: (line) => line.is_trial,
  always: () => true,
};

/** A line's status on `today` (YYYY-MM-DD). */
export function lineStatus(line: StatusFields, today: string): LineStatus {
  const rule = lineStatusRules.find(({ when }) => conditionHolds[when](line, today));
  return rule?.status ?? 'active';
}

/** Display DD-MM-YYYY → storage YYYY-MM-DD (`toDisplayDate` the other way); null when the text is no real date. */
export function fromDisplayDate(display: string): string | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(display.trim());
  if (!match) return null;
  const [, d, m, y] = match;
  const iso = `${y}-${m}-${d}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && isoDate(parsed) === iso ? iso : null;
}

/** Adds calendar months, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return isoDate(target);
}

export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return isoDate(date);
}

/**
 * A new line's expiry date: a trial runs its days from today, any other line its months (clamped as
 * `addMonths` does). The server stores this; the add-line form previews it.
 */
export function newLineExpiry(
  today: string,
  term: { trialDays: number; months?: never } | { months: number; trialDays?: never },
): string {
  return term.trialDays !== undefined ? addDays(today, term.trialDays) : addMonths(today, term.months);
}

/** Renewal: months are added to the current expiry while the line is valid, else to today. */
export function renewedExpiry(currentExpiry: string, months: number, today: string): string {
  return addMonths(currentExpiry >= today ? currentExpiry : today, months);
}

/** Columns the list can sort by (`?sort=`); anything else sorts by created_at. */
export const lineSortFields = [
  'username',
  'expiry_date',
  'created_at',
  'added_date',
  'status',
  'server_name',
  'owner_email',
  'sync_state',
] as const;
export type LineSortField = (typeof lineSortFields)[number];

/** Spec 9: the date picker covers 1900 to 2099; the agent refuses dates outside it. */
const MIN_EXPIRY_YEAR = 1900;
const MAX_EXPIRY_YEAR = 2099;

/**
 * The last expiry a line can have: the agent refuses a later one for good, so the line would never
 * sync. Sales that would pass it are refused (LINE_EXPIRY_OUT_OF_RANGE); free extensions stop at it.
 */
export const LAST_EXPIRY_DATE = `${MAX_EXPIRY_YEAR}-12-31`;

/** Whether an expiry the server computed (YYYY-MM-DD) is one the agent still takes. */
export function isExpiryWithinRange(iso: string): boolean {
  return iso <= LAST_EXPIRY_DATE;
}

/** An extension that is no sale (a freeze's kept days, an outage's compensation) ends at the last date. */
export function capExpiry(iso: string): string {
  return isExpiryWithinRange(iso) ? iso : LAST_EXPIRY_DATE;
}

/**
 * An expiry date as a client may send it: YYYY-MM-DD (the API's format) or the spec's DD-MM-YYYY.
 * Returns YYYY-MM-DD, or null when it is no real date within the picker's range.
 */
export function parseExpiryDate(value: string): string | null {
  const text = value.trim();
  let iso: string | null = null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const parsed = new Date(`${text}T00:00:00Z`);
    iso = !Number.isNaN(parsed.getTime()) && isoDate(parsed) === text ? text : null;
  } else {
    iso = fromDisplayDate(text);
  }
  if (!iso) return null;
  const year = Number(iso.slice(0, 4));
  return year >= MIN_EXPIRY_YEAR && year <= MAX_EXPIRY_YEAR ? iso : null;
}

/** Longest line username/password; the agent refuses longer ones. */
export const LINE_CREDENTIAL_MAX_LENGTH = 64;

/**
 * Usernames and passwords are written verbatim into CCcam.cfg / oscam.user by the agent, which
 * refuses whitespace, non-ASCII and the files' syntax characters; refusing them here keeps a line
 * from being stored that could never reach its server.
 */
export function isValidLineCredential(value: string): boolean {
  return (
    value.length <= LINE_CREDENTIAL_MAX_LENGTH && /^[\x21-\x7e]+$/.test(value) && !/[{}[\]#=]/.test(value)
  );
}

function lineEntryExtraSchema() {
  return z.object({ oscam: z.array(text()).optional(), cccam: text().optional() });
}

const errorParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

export const lineSchema = z.object({
  id: z.number().int(),
  username: text(),
  password: text(),
  protocol: text(),
  host_port: z.array(text()),
  user_value: text().nullable(),
  added_date: text(),
  expiry_date: text(),
  live_channel: text(),
  info: text(),
  notes: text().nullable(),
  enabled: z.boolean(),
  status: z.enum(lineStatuses),
  name: text().nullable(),
  company: text().nullable(),
  role: text().nullable(),
  avatar_url: text().nullable(),
  email: text().nullable(),
  /** The customer's language for the panel's mails to them (the expiry reminder); null = the owner's. */
  language: z.enum(languages).nullable(),
  owner_id: text().nullable(),
  owner_email: text().nullable(),
  server_id: z.number().int().nullable(),
  server_name: text().nullable(),
  /** Its server's NewCamd DES key (28 hex characters), for the `N:` line; null without a server. */
  newcamd_des_key: text().nullable(),
  is_trial: z.boolean(),
  /** When its clock was stopped (status `frozen`); null while it runs. */
  frozen_at: text().nullable().optional(),
  /** The days a frozen line keeps: unfrozen on day U, it expires on U plus these. */
  frozen_days: z.number().int().nullable().optional(),
  /**
   * When it was archived, some days after it ended (the admin's "Lines that ended" setting): off its
   * server and out of the lists unless asked for; null while it is not.
   */
  archived_at: text().nullable().optional(),
  subscription_months: z.number().int().nullable(),
  /** The line plan it was sold on: its price on renewal and its restrictions on the server. */
  plan_id: z.number().int(),
  /**
   * The line's own values that override its plan's restrictions key by key ("kept from the server":
   * what its entry had when it was adopted or imported); `{}` = none.
   */
  restriction_overrides: lineRestrictionsValueSchema.optional(),
  /**
   * What its server entry holds that the panel does not model, kept verbatim and written back with
   * every change: OSCam `[account]` lines, or the text of a CCcam F-line after the password.
   */
  entry_extra: lineEntryExtraSchema().nullable().optional(),
  /**
   * Its packages: the names its server gives the line's OSCam groups, never their numbers (the
   * line's own page fills it; lists do not).
   */
  packages: z.array(text()).optional(),
  created_at: text(),
  updated_at: text(),
  sync_state: z.enum(lineSyncStates),
  sync_error: text().nullable(),
  /** The failure as a code and its template parameters (`sync_error` is its English text). */
  sync_error_code: z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]).nullable(),
  sync_error_params: errorParamsSchema.nullable(),
  synced_at: text().nullable(),
  /** Connected now, as its server's agent last reported (lists and details fill it). */
  online: z.boolean().optional(),
  last_seen_at: text().nullable().optional(),
  /** When the line was last found shared (connected from several addresses). */
  sharing_detected_at: text().nullable().optional(),
});
export type Line = z.infer<typeof lineSchema>;

const hostPortSchema = z.array(text().trim().max(261)).max(20);

/**
 * Loose on purpose, like the server form: 'Username and password are required' is one combined rule
 * that the service checks, so a missing field gets the spec's text rather than a zod issue.
 */
export const lineCreateBodySchema = z.object({
  username: text().max(64).nullish(),
  password: text().max(64).nullish(),
  subscription_months: z.number().int().nullish(),
  is_trial: z.boolean().optional(),
  server_id: idSchema.nullish(),
  /** Without it: the default plan (the standard price list). */
  plan_id: idSchema.nullish(),
  notes: text().max(2000).nullish(),
  name: text().max(200).nullish(),
  email: text().max(254).nullish(),
  /** The customer's language; left out or null: the owner's. */
  language: z.enum(languages).nullish(),
  company: text().max(200).nullish(),
  host_port: hostPortSchema.optional(),
});
export type LineCreateBody = z.infer<typeof lineCreateBodySchema>;

/** One verbatim line of an OSCam account section or the rest of a CCcam F-line: never a new line. */
const ENTRY_EXTRA_LINE = /^[^\r\n\0]*$/;

function lineEntryExtraBodySchema() {
  return z
    .object({
      oscam: z
        .array(
          text()
            .max(1000)
            .regex(ENTRY_EXTRA_LINE, { error: 'LINE_ENTRY_EXTRA_INVALID' })
            // A section header would start another account inside the line's own.
            .refine((line) => !line.trim().startsWith('['), { error: 'LINE_ENTRY_EXTRA_INVALID' }),
        )
        .max(200)
        .optional(),
      cccam: text().max(1000).regex(ENTRY_EXTRA_LINE, { error: 'LINE_ENTRY_EXTRA_INVALID' }).optional(),
    })
    .refine((extra) => extra.oscam === undefined || extra.cccam === undefined, {
      error: 'LINE_ENTRY_EXTRA_INVALID',
    });
}

export const linePatchBodySchema = z.object({
  password: text().max(64).optional(),
  /** YYYY-MM-DD; admins only. */
  expiry_date: text().optional(),
  notes: text().max(2000).nullish(),
  name: text().max(200).nullish(),
  email: text().max(254).nullish(),
  /** The customer's language; null: the owner's. */
  language: z.enum(languages).nullish(),
  company: text().max(200).nullish(),
  host_port: hostPortSchema.optional(),
  /** false = suspended. */
  enabled: z.boolean().optional(),
  /**
   * The line's own restriction values, replacing the stored ones whole (`{}`: the plan's values
   * everywhere). Administrators set any; an owner may only drop keys (go back to the plan's value).
   */
  restriction_overrides: lineRestrictionsSchema.optional(),
  /** The verbatim settings of its server entry the panel does not model (administrators only). */
  entry_extra: lineEntryExtraBodySchema().nullish(),
});
export type LinePatchBody = z.infer<typeof linePatchBodySchema>;

export const lineRenewBodySchema = z.object({
  subscription_months: z.number().int(),
  /**
   * Moves the line to this plan with the renewal: the renewal is priced on it and the days left are
   * topped up pro rata to its price (`renewalPlanDifference`). Absent: the line stays on its plan.
   */
  plan_id: idSchema.optional(),
});
export type LineRenewBody = z.infer<typeof lineRenewBodySchema>;

/**
 * The result of a write: the line as stored, plus the server-side outcome. `sync.ok` false means the
 * database change stands and the outbox keeps retrying; `message` is the spec's text for the failure.
 */
export const lineSyncResultSchema = z.object({
  ok: z.boolean(),
  code: text().nullable(),
  message: text().nullable(),
  /** The values `message` filled into its code's text (the agent's reason), to show it in another language. */
  params: errorParamsSchema.nullable(),
});
export type LineSyncResult = z.infer<typeof lineSyncResultSchema>;

export const lineWriteResultSchema = z.object({
  line: lineSchema,
  sync: lineSyncResultSchema,
  /** Credits charged for this write (0 for admins and trials) and the balance after it. */
  charged: z.number().int(),
  balance: z.number().int().nullable(),
});
export type LineWriteResult = z.infer<typeof lineWriteResultSchema>;

export const lineDeleteResultSchema = z.object({ id: z.number().int(), sync: lineSyncResultSchema });
export type LineDeleteResult = z.infer<typeof lineDeleteResultSchema>;

export const MAX_TRIAL_DAYS = 365;

/** Free trial lines one reseller may create per (UTC) day unless an admin changes it; 0 = none. */
export const DEFAULT_TRIAL_LINES_PER_DAY = 5;
export const MAX_TRIAL_LINES_PER_DAY = 1000;

const trialDaysSchema = z
  .number({ error: 'LINE_INVALID_TRIAL_DAYS' })
  .int({ error: 'LINE_INVALID_TRIAL_DAYS' })
  .min(1, { error: 'LINE_INVALID_TRIAL_DAYS' })
  .max(MAX_TRIAL_DAYS, { error: 'LINE_INVALID_TRIAL_DAYS' });

const trialLinesPerDaySchema = z
  .number({ error: 'LINE_INVALID_TRIAL_LIMIT' })
  .int({ error: 'LINE_INVALID_TRIAL_LIMIT' })
  .min(0, { error: 'LINE_INVALID_TRIAL_LIMIT' })
  .max(MAX_TRIAL_LINES_PER_DAY, { error: 'LINE_INVALID_TRIAL_LIMIT' });

/** An IANA time zone name (docs/spec-rules.md, "Expiry"). */
const businessTimeZoneSchema = z
  .string({ error: 'LINE_INVALID_TIME_ZONE' })
  .max(64, { error: 'LINE_INVALID_TIME_ZONE' })
  .refine(isTimeZone, { error: 'LINE_INVALID_TIME_ZONE' });

/**
 * Admin settings of the lines area: the trial length in days and the trial lines a reseller may
 * create per day; `trial_lines_left_today` is the caller's own (null: not limited, as for admins);
 * `business_time_zone`, the zone whose days expiry dates are (a line ends at the end of its expiry
 * day there, `lineEndsAt`), and in which "today" is counted.
 */
export const lineSettingsSchema = z.object({
  trial_days: trialDaysSchema,
  trial_lines_per_day: trialLinesPerDaySchema,
  trial_lines_left_today: z.number().int().nullable(),
  business_time_zone: businessTimeZoneSchema,
  /** Freezes one line may have in 12 months (0: freezing off), and the longest freeze in days. */
  freezes_per_year: freezesPerYearSchema,
  freeze_max_days: freezeMaxDaysSchema,
  /** What happens to lines some days after they expired (off, archive, delete), and after how many. */
  ended_line_action: endedLineActionSchema,
  ended_line_days: endedLineDaysSchema,
});
export type LineSettings = z.infer<typeof lineSettingsSchema>;

/** An admin's change: either setting or both. */
export const lineSettingsBodySchema = nonEmptyPatch(
  z.object({
    trial_days: trialDaysSchema.optional(),
    trial_lines_per_day: trialLinesPerDaySchema.optional(),
    business_time_zone: businessTimeZoneSchema.optional(),
    freezes_per_year: freezesPerYearSchema.optional(),
    freeze_max_days: freezeMaxDaysSchema.optional(),
    ended_line_action: endedLineActionSchema.optional(),
    ended_line_days: endedLineDaysSchema.optional(),
  }),
);
export type LineSettingsBody = z.infer<typeof lineSettingsBodySchema>;

/**
 * What a reconcile found and repaired on one server: lines the agent lacked (added), lines whose
 * expiry or enabled flag differed (updated), agent users the panel does not have (removed). `failed`
 * counts repairs whose delivery failed; the outbox keeps retrying those.
 */
export const lineReconcileResultSchema = z.object({
  server_id: z.number().int(),
  checked: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  /**
   * Users without a line that were NOT removed because there were more than the panel's share
   * (LINE_RECONCILE_MAX_REMOVE_PERCENT): an admin confirms their removal with confirm_removals.
   */
  held: z.number().int(),
});
export type LineReconcileResult = z.infer<typeof lineReconcileResultSchema>;

export const lineEventSchema = z.object({
  id: z.number().int(),
  action: text(),
  actor_email: text().nullable(),
  details: z.record(text(), z.unknown()),
  created_at: text(),
});
export type LineEvent = z.infer<typeof lineEventSchema>;

/**
 * The customer's connection line: CCcam `C:` line, or the NewCamd `N:` equivalent with the server's
 * own DES key (the usual default when it has none). A server's public hostname, when given, is the
 * address (`serverPublicHost`); a line's stored address already holds it (`serverAddress`).
 */
export function connectionLine(
  server: {
    host_ip: string;
    hostname?: string | null;
    port: number;
    protocol: string;
    newcamd_des_key?: string | null;
  },
  line: { username: string; password: string },
): string {
  const host = serverPublicHost(server);
  if (server.protocol === 'NewCamd') {
    const key = formatNewcamdDesKey(server.newcamd_des_key);
    return `N: ${host} ${server.port} ${line.username} ${line.password} ${key}`;
  }
  return `C: ${host} ${server.port} ${line.username} ${line.password}`;
}
