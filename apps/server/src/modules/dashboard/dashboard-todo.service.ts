import {
  DASHBOARD_TODO_SIZE,
  ENDED_LINE_WARNING_DAYS,
  endedLineFilterDays,
  LINE_EXPIRING_SOON_DAYS,
  type DashboardTodo,
  type LineListQuery,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { listLines } from '../lines/line-queries.service.js';
import { endedLineSettings } from '../lines/line-ended-settings.js';
import { openRenewalRequests } from '../portal/renewal-request-todo.service.js';
import { openFreezeRequests } from '../portal/portal-freeze-request.service.js';
import { toTopUpRequest } from '../topups/topup-mapper.js';
import { topUpListRepository } from '../topups/topups-list.repository.js';
import { dashboardRepository as repo } from './dashboard.repository.js';

/**
 * One short page of the lines list under one of its quick filters: the list's own scope, filter,
 * capped and cached count, so a to-do list and the lines grid behind its "see all" always agree.
 */
async function shortList(ctx: AppContext, actor: Actor, filter: Partial<LineListQuery>) {
  const page = await listLines(ctx, actor, {
    page: 1,
    page_size: DASHBOARD_TODO_SIZE,
    order: 'desc',
    online: undefined,
    sharing: undefined,
    churn_risk: undefined,
    archived: undefined,
    counts: undefined,
    ...filter,
  });
  return { items: page.items, total: page.total, total_is_lower_bound: page.total_is_lower_bound };
}

/**
 * What needs doing now: the caller's lines (every line for an admin) expiring this week, failing to
 * sync, shared now and likely not to renew (the churn radar), and their customers' open asks to
 * renew; for admins also the servers down and the top-ups waiting for a decision.
 */
export async function getDashboardTodo(ctx: AppContext, actor: Actor): Promise<DashboardTodo> {
  const [
    expiring,
    failingSync,
    sharing,
    churnRisk,
    serversDown,
    topups,
    renewalRequests,
    freezeRequests,
    ending,
  ] = await Promise.all([
    // Soonest first: the line that runs out tomorrow is the one to renew now.
    shortList(ctx, actor, {
      expiring_within_days: LINE_EXPIRING_SOON_DAYS,
      sort: 'expiry_date',
      order: 'asc',
    }),
    shortList(ctx, actor, { sync_state: 'failing' }),
    shortList(ctx, actor, { sharing: true }),
    // Soonest first too: the customer to call before their line runs out.
    shortList(ctx, actor, { churn_risk: true, sort: 'expiry_date', order: 'asc' }),
    actor.isAdmin ? repo.serversDown(ctx.db, DASHBOARD_TODO_SIZE) : null,
    actor.isAdmin
      ? topUpListRepository.list(
          ctx.db,
          // Payments made that nothing credited first ('needs_attention' sorts before 'pending').
          { statuses: ['needs_attention', 'pending'], sort: 'status', order: 'asc' },
          { limit: DASHBOARD_TODO_SIZE, offset: 0 },
        )
      : null,
    openRenewalRequests(ctx, actor),
    openFreezeRequests(ctx, actor),
    endingLines(ctx, actor),
  ]);
  return {
    expiring,
    failing_sync: failingSync,
    sharing,
    churn_risk: churnRisk,
    servers_down: serversDown && {
      items: serversDown.rows.map((row) => ({
        id: row.id,
        server_name: row.serverName,
        host_ip: row.hostIp,
        status: row.status,
        last_error: row.lastError,
      })),
      total: serversDown.total,
    },
    pending_topups: topups && { items: topups.rows.map(toTopUpRequest), total: topups.total },
    renewal_requests: renewalRequests,
    freeze_requests: freezeRequests,
    ending,
  };
}

/**
 * The lines the admin's "Lines that ended" setting archives or deletes within the next
 * ENDED_LINE_WARNING_DAYS (the job's own rule, `endedCondition`, through the list's filter), so that
 * their owners can renew them first; null while the setting is off.
 */
async function endingLines(ctx: AppContext, actor: Actor): Promise<DashboardTodo['ending']> {
  const { ended_line_action: action, ended_line_days: days } = await endedLineSettings(ctx.db);
  if (action === 'off') return null;
  const expiredForDays = endedLineFilterDays(days, ENDED_LINE_WARNING_DAYS);
  const list = await shortList(ctx, actor, {
    expired_for_days: expiredForDays,
    sort: 'expiry_date',
    order: 'asc',
  });
  return { ...list, action, within_days: ENDED_LINE_WARNING_DAYS, expired_for_days: expiredForDays };
}
