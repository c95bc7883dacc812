import {
  addDays,
  DASHBOARD_TODO_SIZE,
  FREEZE_REQUEST_MAX_START_DAYS,
  type DashboardTodo,
  type FreezeRequest,
  type LineFreezeRequest,
  type LineWriteResult,
  type PortalFreezeRequestBody,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { freezeSettings } from '../lines/line-freeze-settings.js';
import { writeResult } from '../lines/line-answer.js';
import { balanceOf } from '../lines/line-charge.js';
import { assertFreezable, freezeLine } from '../lines/line-freeze.service.js';
import { findVisible, today } from '../lines/line-scope.js';
import type { PortalCustomer } from './portal-session.js';
import { portalRepository, type FreezeRequestRow } from './portal.repository.js';
import { asksWithLines } from './todo-asks.js';

/*
 * A customer asks (in the portal) for a freeze of their line: from which day, for how many days,
 * within the admin's freeze limits. The line's owner answers from the to-do list: approving freezes
 * the line through the panel's own freeze (`freezeLine`: its limits, its outbox, its history), at
 * once when its start day has come, else on that day (`scheduled`, `line-freeze-start.ts`; the line
 * runs until then); refusing closes the ask, or cancels a scheduled freeze. One ask per line.
 */

export function toFreezeRequest(row: FreezeRequestRow): FreezeRequest {
  return {
    line_id: row.lineId,
    requested_at: row.requestedAt.toISOString(),
    starts_on: row.startsOn,
    days: row.days,
    decision: row.decision ?? null,
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

export async function portalRequestFreeze(
  ctx: AppContext,
  customer: PortalCustomer,
  body: PortalFreezeRequestBody,
): Promise<FreezeRequest> {
  const { line } = customer;
  const settings = await freezeSettings(ctx.db);
  if (settings.freezes_per_year === 0) throw new AppError('LINE_FREEZE_OFF');
  const day = today();
  const lastStart = addDays(day, FREEZE_REQUEST_MAX_START_DAYS);
  if (body.days > settings.freeze_max_days || body.starts_on < day || body.starts_on > lastStart) {
    throw new AppError('PORTAL_FREEZE_INVALID', {
      params: { max_days: settings.freeze_max_days, max_start_days: FREEZE_REQUEST_MAX_START_DAYS },
    });
  }
  assertFreezable(line, day);
  const row = await portalRepository.claimFreezeRequest(ctx.db, line.id, {
    startsOn: body.starts_on,
    days: body.days,
  });
  if (!row) throw new AppError('PORTAL_FREEZE_ALREADY_REQUESTED');
  await publish(ctx, line);
  return toFreezeRequest(row);
}

/**
 * The owner (anyone above it, an admin) approves the ask: the line is frozen now by the one freeze,
 * or, when the ask starts on a later day, that freeze is scheduled for the day. A line that could not
 * be frozen today is not scheduled either (the same refusal); the day checks it again.
 */
export async function approveFreezeRequest(
  ctx: AppContext,
  actor: Actor,
  lineId: number,
): Promise<LineWriteResult> {
  const scope = access.lines(actor);
  const line = await findVisible(ctx, scope, lineId);
  const open = await portalRepository.freezeRequest(ctx.db, line.id);
  if (!open || open.decidedAt !== null) throw new AppError('PORTAL_FREEZE_REQUEST_NOT_FOUND');
  if (open.startsOn > today()) {
    const settings = await freezeSettings(ctx.db);
    if (settings.freezes_per_year === 0) throw new AppError('LINE_FREEZE_OFF');
    assertFreezable(line, today());
    if (!(await portalRepository.scheduleFreezeRequest(ctx.db, line.id))) {
      throw new AppError('PORTAL_FREEZE_REQUEST_NOT_FOUND');
    }
    await publish(ctx, line);
    const unchanged = { ok: true, code: null, message: null, params: null };
    return writeResult(ctx, line.id, unchanged, 0, await balanceOf(ctx, scope.actor, null));
  }
  // Frozen first: a freeze refused (the line expired, the yearly limit) leaves the ask open.
  const frozen = await freezeLine(ctx, actor, line.id);
  await portalRepository.decideFreezeRequest(ctx.db, line.id, 'approved');
  await publish(ctx, line);
  return frozen;
}

/**
 * The owner refuses the ask (it leaves the to-do list) or cancels its scheduled freeze before the day;
 * the customer sees it refused.
 */
export async function refuseFreezeRequest(
  ctx: AppContext,
  actor: Actor,
  lineId: number,
): Promise<FreezeRequest> {
  const line = await findVisible(ctx, access.lines(actor), lineId);
  const row =
    (await portalRepository.decideFreezeRequest(ctx.db, line.id, 'refused')) ??
    (await portalRepository.settleScheduledFreeze(ctx.db, line.id, 'refused'));
  if (!row) throw new AppError('PORTAL_FREEZE_REQUEST_NOT_FOUND');
  await publish(ctx, line);
  return toFreezeRequest(row);
}

/**
 * The line's ask its page shows (the same people as answering it): open, or scheduled and not started;
 * an answered or settled one is history (the line's history shows the freeze itself).
 */
export async function lineFreezeRequest(
  ctx: AppContext,
  actor: Actor,
  lineId: number,
): Promise<LineFreezeRequest> {
  const line = await findVisible(ctx, access.lines(actor), lineId);
  const row = await portalRepository.freezeRequest(ctx.db, line.id);
  const standing = row && (row.decidedAt === null || row.decision === 'scheduled');
  return { request: standing ? toFreezeRequest(row) : null };
}

/** The open asks for the dashboard's to-do list: the caller's lines (every line for an admin). */
export async function openFreezeRequests(
  ctx: AppContext,
  actor: Actor,
): Promise<NonNullable<DashboardTodo['freeze_requests']>> {
  const scope = access.lines(actor);
  const open = await portalRepository.openFreezeRequests(ctx.db, scope.ownerId, DASHBOARD_TODO_SIZE);
  return {
    items: await asksWithLines(ctx, open.rows, (line, ask) => ({ line, request: toFreezeRequest(ask) })),
    total: open.total,
  };
}

async function publish(ctx: AppContext, line: { id: number; ownerId: string | null }): Promise<void> {
  await ctx.bus.publish({
    table: 'line_freeze_requests',
    action: 'update',
    id: String(line.id),
    audience: line.ownerId ? [line.ownerId] : [],
  });
}
