import type { Revenue, RevenueBucket } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { topUpListRepository } from '../topups/topups-list.repository.js';

const DAYS = 30;
const MONTHS = 12;

function bucket(row: Awaited<ReturnType<typeof topUpListRepository.revenue>>[number]): RevenueBucket {
  return {
    period: row.period,
    method_name: row.methodName,
    method_kind: row.methodKind,
    currency: row.currency,
    amount_cents: row.amountCents,
    count: row.count,
  };
}

/**
 * What approved top-ups brought in, per day of the last 30 days and per month of the last 12 (UTC,
 * today and this month included), by the day they were approved. Summed by the database per method
 * and currency; nothing adds up two currencies.
 */
export async function getRevenue(ctx: AppContext, actor: Actor): Promise<Revenue> {
  access.admin(actor);
  const now = new Date();
  const daysFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (DAYS - 1)));
  const monthsFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1), 1));
  const [daily, monthly] = await Promise.all([
    topUpListRepository.revenue(ctx.db, 'day', daysFrom),
    topUpListRepository.revenue(ctx.db, 'month', monthsFrom),
  ]);
  return {
    days_from: daysFrom.toISOString().slice(0, 10),
    months_from: monthsFrom.toISOString().slice(0, 7),
    daily: daily.map(bucket),
    monthly: monthly.map(bucket),
  };
}
