import type { LineLock, LineLockState, LockAction, LockBody, LockReason, PlanLock } from '@linedesk/shared';
import { effectiveLock } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { linePlansRepository } from '../line-plans/line-plans.repository.js';
import { linesRepository } from '../lines/lines.repository.js';
import { serversRepository } from '../servers/servers.repository.js';
import { lineLocksRepository } from './line-locks.repository.js';
import { inOneSnapshot } from '../../db/one-snapshot.js';

async function visibleLine(ctx: AppContext, actor: Actor, id: number) {
  return access.ownLineOrNotFound(access.lines(actor), await linesRepository.findById(ctx.db, id));
}

async function existingPlan(ctx: AppContext, id: number) {
  if (!(await linePlansRepository.findById(ctx.db, id))) throw new AppError('LINE_PLAN_NOT_FOUND');
}

export async function getPlanLock(ctx: AppContext, actor: Actor, planId: number): Promise<PlanLock> {
  access.admin(actor);
  await existingPlan(ctx, planId);
  return { lock: await lineLocksRepository.planLock(ctx.db, planId) };
}

export async function setPlanLock(
  ctx: AppContext,
  actor: Actor,
  planId: number,
  body: LockBody,
): Promise<PlanLock> {
  access.admin(actor);
  await existingPlan(ctx, planId);
  await lineLocksRepository.setPlanLock(ctx.db, planId, body.lock);
  await ctx.bus.publish({ table: 'line_plans', action: 'update', id: String(planId), audience: [] });
  return { lock: await lineLocksRepository.planLock(ctx.db, planId) };
}

/** The line's own lock, its plan's, the one in force, and the connections seen outside it. */
export async function getLineLock(ctx: AppContext, actor: Actor, lineId: number): Promise<LineLockState> {
  const line = await visibleLine(ctx, actor, lineId);
  // One snapshot: the violations are judged against the locks, and a change of lock committed between
  // two reads on two connections would show violations of a lock no longer in force.
  const [own, plan, violations, server] = await inOneSnapshot(ctx.db, [
    (tx) => lineLocksRepository.lineLock(tx, lineId),
    (tx) => (line.planId === null ? null : lineLocksRepository.planLock(tx, line.planId)),
    (tx) => lineLocksRepository.violationsOfLine(tx, lineId),
    (tx) => (line.serverId === null ? undefined : serversRepository.findById(tx, line.serverId)),
  ]);
  return {
    own,
    plan,
    effective: effectiveLock(own, plan) satisfies LineLock | null,
    // OSCam's connections carry the id its web interface ends them by; CCcam's do not.
    enforced: server?.agentBackend === 'oscam',
    violations: violations.map(({ violation, serverName }) => ({
      id: violation.id,
      server_id: violation.serverId,
      server_name: serverName,
      ip: violation.ip,
      country: violation.country,
      asn: violation.asn,
      network: violation.network,
      reason: violation.reason as LockReason,
      action: violation.action as LockAction,
      first_seen_at: violation.firstSeenAt.toISOString(),
      last_seen_at: violation.lastSeenAt.toISOString(),
      ended_at: violation.endedAt?.toISOString() ?? null,
    })),
  };
}

/** Sets the line's own lock, or clears it (null) so that its plan's applies again. */
export async function setLineLock(
  ctx: AppContext,
  actor: Actor,
  lineId: number,
  body: LockBody,
): Promise<LineLockState> {
  const line = await visibleLine(ctx, actor, lineId);
  await lineLocksRepository.setLineLock(ctx.db, lineId, body.lock);
  await ctx.bus.publish({
    table: 'line_connections',
    action: 'update',
    id: String(lineId),
    audience: line.ownerId ? [line.ownerId] : [],
  });
  return getLineLock(ctx, actor, lineId);
}
