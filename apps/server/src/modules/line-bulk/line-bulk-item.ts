import {
  connectionLine,
  lineEntryRestrictions,
  planAllowsServerProtocol,
  planChangeCharge,
} from '@linedesk/shared';
import { assertAllowed, assertLineRoom, buyerTerms, pricesFor } from '../reseller-terms/buyer-terms.js';
import { assertPackagesOnServer } from '../lines/line-packages.js';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { serversRepository, type ServerRow } from '../servers/servers.repository.js';
import type { LinePlanRow } from '../line-plans/line-plans.repository.js';
import { planForNewLine, planOfLine } from '../line-plans/line-plans.service.js';
import type { LineCharge } from '../lines/line-charge.js';
import { writeNewLine } from '../lines/line-create-write.js';
import { lineOutboxRepository } from '../line-sync/line-outbox.repository.js';
import { checkNewLine, checkRenewal } from '../lines/line-rules.js';
import { today } from '../lines/line-scope.js';
import { keyOf, writeLineChange, type LineHistory, type OutboxDelivery } from '../lines/line-write.js';
import { lineHistoryRepository } from '../lines/line-history.repository.js';
import { assertGiveRoom, giveTarget, type GiveTarget } from '../lines/line-give-rules.js';
import { lockLineInTree } from '../lines/line-tree.js';
import { linesRepository } from '../lines/lines.repository.js';
import { lineBulkRepository, type BulkItemRow, type BulkJobRow } from './line-bulk.repository.js';

/** What a job keeps in `params`, fixed when it was asked for. */
export type BulkParams = {
  subscription_months?: number;
  target_owner_id?: string;
  target_owner_email?: string;
  server_id?: number;
  /** change_plan, create: the plan the lines go to. */
  plan_id?: number;
  /** change_plan: false drops the lines' own values, so the new plan applies whole (absent: kept). */
  keep_overrides?: boolean;
  /** The price of one line when the action was asked for (0 for admins), as the preview showed it. */
  charge_per_line?: number;
  /** move_server: where the lines go, and the server whose lines all move (when chosen so). */
  target_server_id?: number;
  source_server_id?: number;
  /** move_server: hours the old entry stays once the target has the line (absent: none, as before). */
  grace_hours?: number;
};

/** A line the action changed: whose lists to refresh. */
export type ItemDone = { lineId: number; charged: number; owners: string[] };

function ownersOf(...ids: (string | null | undefined)[]): string[] {
  return ids.filter((id): id is string => typeof id === 'string');
}

/**
 * Due at once and not leased: the line-sync worker delivers a job's changes in its batches (one
 * POST /batch per server for up to 200 lines), rather than the job waiting on each server.
 */
const WORKER_NOW = 0;
const TO_WORKER: OutboxDelivery = { workerAfterMs: WORKER_NOW };

type Applied = { done: ItemDone; connectionLine?: string };

/**
 * One line of a move to another account, by the rules of giving lines (line-give-rules.ts) checked
 * again as it is moved: the target is still the mover's to give to, the line still in the mover's
 * tree, and the target's tree still has room for it (its limited accounts locked first, as a create
 * takes them, then the line; a line that no longer fits is refused with LINE_LIMIT_REACHED). The line keeps
 * its history, renewals and dates; only its owner changes, with a `moved` row in its history.
 */
async function moveLine(tx: Db, job: BulkJobRow, item: BulkItemRow, params: BulkParams): Promise<Applied> {
  const mover = { id: job.accountId, isAdmin: job.isAdmin } as Actor;
  const target: GiveTarget = await giveTarget(tx, mover, params.target_owner_id!);
  const base = { lineId: item.lineId! };
  await assertGiveRoom(tx, target, [], { lock: true });
  const current = await lockLineInTree(tx, mover, item.lineId!);
  // Already the target's: nothing to change, and a re-run of the same move stays harmless.
  if (current.ownerId === target.id) return { done: { ...base, charged: 0, owners: [] } };
  await assertGiveRoom(tx, target, [current]);
  await lineBulkRepository.moveLine(tx, current.id, target);
  await lineHistoryRepository.insert(tx, {
    lineId: current.id,
    ownerId: target.id,
    actorId: job.accountId,
    action: 'moved',
    details: {
      from: current.ownerEmail,
      to: target.email,
      from_id: current.ownerId,
      to_id: target.id,
      bulk_job_id: job.id,
    },
  });
  return { done: { ...base, charged: 0, owners: ownersOf(current.ownerId, target.id) } };
}

async function applyToLine(tx: Db, job: BulkJobRow, item: BulkItemRow, params: BulkParams): Promise<Applied> {
  if (job.action === 'move') return moveLine(tx, job, item, params);
  const scope = { ownerId: job.isAdmin ? null : job.accountId };
  const current = access.ownLineOrNotFound(scope, await linesRepository.lockById(tx, item.lineId!));
  const base = { lineId: current.id };
  const key = keyOf(current);
  const entry = (action: string, details: Record<string, unknown> = {}): LineHistory => ({
    actorId: job.accountId,
    action,
    details: { ...details, bulk_job_id: job.id },
  });
  // Never more per line than the preview showed: a price raised while the job runs refuses the line
  // (nothing charged, nothing changed) instead of charging what nobody confirmed.
  const previewed = (charge: number) => {
    if (!job.isAdmin && params.charge_per_line !== undefined && charge > params.charge_per_line) {
      throw new AppError('LINE_BULK_PRICE_CHANGED', {
        params: { previewed: params.charge_per_line, current: charge },
      });
    }
  };
  const chargeOf = (amount: number, reason: LineCharge['reason']): LineCharge => ({
    accountId: job.accountId,
    actorId: job.accountId,
    amount,
    reason,
  });
  switch (job.action) {
    case 'renew': {
      // Each line renews at its own plan's price, as a single renewal would, by the same rule.
      const renewal = checkRenewal({
        plan: await planOfLine(tx, current.planId),
        line: current,
        months: params.subscription_months!,
        payer: await buyerTerms(tx, { id: job.accountId, isAdmin: job.isAdmin }),
        today: today(),
      });
      previewed(renewal.charge);
      await writeLineChange(tx, current, {
        values: renewal.values,
        charge: chargeOf(renewal.charge, 'line_renew'),
        history: [entry('renewed', renewal.details)],
        delivery: TO_WORKER,
      });
      return { done: { ...base, charged: renewal.charge, owners: ownersOf(current.ownerId) } };
    }
    case 'enable':
    case 'disable': {
      const enabled = job.action === 'enable';
      // Already so: nothing to change, and a re-run of the same action stays harmless.
      if (current.enabled === enabled) {
        return { done: { ...base, charged: 0, owners: [] } };
      }
      if (current.frozenAt !== null) throw new AppError('LINE_FROZEN');
      await writeLineChange(tx, current, {
        values: { enabled },
        history: [entry(enabled ? 'enabled' : 'disabled')],
        delivery: TO_WORKER,
      });
      return { done: { ...base, charged: 0, owners: ownersOf(current.ownerId) } };
    }
    case 'delete': {
      // The outbox row outlives the line, so the server is told even when this instance stops now.
      if (key) {
        await lineOutboxRepository.enqueue(
          tx,
          { ...key, lineId: current.id, operation: 'delete' },
          WORKER_NOW,
        );
      }
      await linesRepository.delete(tx, current.id);
      await lineHistoryRepository.insert(tx, {
        lineId: current.id,
        ...entry('deleted', { username: current.username }),
      });
      return { done: { ...base, charged: 0, owners: ownersOf(current.ownerId) } };
    }
    case 'change_plan': {
      const plan = await planOfLine(tx, params.plan_id!);
      if (current.planId === plan.id) {
        return { done: { ...base, charged: 0, owners: [] } };
      }
      // Priced from the line as it is now, under its lock, not as the preview saw it.
      const terms = await buyerTerms(tx, { id: job.accountId, isAdmin: job.isAdmin });
      assertAllowed(terms, plan);
      const priced = planChangeCharge(
        pricesFor(terms, await planOfLine(tx, current.planId)),
        pricesFor(terms, plan),
        { months: current.subscriptionMonths, isTrial: current.isTrial },
        { isAdmin: job.isAdmin },
      );
      if ('refusal' in priced) {
        throw new AppError(
          priced.refusal,
          priced.months === undefined ? {} : { params: { months: priced.months } },
        );
      }
      previewed(priced.charge);
      const server =
        current.serverId === null ? undefined : await serversRepository.findById(tx, current.serverId);
      if (server && !planAllowsServerProtocol(plan.restrictions, server.protocol)) {
        throw new AppError('LINE_PLAN_PROTOCOL_NOT_ALLOWED', { params: { protocol: server.protocol } });
      }
      const keep = params.keep_overrides !== false;
      const overrides = keep ? current.restrictionOverrides : {};
      if (server) {
        assertPackagesOnServer(lineEntryRestrictions(plan.restrictions, overrides) ?? {}, server);
      }
      // A balance that cannot pay throws INSUFFICIENT_CREDITS and rolls the plan change back with it.
      await writeLineChange(tx, current, {
        values: { planId: plan.id, ...(keep ? {} : { restrictionOverrides: {} }) },
        charge: chargeOf(priced.charge, 'line_plan_change'),
        history: [
          entry('plan_changed', {
            from_plan_id: current.planId,
            to_plan_id: plan.id,
            plan: plan.name,
            charged: priced.charge,
            ...(keep || Object.keys(current.restrictionOverrides).length === 0
              ? {}
              : { dropped_overrides: current.restrictionOverrides }),
          }),
        ],
        delivery: TO_WORKER,
      });
      return { done: { ...base, charged: priced.charge, owners: ownersOf(current.ownerId) } };
    }
    case 'create':
      throw new Error('create items are applied by applyCreate');
    case 'move_server':
      throw new Error('move_server items are run by line-move-job.ts');
  }
}

async function applyCreate(
  tx: Db,
  job: BulkJobRow,
  item: BulkItemRow,
  params: BulkParams,
  server: ServerRow | null,
  plan: LinePlanRow,
): Promise<Applied> {
  if (!server || server.status !== 'active') throw new AppError('SERVER_NOT_FOUND');
  const owner = await lineBulkRepository.findAccount(tx, job.accountId);
  const terms = await buyerTerms(tx, { id: job.accountId, isAdmin: job.isAdmin });
  // Checked again by the single create's rule: the server, the plan, the buyer's price or limits may
  // have changed since the job was asked for, and the line is priced as it is written.
  const checked = checkNewLine({
    plan,
    server,
    username: item.username!,
    password: item.password!,
    months: params.subscription_months,
    trialDays: null,
    buyer: { id: job.accountId, email: owner?.email ?? null, isAdmin: job.isAdmin, terms },
    today: today(),
  });
  if (!job.isAdmin && params.charge_per_line !== undefined && checked.charge > params.charge_per_line) {
    throw new AppError('LINE_BULK_PRICE_CHANGED', {
      params: { previewed: params.charge_per_line, current: checked.charge },
    });
  }
  await assertLineRoom(tx, terms);
  const { line } = await writeNewLine(tx, checked, {
    actorId: job.accountId,
    delivery: TO_WORKER,
    details: { bulk_job_id: job.id },
  });
  return {
    done: { lineId: line.id, charged: checked.charge, owners: ownersOf(job.accountId) },
    connectionLine: connectionLine(
      {
        host_ip: server.hostIp,
        hostname: server.hostname,
        port: server.port,
        protocol: server.protocol,
        newcamd_des_key: server.newcamdDesKey,
      },
      { username: line.username, password: line.password },
    ),
  };
}

export type ItemOutcome =
  { result: 'done'; done: ItemDone } | { result: 'refused'; code: string } | { result: 'skipped' };

/**
 * One line of a job, in one transaction: the line change, its charge with its ledger row, its outbox
 * entry and the item's result commit together, under the item's row lock. A job taken over after a
 * crash therefore never applies (nor charges) an item twice. A refusal (not the caller's line, not
 * enough credits, a taken username) rolls the line back and is kept with its code and text.
 */
export async function applyItem(
  ctx: AppContext,
  job: BulkJobRow,
  item: BulkItemRow,
  server: ServerRow | null,
): Promise<ItemOutcome> {
  const params = job.params as BulkParams;
  try {
    // Read before the transaction: the embedded database runs one statement at a time, so a read
    // outside the open transaction would wait for it forever.
    const plan = job.action === 'create' ? await planForNewLine(ctx, params.plan_id) : null;
    return await ctx.db.transaction(async (tx) => {
      if (!(await lineBulkRepository.lockPendingItem(tx, item.id))) return { result: 'skipped' as const };
      const applied =
        job.action === 'create'
          ? await applyCreate(tx, job, item, params, server, plan!)
          : await applyToLine(tx, job, item, params);
      await lineBulkRepository.settleItem(tx, item.id, {
        result: 'done',
        lineId: applied.done.lineId,
        charged: applied.done.charged,
        connectionLine: applied.connectionLine ?? null,
      });
      return { result: 'done' as const, done: applied.done };
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const settled = await lineBulkRepository.settleItem(ctx.db, item.id, {
      result: 'refused',
      charged: 0,
      code: error.code,
      message: error.message,
    });
    return settled ? { result: 'refused', code: error.code } : { result: 'skipped' };
  }
}
