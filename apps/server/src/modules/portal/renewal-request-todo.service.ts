import { DASHBOARD_TODO_SIZE, type DashboardTodo, type RenewalRequestDismissed } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { findVisible } from '../lines/line-scope.js';
import { portalRepository } from './portal.repository.js';
import { asksWithLines } from './todo-asks.js';

/**
 * The customers' open asks to renew, for the dashboard's to-do list: the caller's lines (every line
 * for an admin), each with the line itself so the list's Renew opens the lines' own renewal.
 */
export async function openRenewalRequests(
  ctx: AppContext,
  actor: Actor,
): Promise<DashboardTodo['renewal_requests']> {
  const scope = access.lines(actor);
  const open = await portalRepository.openRenewalRequests(ctx.db, scope.ownerId, DASHBOARD_TODO_SIZE);
  return {
    items: await asksWithLines(ctx, open.rows, (line, ask) => ({
      line,
      requested_at: ask.requestedAt.toISOString(),
    })),
    total: open.total,
  };
}

/** The reseller has dealt with the ask another way (or will not renew): it leaves the to-do list. */
export async function dismissRenewalRequest(
  ctx: AppContext,
  actor: Actor,
  lineId: number,
): Promise<RenewalRequestDismissed> {
  const line = await findVisible(ctx, access.lines(actor), lineId);
  if (!(await portalRepository.dismissRenewalRequest(ctx.db, line))) {
    throw new AppError('PORTAL_RENEWAL_REQUEST_NOT_FOUND');
  }
  await ctx.bus.publish({
    table: 'line_renewal_requests',
    action: 'update',
    id: String(line.id),
    audience: line.ownerId ? [line.ownerId] : [],
  });
  return { line_id: line.id, dismissed: true };
}
