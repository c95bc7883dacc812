import { z } from 'zod';
import { isoDaySchema, text } from './schema-blocks.js';
import { revenueBucketSchema } from './topup.js';

export const reportUnits = ['day', 'month'] as const;
export type ReportUnit = (typeof reportUnits)[number];
export const reportScopes = ['account', 'subtree'] as const;
export type ReportScope = (typeof reportScopes)[number];

/** The longest range a report covers: a year by day, three years by month. */
export const REPORT_MAX_DAYS = { day: 366, month: 1096 } as const;
export const REPORT_DEFAULT_CHURN_DAYS = 30;

/** Whole days from `from` to `to`, both included (0 or less: `to` before `from`). */
export function reportRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A range that ends before it starts, or is longer than its unit allows, is refused. */
export function reportRangeValid(query: { from?: string; to?: string; unit: ReportUnit }): boolean {
  if (query.from === undefined || query.to === undefined) return true;
  const days = reportRangeDays(query.from, query.to);
  return days >= 1 && days <= REPORT_MAX_DAYS[query.unit];
}

export const reportQuerySchema = z
  .object({
    /** Whose report: the caller's own account when left out; admins without it see the whole panel. */
    account_id: text().max(64).optional(),
    /** The account alone, or the account and every account below it. */
    scope: z.enum(reportScopes).default('subtree'),
    unit: z.enum(reportUnits).default('day'),
    /** First and last day (UTC, both included); by default the last 30 days, or the last 12 months by month. */
    from: isoDaySchema.optional(),
    to: isoDaySchema.optional(),
    /** A line that expired and was not renewed within this many days is churned. */
    churn_days: z.coerce.number().int().min(0).max(365).default(REPORT_DEFAULT_CHURN_DAYS),
  })
  .refine(reportRangeValid, { error: 'REPORT_RANGE_INVALID' });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const count = z.number().int();

export const reportFiguresSchema = z.object({
  /** Credits that came into the scope: top-ups (less any taken back), credits added, redeem codes, transfers from outside it. */
  credits_bought: count,
  /** Credits spent on lines (made, renewed, plan changes), activation codes and sub-reseller fees, less refunds. */
  credits_spent: count,
  /** Paid lines made (imports not counted). */
  lines_created: count,
  trials_created: count,
  renewed: count,
  /** Paid lines whose expiry day fell in the period and that were not renewed before it passed. */
  expired: count,
  /** Of those, the lines not renewed within `churn_days` of their expiry (decided once that time is over). */
  churned: count,
  /** Of the trials made in the period, those later renewed into paid lines. */
  trials_converted: count,
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const reportRowSchema = reportFiguresSchema.extend({
  /** YYYY-MM-DD by day, YYYY-MM by month. */
  period: text(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportPlanSpendSchema = z.object({
  period: text(),
  /** Null for spending on no plan (sub-reseller fees) or on a line since deleted. */
  plan_id: z.number().int().nullable(),
  plan_name: text().nullable(),
  credits: count,
});
export type ReportPlanSpend = z.infer<typeof reportPlanSpendSchema>;

export const reportSchema = z.object({
  /** The account reported on; null for the whole panel (admins). */
  account_id: text().nullable(),
  account_email: text().nullable(),
  scope: z.enum(reportScopes),
  unit: z.enum(reportUnits),
  from: text(),
  to: text(),
  churn_days: count,
  /** The day (UTC) the figures were computed: expiries after it have not happened yet. */
  today: text(),
  /** Every period of the range, oldest first, with zeros where nothing happened. */
  rows: z.array(reportRowSchema),
  totals: reportFiguresSchema,
  /** Credits spent per plan and period (only where something was spent). */
  spent_by_plan: z.array(reportPlanSpendSchema),
  /** Admins: approved top-ups of the scope per method and currency, by the period they were approved; null for resellers. */
  money_in: z.array(revenueBucketSchema).nullable(),
  /** The time outages' compensation added to the scope's lines in the range, summed over the lines (minutes). */
  outage_compensated_minutes: count,
});
export type Report = z.infer<typeof reportSchema>;
