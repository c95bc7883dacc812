import {
  compactRestrictions,
  linePlanBodySchema,
  packagesRefusal,
  type ServerPackages,
  type LinePlan,
  type LinePlanBody,
  type LinePlanPatch,
  type LineRestrictions,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { access, type Actor } from '../../platform/access.js';
import { createChangeCache, type ChangeCache } from '../../platform/change-cache.js';
import { AppError } from '../../platform/errors.js';
import { audited } from '../audit/audit.service.js';
import { lineOutboxRepository } from '../line-sync/line-outbox.repository.js';
import { linePlansRepository, toLinePlan, type LinePlanRow } from './line-plans.repository.js';
import { buyerTerms, planAllowed, pricesFor } from '../reseller-terms/buyer-terms.js';
import { perContext } from '../../platform/per-context.js';

const planEntity = (id: number) => ({ type: 'line_plan' as const, id });
const readPlan = (id: number) => async (db: Db) => {
  const row = await linePlansRepository.findById(db, id);
  return row ? toLinePlan(row, null, []) : null;
};

type NamedServer = ServerPackages & { id: number; server_name: string };

/**
 * Groups are chosen by the names servers give them: a group no server names is nobody's package.
 * A plan whose lines already live on servers must stay sellable there: each of those servers must
 * know every group (and listed service) the plan now uses, or nothing is saved.
 */
function checkPackages(restrictions: LineRestrictions, servers: NamedServer[], linesOn: number[]): void {
  for (const group of restrictions.groups ?? []) {
    if (!servers.some((server) => server.group_names[String(group)])) {
      throw new AppError('LINE_PLAN_GROUP_UNNAMED', { params: { group } });
    }
  }
  for (const server of servers.filter((s) => linesOn.includes(s.id))) {
    const refusal = packagesRefusal(restrictions, server);
    if (refusal) throw new AppError(refusal.code, { params: refusal.params });
  }
}

async function publish(ctx: AppContext, action: 'insert' | 'update', id: number) {
  await ctx.bus.publish({ table: 'line_plans', action, id: String(id), audience: 'all' });
}

/**
 * Plans a line can be sold on: everyone who manages lines sees the current ones; admins may ask for
 * the archived ones too, and see how many lines each plan has.
 */
export async function listLinePlans(
  ctx: AppContext,
  actor: Actor,
  includeArchived: boolean,
): Promise<LinePlan[]> {
  const { actor: me } = access.lines(actor);
  const [rows, servers] = await Promise.all([
    linePlansRepository.list(ctx.db, { includeArchived: includeArchived && me.isAdmin }),
    linePlansRepository.serverPackages(ctx.db),
  ]);
  if (!me.isAdmin) {
    // A reseller sees the plans they may sell (their limits and those above them), each at the price
    // they pay (their own list over the plan's).
    const terms = await buyerTerms(ctx.db, me);
    return rows
      .filter((row) => planAllowed(terms, row.id))
      .map((row) => toLinePlan({ ...row, prices: pricesFor(terms, row) }, null, servers));
  }
  const counts = await linePlansRepository.lineCounts(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toLinePlan(row, counts.get(row.id) ?? 0, servers));
}

export async function createLinePlan(ctx: AppContext, actor: Actor, input: LinePlanBody): Promise<LinePlan> {
  const admin = access.admin(actor);
  const body = linePlanBodySchema.parse(input);
  const restrictions = compactRestrictions(body.restrictions);
  const servers = await linePlansRepository.serverPackages(ctx.db);
  checkPackages(restrictions, servers, []);
  const subject = {
    action: 'line_plan.create' as const,
    entity: (r: LinePlanRow) => planEntity(r.id),
    read: async (_db: Db, r: LinePlanRow | undefined) => (r ? toLinePlan(r, null, []) : null),
  };
  const row = await audited(ctx, admin, subject, (tx) =>
    linePlansRepository.insert(tx, {
      name: body.name,
      prices: body.prices,
      restrictions,
      sharingSteps: body.sharing_steps,
    }),
  );
  await publish(ctx, 'insert', row.id);
  return toLinePlan(row, 0, servers);
}

/**
 * Edits a plan. New prices apply from the next sale or renewal; new restrictions reach the plan's
 * lines on their servers at once (their current state is queued for delivery). The default plan is
 * the standard price list: its prices stay and it is never archived.
 */
export async function updateLinePlan(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: LinePlanPatch,
): Promise<LinePlan> {
  const admin = access.admin(actor);
  const subject = { action: 'line_plan.update' as const, entity: planEntity(id), read: readPlan(id) };
  let restrictionsChanged = false;
  const row = await audited(ctx, admin, subject, async (tx) => {
    const current = await linePlansRepository.findById(tx, id);
    if (!current) throw new AppError('LINE_PLAN_NOT_FOUND');
    if (current.isDefault && (patch.prices !== undefined || patch.archived === true)) {
      throw new AppError('LINE_PLAN_DEFAULT_FIXED');
    }
    const restrictions = patch.restrictions && compactRestrictions(patch.restrictions);
    restrictionsChanged =
      restrictions !== undefined && JSON.stringify(restrictions) !== JSON.stringify(current.restrictions);
    if (restrictions && restrictionsChanged) {
      checkPackages(
        restrictions,
        await linePlansRepository.serverPackages(tx),
        await linePlansRepository.serverIdsOfPlan(tx, id),
      );
    }
    const updated = await linePlansRepository.update(tx, id, {
      name: patch.name,
      prices: patch.prices,
      restrictions,
      sharingSteps: patch.sharing_steps,
      archived: patch.archived,
    });
    if (restrictionsChanged) await lineOutboxRepository.enqueuePlanLines(tx, id);
    return updated;
  });
  if (!row) throw new AppError('LINE_PLAN_NOT_FOUND');
  await publish(ctx, 'update', id);
  const [counts, servers] = await Promise.all([
    linePlansRepository.lineCounts(ctx.db, [id]),
    linePlansRepository.serverPackages(ctx.db),
  ]);
  return toLinePlan(row, counts.get(id) ?? 0, servers);
}

/**
 * The plan a new line is sold on: the one asked for while it takes new lines, else the default plan.
 * An archived or unknown plan is "not found" for everyone.
 */
const planCache = perContext((ctx): ChangeCache<LinePlanRow | undefined> =>
  createChangeCache(ctx.bus, ['line_plans'], PLAN_CACHE_MS),
);

/** Bounds a plan change made outside the app; the app's own changes drop the kept plans at once. */
const PLAN_CACHE_MS = 5_000;

export async function planForNewLine(
  ctx: AppContext,
  planId: number | null | undefined,
): Promise<LinePlanRow> {
  const cache = planCache(ctx);
  // Every create reads its plan: kept until a plan changes.
  const plan = await cache.read(String(planId ?? 'default'), () =>
    planId === null || planId === undefined
      ? linePlansRepository.findDefault(ctx.db)
      : linePlansRepository.findById(ctx.db, planId),
  );
  if (!plan || plan.archived) throw new AppError('LINE_PLAN_NOT_FOUND');
  return plan;
}

/** A line's plan as it is now (an archived plan still prices its lines' renewals). */
export async function planOfLine(db: Db, planId: number): Promise<LinePlanRow> {
  const plan = await linePlansRepository.findById(db, planId);
  if (!plan) throw new AppError('LINE_PLAN_NOT_FOUND');
  return plan;
}

/** What the agent receives for a line of this plan: nothing at all when the plan restricts nothing. */
export function agentRestrictions(plan: { restrictions: LineRestrictions }): LineRestrictions | undefined {
  const compact = compactRestrictions(plan.restrictions);
  return Object.keys(compact).length > 0 ? compact : undefined;
}
