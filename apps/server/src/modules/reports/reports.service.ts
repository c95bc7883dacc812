import {
  addDays,
  type Report,
  type ReportFigures,
  type ReportQuery,
  type ReportRow,
  type ReportUnit,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { inOneSnapshot } from '../../db/one-snapshot.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { today as businessToday } from '../lines/line-scope.js';
import { resellerTermsRepository } from '../reseller-terms/reseller-terms.repository.js';
import { reportsRepository as repo, type ReportScopeSpec, type ReportWindow } from './reports.repository.js';

const zero = (): ReportFigures => ({
  credits_bought: 0,
  credits_spent: 0,
  lines_created: 0,
  trials_created: 0,
  renewed: 0,
  expired: 0,
  churned: 0,
  trials_converted: 0,
});

/** The periods from `from` to `to`, oldest first: each day, or each month the range touches. */
export function reportPeriods(unit: ReportUnit, from: string, to: string): string[] {
  const periods: string[] = [];
  if (unit === 'day') {
    for (let day = from; day <= to; day = addDays(day, 1)) periods.push(day);
    return periods;
  }
  const [y, m] = from.split('-').map(Number) as [number, number];
  for (let i = 0; ; i++) {
    const month = new Date(Date.UTC(y, m - 1 + i, 1)).toISOString().slice(0, 7);
    if (month > to.slice(0, 7)) return periods;
    periods.push(month);
  }
}

/** The default range: the last 30 days, or the last 12 months from the first of the first month. */
function range(query: ReportQuery, today: string): { from: string; to: string } {
  const to = query.to ?? today;
  if (query.from) return { from: query.from, to };
  if (query.unit === 'day') return { from: addDays(to, -29), to };
  const [y, m] = to.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(y, m - 12, 1)).toISOString().slice(0, 10), to };
}

/**
 * Whose rows the report reads. A reseller reports on their own account or one below them (found by
 * walking up from it); any other account answers 404, like every row of another owner.
 */
async function resolveScope(
  ctx: AppContext,
  actor: Actor,
  query: ReportQuery,
): Promise<{ spec: ReportScopeSpec; email: string | null }> {
  const accountId = query.account_id ?? (actor.isAdmin ? null : actor.id);
  if (accountId === null) return { spec: { kind: 'panel' }, email: null };
  const chain = await resellerTermsRepository.chain(ctx.db, accountId);
  const self = chain[0];
  if (!self || (!actor.isAdmin && !chain.some((link) => link.accountId === actor.id))) {
    throw new AppError('USER_NOT_FOUND');
  }
  return { spec: { kind: query.scope, accountId }, email: self.email };
}

function add(into: ReportFigures, figures: Partial<ReportFigures>) {
  for (const [key, value] of Object.entries(figures) as [keyof ReportFigures, number][]) into[key] += value;
}

/** The report of an account (alone or with its tree) or of the panel, per day or month of a range. */
export async function getReport(ctx: AppContext, actor: Actor, query: ReportQuery): Promise<Report> {
  const { spec, email } = await resolveScope(ctx, actor, query);
  const today = businessToday();
  const { from, to } = range(query, today);
  const w: ReportWindow = { scope: spec, unit: query.unit, from, to, today };
  // One snapshot: a renewal writes its ledger row and its line event together, so a report read
  // beside it shows both or neither, never the credits spent without the renewal they paid for.
  const [credits, events, expiries, moneyIn, compensated] = await inOneSnapshot(ctx.db, [
    (tx) => repo.credits(tx, w),
    (tx) => repo.lineEvents(tx, w),
    (tx) => repo.expiries(tx, w, query.churn_days),
    (tx) => (actor.isAdmin ? repo.moneyIn(tx, w) : null),
    (tx) => repo.outageCompensation(tx, w),
  ]);
  const byPeriod = new Map<string, ReportRow>(
    reportPeriods(query.unit, from, to).map((period) => [period, { period, ...zero() }]),
  );
  const at = (period: string) => byPeriod.get(period);
  for (const c of credits) {
    const row = at(c.period);
    if (row) add(row, { credits_bought: c.bought, credits_spent: c.spent });
  }
  for (const e of events) {
    const row = at(e.period);
    if (row) {
      add(row, {
        lines_created: e.created,
        trials_created: e.trials,
        renewed: e.renewed,
        trials_converted: e.converted,
      });
    }
  }
  for (const x of expiries) {
    const row = at(x.period);
    if (row) add(row, { expired: x.expired, churned: x.churned });
  }
  const rows = [...byPeriod.values()];
  const totals = zero();
  for (const { period: _period, ...figures } of rows) add(totals, figures);
  return {
    account_id: spec.kind === 'panel' ? null : spec.accountId,
    account_email: email,
    scope: query.scope,
    unit: query.unit,
    from,
    to,
    churn_days: query.churn_days,
    today,
    rows,
    totals,
    spent_by_plan: credits
      .filter((c) => c.spent !== 0)
      .map((c) => ({ period: c.period, plan_id: c.planId, plan_name: c.planName, credits: c.spent }))
      .sort((a, b) => a.period.localeCompare(b.period) || (a.plan_id ?? 0) - (b.plan_id ?? 0)),
    money_in: moneyIn,
    outage_compensated_minutes: compensated,
  };
}
