import { planChangeCharge } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { access } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { creditLedger } from '../credits/credit-ledger.js';
import type { LinePlanRow } from '../line-plans/line-plans.repository.js';
import { lineUpsertPayload } from '../line-sync/line-payload.js';
import { assertPlanFitsServer, checkRenewal } from '../lines/line-rules.js';
import { today } from '../lines/line-scope.js';
import { assertNotArchived, assertNotRefused, keyOf } from '../lines/line-write.js';
import { linesRepository, type LineRecord } from '../lines/lines.repository.js';
import { assertAllowed, buyerTerms, pricesFor, type BuyerTerms } from '../reseller-terms/buyer-terms.js';
import { serversRepository, type ServerRow } from '../servers/servers.repository.js';
import {
  assertPreviewedCharge,
  inChunkTransaction,
  NotWhole,
  planOnce,
  refusalOf,
  wholeOrEach,
  type BulkParams,
  type ItemDone,
} from './line-bulk-item.js';
import {
  lineBulkRepository,
  type BulkItemRow,
  type BulkJobRow,
  type ChunkAction,
  type ChunkRow,
} from './line-bulk.repository.js';

/** What a step reads once per chunk, however many of its lines need it. */
type ChunkReads = {
  tx: Db;
  job: BulkJobRow;
  params: BulkParams;
  day: string;
  plan: (id: number) => Promise<LinePlanRow>;
  payer: () => Promise<BuyerTerms>;
  server: (id: number) => Promise<ServerRow | undefined>;
};

/** A line's write in a chunk (absent: the line is already so, and its item settles done as it is). */
type ChunkLine = { row?: Omit<ChunkRow, 'item_id' | 'seq' | 'lease_id'>; done: ItemDone };

type LineFields = Omit<
  ChunkRow,
  'item_id' | 'seq' | 'lease_id' | 'line_id' | 'owner_id' | 'server_id' | 'username'
>;

function ownersOf(line: LineRecord): string[] {
  return line.ownerId === null ? [] : [line.ownerId];
}

function unchanged(line: LineRecord): ChunkLine {
  return { done: { lineId: line.id, charged: 0, owners: [] } };
}

/** The line's write: its outbox row goes to its server, its history row is its owner's (unless `to` says otherwise). */
function written(
  reads: ChunkReads,
  line: LineRecord,
  fields: LineFields,
  to: Pick<ChunkRow, 'owner_id' | 'server_id'> = { owner_id: line.ownerId, server_id: line.serverId },
): ChunkLine {
  return {
    row: {
      line_id: line.id,
      username: line.username,
      ...to,
      ...fields,
      details: { ...fields.details, bulk_job_id: reads.job.id },
    },
    done: { lineId: line.id, charged: fields.charge, owners: ownersOf(line) },
  };
}

/**
 * Each action's rule for one line, checked (and priced) under its row lock in the chunk's
 * transaction, in the order and with the refusals of a single change of the line. A rule that
 * refuses throws its AppError; nothing is written here (the chunk writes its lines in one statement).
 */
const steps: Record<ChunkAction, (line: LineRecord, reads: ChunkReads) => Promise<ChunkLine>> = {
  async renew(current, reads) {
    const plan = await reads.plan(current.planId);
    // Each line renews at its own plan's price, as a single renewal would, by the same rule.
    const renewal = checkRenewal({
      plan,
      line: current,
      months: reads.params.subscription_months!,
      payer: await reads.payer(),
      today: reads.day,
    });
    assertPreviewedCharge(reads.job, renewal.charge);
    // writeLineChange's own checks for a change that reaches the server.
    assertNotArchived(current, renewal.values);
    assertNotRefused(current);
    const line = { ...current, ...renewal.values };
    return written(reads, current, {
      charge: renewal.charge,
      payload: lineUpsertPayload(line, plan.restrictions),
      event: 'renewed',
      details: renewal.details,
      expiry_date: line.expiryDate,
      subscription_months: line.subscriptionMonths!,
      frozen_days: line.frozenDays,
    });
  },
  enable: (current, reads) => switchLine(current, reads, true),
  disable: (current, reads) => switchLine(current, reads, false),
  // The outbox row outlives the line, so the server is told even when this instance stops now; only
  // a server that had the line (keyOf) is told. Its history row keeps no owner: the line is gone.
  async delete(current, reads) {
    return written(
      reads,
      current,
      { charge: 0, payload: {}, event: 'deleted', details: { username: current.username } },
      { owner_id: null, server_id: keyOf(current)?.serverId ?? null },
    );
  },
  async change_plan(current, reads) {
    const plan = await reads.plan(reads.params.plan_id!);
    if (current.planId === plan.id) return unchanged(current);
    // Priced from the line as it is now, under its lock, not as the preview saw it.
    const terms = await reads.payer();
    assertAllowed(terms, plan);
    const priced = planChangeCharge(
      pricesFor(terms, await reads.plan(current.planId)),
      pricesFor(terms, plan),
      { months: current.subscriptionMonths, isTrial: current.isTrial },
      { isAdmin: reads.job.isAdmin },
    );
    if ('refusal' in priced) {
      throw new AppError(
        priced.refusal,
        priced.months === undefined ? {} : { params: { months: priced.months } },
      );
    }
    assertPreviewedCharge(reads.job, priced.charge);
    const server = current.serverId === null ? undefined : await reads.server(current.serverId);
    const keep = reads.params.keep_overrides !== false;
    const overrides = keep ? current.restrictionOverrides : {};
    if (server) assertPlanFitsServer(plan, overrides, server);
    assertNotArchived(current);
    assertNotRefused(current);
    const line = { ...current, planId: plan.id, restrictionOverrides: overrides };
    return written(reads, current, {
      charge: priced.charge,
      payload: lineUpsertPayload(line, plan.restrictions),
      event: 'plan_changed',
      details: {
        from_plan_id: current.planId,
        to_plan_id: plan.id,
        plan: plan.name,
        charged: priced.charge,
        ...(keep || Object.keys(current.restrictionOverrides).length === 0
          ? {}
          : { dropped_overrides: current.restrictionOverrides }),
      },
      plan_id: plan.id,
      ...(keep ? {} : { restriction_overrides: {} }),
    });
  },
};

async function switchLine(current: LineRecord, reads: ChunkReads, enabled: boolean): Promise<ChunkLine> {
  // Already so: nothing to change, and a re-run of the same action stays harmless.
  if (current.enabled === enabled) return unchanged(current);
  if (current.frozenAt !== null) throw new AppError('LINE_FROZEN');
  assertNotArchived(current, { enabled });
  assertNotRefused(current);
  const plan = await reads.plan(current.planId);
  return written(reads, current, {
    charge: 0,
    payload: lineUpsertPayload({ ...current, enabled }, plan.restrictions),
    event: enabled ? 'enabled' : 'disabled',
    details: {},
    enabled,
  });
}

/** Whether a job's lines are written a chunk at a time (applyChunk); the others line by line. */
export function isChunkAction(action: BulkJobRow['action']): action is ChunkAction {
  return action in steps;
}

/**
 * A chunk of a job's lines in one transaction of a few statements, where a transaction a line cost a
 * dozen statements a line (its locks, the buyer's terms, its plan, the update, the charge, the outbox
 * row, the history row, the item). Each line is checked and priced under its row lock by its action's
 * rule (`steps`) and keeps its own ledger row, history row and outbox row; the items settle in the same
 * transaction, so a job taken over after a crash never applies (nor charges) a line twice. Lines a rule
 * refuses settle refused in it too.
 *
 * Undefined when the payer cannot pay the whole chunk (nothing of it kept).
 */
async function writeChunkOnce(
  ctx: AppContext,
  job: BulkJobRow & { action: ChunkAction },
  batch: BulkItemRow[],
): Promise<ItemDone[] | undefined> {
  return inChunkTransaction(ctx, batch, async (tx, items) => {
    const lines = await linesRepository.lockByIds(
      tx,
      items.flatMap((item) => (item.lineId === null ? [] : [item.lineId])),
    );
    const lineById = new Map(lines.map((line) => [line.id, line]));
    const plans = new Map<number, LinePlanRow>();
    const servers = new Map<number, ServerRow | undefined>();
    let payer: Promise<BuyerTerms> | undefined;
    const reads: ChunkReads = {
      tx,
      job,
      params: job.params as BulkParams,
      day: today(),
      plan: (id) => planOnce(tx, plans, id),
      payer: () => (payer ??= buyerTerms(tx, { id: job.accountId, isAdmin: job.isAdmin })),
      server: async (id) => {
        if (!servers.has(id)) servers.set(id, await serversRepository.findById(tx, id));
        return servers.get(id);
      },
    };
    const scope = { ownerId: job.isAdmin ? null : job.accountId };
    const rows: ChunkRow[] = [];
    const done: ItemDone[] = [];
    for (const item of items) {
      try {
        const current = access.ownLineOrNotFound(
          scope,
          item.lineId === null ? undefined : lineById.get(item.lineId),
        );
        const line = await steps[job.action](current, reads);
        if (line.row) {
          rows.push({ ...line.row, item_id: item.id, seq: item.seq, lease_id: null });
        } else {
          await lineBulkRepository.settleItem(tx, item.id, {
            result: 'done',
            lineId: current.id,
            charged: 0,
          });
        }
        done.push(line.done);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await lineBulkRepository.settleItem(tx, item.id, refusalOf(error));
      }
    }
    if (await lineBulkRepository.writeChunk(tx, job, job.action, rows)) return done;
    // A chunk of one line that its payer cannot pay: refused with the balance's own answer, as a
    // single change of the line is.
    if (rows.length === 1) throw await creditLedger.refusal(tx, job.accountId, -rows[0]!.charge);
    // The payer could not pay the chunk's total: nothing of it may stay.
    throw new NotWhole();
  });
}

/**
 * A chunk of a job's lines (writeChunkOnce). When the payer cannot pay the whole chunk, its lines
 * are taken one at a time (each a chunk of one), so the lines the balance still covers are done and
 * each other one is refused with its own INSUFFICIENT_CREDITS, and a line refused never fails its
 * chunk-mates (wholeOrEach).
 */
export function applyChunk(
  ctx: AppContext,
  job: BulkJobRow & { action: ChunkAction },
  batch: BulkItemRow[],
  signal: AbortSignal,
): Promise<ItemDone[]> {
  return wholeOrEach(
    batch,
    signal,
    (chunk) => writeChunkOnce(ctx, job, chunk),
    async (item) => {
      try {
        return (await writeChunkOnce(ctx, job, [item])) ?? [];
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await lineBulkRepository.settleItem(ctx.db, item.id, refusalOf(error));
        return [];
      }
    },
  );
}
