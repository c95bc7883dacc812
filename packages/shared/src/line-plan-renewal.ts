import { daysLeft } from './line-display.js';
import { addMonths } from './line.js';
import { planLinePrice, type PlanPrice } from './line-plan.js';

/**
 * A renewal that also moves the line to another plan: the renewal is priced on the new plan (the
 * one pricing rule, `planCharge`), and the days the line still has left, paid at the old plan's
 * price, are topped up pro rata to the new plan's. This is the top-up.
 *
 * The difference is `planChangeCharge`'s (the new plan's price for the line's paid duration over
 * the old plan's, never below 0: a cheaper plan refunds nothing), times the share of that duration
 * the line has left, rounded to whole credits. When the new plan does not sell the line's paid
 * duration, the renewal's duration is compared instead. An expired line, a trial (whose days cost
 * nothing) and an admin pay no difference.
 */
export function renewalPlanDifference(
  from: readonly PlanPrice[],
  to: readonly PlanPrice[],
  line: { months: number | null; isTrial: boolean; expiryDate: string; frozenDays?: number | null },
  renewalMonths: number,
  today: string,
  who: { isAdmin: boolean },
): number {
  if (who.isAdmin || line.isTrial) return 0;
  const left =
    line.frozenDays !== undefined && line.frozenDays !== null
      ? line.frozenDays
      : daysLeft(line.expiryDate, today);
  if (left <= 0) return 0;
  const months =
    line.months !== null && planLinePrice(to, line.months, { isAdmin: false }) !== null
      ? line.months
      : renewalMonths;
  const next = planLinePrice(to, months, { isAdmin: false });
  if (next === null) return 0;
  const current = planLinePrice(from, months, { isAdmin: false }) ?? 0;
  const full = Math.max(0, next - current);
  const period = daysLeft(addMonths(today, months), today);
  return Math.round((full * Math.min(left, period)) / period);
}
