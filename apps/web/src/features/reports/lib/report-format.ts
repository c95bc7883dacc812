import { addDays, dateTimeFormat, type Report, type ReportUnit } from '@linedesk/shared';
import { dayLabel } from '../../dashboard/lib/chart-labels';

/** A period as the reader's language writes it: '05 Nov' by day, 'Nov 26' by month. */
export function periodLabel(unit: ReportUnit, period: string, language: string | undefined): string {
  if (unit === 'day') return dayLabel(period, language);
  const [year, month] = period.split('-').map(Number) as [number, number];
  return dateTimeFormat(language ?? 'en', { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

/** A whole day written out in the reader's language (the range's ends). */
export function longDay(day: string, language: string | undefined): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return dateTimeFormat(language ?? 'en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}

/** The range a unit starts with: the last 30 days, or the last 12 months from the first of the first. */
export function defaultRange(unit: ReportUnit, today: string): { from: string; to: string } {
  if (unit === 'day') return { from: addDays(today, -29), to: today };
  const [year, month] = today.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 10), to: today };
}

/** Plans that had spending in the report, each with its credits per period (0 where none). */
export function planSeries(report: Report): { key: string; planName: string | null; credits: number[] }[] {
  const index = new Map(report.rows.map((row, i) => [row.period, i]));
  const plans = new Map<string, { key: string; planName: string | null; credits: number[] }>();
  for (const spend of report.spent_by_plan) {
    const key = String(spend.plan_id ?? 'none');
    let plan = plans.get(key);
    if (!plan) {
      plan = { key, planName: spend.plan_name, credits: report.rows.map(() => 0) };
      plans.set(key, plan);
    }
    const i = index.get(spend.period);
    if (i !== undefined) plan.credits[i] = (plan.credits[i] ?? 0) + spend.credits;
  }
  return [...plans.values()];
}

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/**
 * The report's figures per period as a CSV file, in the API's names and plain numbers (what a
 * spreadsheet reads whatever its language); the admin's money in follows as its own table.
 */
export function reportCsv(report: Report): string {
  const header = [
    'period',
    'credits_bought',
    'credits_spent',
    'lines_created',
    'trials_created',
    'renewed',
    'expired',
    'churned',
    'trials_converted',
  ] as const;
  const lines = [header.join(',')];
  for (const row of report.rows) lines.push(header.map((column) => csvCell(row[column])).join(','));
  lines.push('', 'period,plan_id,plan_name,credits_spent');
  for (const spend of report.spent_by_plan) {
    lines.push(
      [spend.period, spend.plan_id ?? '', spend.plan_name ?? '', spend.credits].map(csvCell).join(','),
    );
  }
  if (report.money_in) {
    lines.push('', 'period,method_name,method_kind,currency,amount_cents,payments');
    for (const money of report.money_in) {
      lines.push(
        [
          money.period,
          money.method_name ?? '',
          money.method_kind ?? '',
          money.currency,
          money.amount_cents,
          money.count,
        ]
          .map(csvCell)
          .join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
