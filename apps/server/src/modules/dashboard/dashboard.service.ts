import { addDays, isoDate, type Dashboard, type DashboardQuery } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { dashboardRepository as repo } from './dashboard.repository.js';

const CHART_DAYS = 30;

function days(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

/**
 * Admins see the whole panel, or one owner's lines and spending with `owner_id`; everyone else sees
 * their own lines and spending only (a plain user simply has none).
 */
export async function getDashboard(
  ctx: AppContext,
  actor: Actor | null,
  query: DashboardQuery,
  now = new Date(),
): Promise<Dashboard> {
  const me = access.signedIn(actor);
  let ownerId: string | null = me.isAdmin ? null : me.id;
  if (query.owner_id && me.isAdmin) {
    if (!(await accountsRepository.findById(ctx.db, query.owner_id))) throw new AppError('USER_NOT_FOUND');
    ownerId = query.owner_id;
  }
  const today = isoDate(now);
  const since = addDays(today, -(CHART_DAYS - 1));
  // Inclusive of day 30, so a one-month line sold today shows up among the coming expiries.
  const until = addDays(today, CHART_DAYS);
  const monthStart = `${today.slice(0, 8)}01`;
  const db = ctx.db;

  const [
    lines,
    created,
    renewed,
    spent,
    spentMonth,
    byServer,
    expiries,
    openTickets,
    unread,
    servers,
    balance,
  ] = await Promise.all([
    repo.lineCounts(db, ownerId, today),
    repo.createdPerDay(db, ownerId, since),
    repo.renewedPerDay(db, ownerId, since),
    repo.spentPerDay(db, ownerId, since),
    repo.spentPerDay(db, ownerId, monthStart),
    repo.linesByServer(db, ownerId),
    repo.expiriesPerDay(db, ownerId, today, until),
    repo.openTickets(db, me.isAdmin ? null : me.id),
    repo.unreadMessages(db, me.id),
    me.isAdmin ? repo.serverCounts(db) : Promise.resolve(null),
    repo.balance(db, me.id),
  ]);

  const pastDays = days(since, CHART_DAYS);
  return {
    today,
    scope: ownerId === null ? 'panel' : 'owner',
    lines,
    credits: { balance, spent_this_month: [...spentMonth.values()].reduce((a, b) => a + b, 0) },
    tickets: { open: openTickets },
    messages: { unread },
    servers,
    charts: {
      activity: pastDays.map((date) => ({
        date,
        created: created.get(date) ?? 0,
        renewed: renewed.get(date) ?? 0,
      })),
      credits_spent: pastDays.map((date) => ({ date, credits: spent.get(date) ?? 0 })),
      lines_by_server: byServer,
      expiries: days(today, CHART_DAYS + 1).map((date) => ({ date, count: expiries.get(date) ?? 0 })),
    },
  };
}
