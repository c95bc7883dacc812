import { assertAllowed, buyerSpendRefusal, buyerTerms, pricesFor } from '../reseller-terms/buyer-terms.js';
import {
  bulkLineUsername,
  csvRecord,
  isSubscriptionMonths,
  isValidLineCredential,
  LINE_BULK_CREATE_MAX,
  LINE_BULK_MAX_LINES,
  LINE_BULK_PREFIX_MAX,
  planAllowsServerProtocol,
  planChangeCharge,
  randomLinePassword,
  type LineBulkAction,
  type LineBulkBody,
  type LineBulkItem,
  type LineBulkJob,
  type LineBulkPreview,
  type ChangeEvent,
} from '@linedesk/shared';
import { today } from '../lines/line-scope.js';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { planForNewLine, planOfLine } from '../line-plans/line-plans.service.js';
import type { LinePlanRow } from '../line-plans/line-plans.repository.js';
import { runIdempotent, storedOutcome, type IdempotencyRequest } from '../credits/idempotency.js';
import { assertGiveRoom, giveCredits, giveTarget, type GiveTarget } from '../lines/line-give-rules.js';
import { checkNewLine, checkRenewal } from '../lines/line-rules.js';
import { inActorsTree } from '../lines/line-tree.js';
import { pickServer } from '../lines/line-server-pick.js';
import type { LineFilter } from '../lines/line-list-filter.js';
import type { BulkParams } from './line-bulk-item.js';
import { publishJobChange } from './line-bulk-job.js';
import { lineMoveRepository } from './line-move.repository.js';
import {
  lineBulkRepository,
  type BulkItemInsert,
  type BulkItemRow,
  type BulkJobRow,
} from './line-bulk.repository.js';
import { spendRefusalError } from '../credits/credit-ledger.js';
import { ledgerRepository } from '../credits/ledger.repository.js';
import { linesListRepository } from '../lines/lines-list.repository.js';

/** Refused lines a job's answer lists; the result CSV has all of them. */
const REFUSALS_SHOWN = 100;
const CSV_SLICE = 1000;

type Plan = {
  me: Actor;
  action: LineBulkAction;
  params: BulkParams;
  /** The lines to act on, or for create the usernames to make. */
  items: BulkItemInsert[];
  count: number;
  refused: number;
  /** The dearest line (all lines cost the same but for a plan change). */
  perLine: number;
  total: number;
  /** move: whom the lines go to, whose they are now, and the credits asked to go with them. */
  give?: { target: GiveTarget; owners: Set<string | null>; credits: number };
};

function filterOf(scopeOwnerId: string | null, filter: NonNullable<LineBulkBody['filter']>): LineFilter {
  return {
    scopeOwnerId,
    status: filter.status,
    serverId: filter.server_id,
    ownerId: filter.owner_id,
    expiringWithinDays: filter.expiring_within_days,
    syncState: filter.sync_state,
    search: filter.search || undefined,
    today: today(),
  };
}

/** Usernames nobody has, the prefix plus a random part; taken ones are drawn again. */
async function freshUsernames(ctx: AppContext, prefix: string, count: number): Promise<string[]> {
  const chosen = new Set<string>();
  for (let round = 0; chosen.size < count && round < 10; round += 1) {
    const candidates = new Set<string>();
    while (candidates.size < count - chosen.size) {
      const name = bulkLineUsername(prefix);
      if (!chosen.has(name)) candidates.add(name);
    }
    const taken = await lineBulkRepository.usernamesTaken(ctx.db, [...candidates]);
    for (const name of candidates) if (!taken.has(name)) chosen.add(name);
  }
  return [...chosen];
}

async function planCreate(ctx: AppContext, me: Actor, body: LineBulkBody): Promise<Plan> {
  const count = body.count;
  if (count === undefined || count < 1 || count > LINE_BULK_CREATE_MAX) {
    throw new AppError('LINE_BULK_INVALID_COUNT', { params: { max: LINE_BULK_CREATE_MAX } });
  }
  const prefix = body.username_prefix?.trim() ?? '';
  if (!prefix || prefix.length > LINE_BULK_PREFIX_MAX || !isValidLineCredential(prefix)) {
    throw new AppError('LINE_BULK_INVALID_PREFIX', { params: { max: LINE_BULK_PREFIX_MAX } });
  }
  const months = body.subscription_months;
  const plan = await planForNewLine(ctx, undefined);
  const server = await pickServer(ctx, body.server_id);
  const terms = await buyerTerms(ctx.db, me);
  // Every drawn name is the prefix plus the same number of random characters: one sample, checked by
  // the single create's rule, gives the price and tells whether the server could log any of them in,
  // before anything is charged.
  const sample = checkNewLine({
    plan,
    server,
    username: bulkLineUsername(prefix),
    password: randomLinePassword(),
    months,
    trialDays: null,
    buyer: { ...me, terms },
    today: today(),
  });
  const perLine = sample.charge;
  const usernames = await freshUsernames(ctx, prefix, count);
  return {
    me,
    action: 'create',
    params: { subscription_months: months, server_id: server.id, plan_id: plan.id, charge_per_line: perLine },
    items: usernames.map((username, i) => ({ seq: i + 1, username, password: randomLinePassword() })),
    count,
    refused: 0,
    perLine,
    total: perLine * count,
  };
}

async function planSelection(ctx: AppContext, actor: Actor, body: LineBulkBody): Promise<Plan> {
  const scope = access.lines(actor);
  const me = scope.actor;
  const params: BulkParams = {};
  let target: GiveTarget | undefined;
  if (body.action === 'move') {
    if (!body.target_owner_id) throw new AppError('LINE_BULK_TARGET_REQUIRED');
    target = await giveTarget(ctx.db, me, body.target_owner_id);
    params.target_owner_id = target.id;
    params.target_owner_email = target.email;
  }
  if (body.action === 'change_plan') {
    if (body.plan_id === undefined) throw new AppError('LINE_BULK_PLAN_REQUIRED');
    params.plan_id = (await planForNewLine(ctx, body.plan_id)).id;
    params.keep_overrides = body.keep_overrides ?? true;
  }
  if (body.action === 'renew') {
    if (!isSubscriptionMonths(body.subscription_months)) throw new AppError('LINE_INVALID_DURATION');
    params.subscription_months = body.subscription_months;
  }
  let ids: number[];
  if (body.ids && body.ids.length > 0) ids = [...new Set(body.ids)];
  else if (body.filter) {
    ids = await linesListRepository.orderedIds(
      ctx.db,
      filterOf(scope.ownerId, body.filter),
      undefined,
      'asc',
    );
  } else throw new AppError('LINE_BULK_NOTHING_SELECTED');
  if (ids.length > LINE_BULK_MAX_LINES) {
    throw new AppError('LINE_BULK_TOO_MANY', { params: { max: LINE_BULK_MAX_LINES } });
  }
  // A move reaches the lines of the mover's tree (a parent gives its sub-resellers' lines too).
  const found = await lineBulkRepository.visibleLines(ctx.db, ids, target ? null : scope.ownerId);
  if (target) {
    const reach = new Map<string | null, boolean>();
    for (const owner of new Set([...found.values()].map((line) => line.ownerId))) {
      reach.set(owner, await inActorsTree(ctx.db, me, owner));
    }
    for (const [id, line] of found) if (!reach.get(line.ownerId)) found.delete(id);
  }
  // Another owner's line is refused as "not found", exactly as a single action on it would be.
  const visible = ids.filter((id) => found.has(id));
  const refused = ids.filter((id) => !found.has(id));
  let give: Plan['give'];
  if (target) {
    const owned = visible.map((id) => found.get(id)!);
    // The whole selection must fit the target's line limits, or nothing starts.
    await assertGiveRoom(ctx.db, target, owned);
    give = { target, owners: new Set(owned.map((line) => line.ownerId)), credits: body.credits ?? 0 };
  }
  let costs = { perLine: 0, total: 0 };
  if (body.action === 'change_plan') costs = await planChangeCosts(ctx, me, visible, params.plan_id!);
  if (body.action === 'renew') costs = await renewalCosts(ctx, me, visible, params.subscription_months!);
  const { perLine, total } = costs;
  params.charge_per_line = perLine;
  const refusedText = new AppError('LINE_NOT_FOUND');
  return {
    me,
    action: body.action,
    params,
    items: [
      ...visible.map((lineId, i) => ({ seq: i + 1, lineId, username: found.get(lineId)!.username })),
      ...refused.map((lineId, i) => ({
        seq: visible.length + i + 1,
        lineId,
        result: 'refused' as const,
        code: refusedText.code,
        message: refusedText.message,
      })),
    ],
    count: visible.length,
    refused: refused.length,
    perLine,
    total,
    give,
  };
}

/**
 * What renewing these lines costs, each at its own plan's price as the run will charge it
 * (`checkRenewal`); lines the run will refuse (a duration their plan does not sell, an expiry past
 * the last date) cost nothing.
 */
async function renewalCosts(
  ctx: AppContext,
  me: Actor,
  ids: number[],
  months: number,
): Promise<{ perLine: number; total: number }> {
  const plans = plansOf(ctx);
  const terms = await buyerTerms(ctx.db, me);
  let perLine = 0;
  let total = 0;
  const day = today();
  for (const line of await lineBulkRepository.planChangeLines(ctx.db, ids)) {
    let price: number;
    try {
      price = checkRenewal({ plan: await plans(line.planId), line, months, payer: terms, today: day }).charge;
    } catch (error) {
      if (error instanceof AppError) continue;
      throw error;
    }
    perLine = Math.max(perLine, price);
    total += price;
  }
  return { perLine, total };
}

/** Plans by id, each read once for one preview. */
function plansOf(ctx: AppContext): (id: number) => Promise<LinePlanRow> {
  const plans = new Map<number, Promise<LinePlanRow>>();
  return (id) => {
    if (!plans.has(id)) plans.set(id, planOfLine(ctx.db, id));
    return plans.get(id)!;
  };
}

/**
 * What moving these lines to the plan costs, line by line as the run will price them; lines the run
 * will refuse (a duration the plan does not sell, a trial, a protocol it forbids) cost nothing.
 */
async function planChangeCosts(
  ctx: AppContext,
  me: Actor,
  ids: number[],
  planId: number,
): Promise<{ perLine: number; total: number }> {
  const planById = plansOf(ctx);
  const target = await planById(planId);
  const terms = await buyerTerms(ctx.db, me);
  assertAllowed(terms, target);
  let perLine = 0;
  let total = 0;
  for (const line of await lineBulkRepository.planChangeLines(ctx.db, ids)) {
    if (line.planId === planId) continue;
    if (line.protocol !== null && !planAllowsServerProtocol(target.restrictions, line.protocol)) continue;
    const priced = planChangeCharge(
      pricesFor(terms, await planById(line.planId)),
      pricesFor(terms, target),
      { months: line.subscriptionMonths, isTrial: line.isTrial },
      { isAdmin: me.isAdmin },
    );
    if ('refusal' in priced) continue;
    perLine = Math.max(perLine, priced.charge);
    total += priced.charge;
  }
  return { perLine, total };
}

async function planOf(ctx: AppContext, actor: Actor, body: LineBulkBody): Promise<Plan> {
  const me = access.lines(actor).actor;
  // Credits go only with lines given to another account.
  if (body.credits !== undefined && body.action !== 'move') throw new AppError('LINE_BULK_CREDITS_MOVE_ONLY');
  if (body.action === 'create') return planCreate(ctx, me, body);
  return planSelection(ctx, actor, body);
}

async function previewOf(ctx: AppContext, plan: Plan): Promise<LineBulkPreview> {
  const total = plan.total;
  const balance = plan.me.isAdmin ? null : (await ledgerRepository.balance(ctx.db, plan.me.id)).credits;
  const terms = await buyerTerms(ctx.db, plan.me);
  const refusal = balance === null ? null : buyerSpendRefusal(terms, balance, total);
  return {
    action: plan.action,
    count: plan.count,
    refused: plan.refused,
    charge_per_line: plan.perLine,
    charge_total: total,
    balance,
    sufficient: refusal === null,
    refusal,
  };
}

/** What a bulk action would do and cost, with nothing changed or charged. */
export async function previewLineBulk(
  ctx: AppContext,
  actor: Actor,
  body: LineBulkBody,
): Promise<LineBulkPreview> {
  return previewOf(ctx, await planOf(ctx, actor, body));
}

function itemView(row: BulkItemRow): LineBulkItem {
  return {
    line_id: row.lineId,
    username: row.username,
    result: row.result,
    code: row.code,
    message: row.message,
    charged: row.charged,
  };
}

async function jobView(ctx: AppContext, row: BulkJobRow): Promise<LineBulkJob> {
  const refusals = row.refused > 0 ? await lineBulkRepository.refusals(ctx.db, row.id, REFUSALS_SHOWN) : [];
  return {
    id: row.id,
    action: row.action,
    status: row.status,
    total: row.total,
    done: row.succeeded + row.refused,
    succeeded: row.succeeded,
    refused: row.refused,
    charged: row.charged,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    refusals: refusals.map(itemView),
    ...(row.action === 'move_server' ? { grace: await graceView(ctx, row) } : {}),
  };
}

async function graceView(ctx: AppContext, row: BulkJobRow): Promise<NonNullable<LineBulkJob['grace']>> {
  const { waiting, until } = await lineMoveRepository.graceOf(ctx.db, row.id);
  return {
    hours: (row.params as BulkParams).grace_hours ?? 0,
    waiting,
    until: until?.toISOString() ?? null,
  };
}

/**
 * Starts a bulk action as a background job and answers with it at once. The whole cost is checked
 * against the balance first: when it does not cover every line, nothing starts and nothing is
 * charged. Each line is then charged on its own as it is done; should the balance shrink meanwhile
 * (a concurrent spend), the lines it no longer covers are refused with INSUFFICIENT_CREDITS and the
 * ones done stay done. A retry with the same Idempotency-Key answers the first job, starting none.
 */
export async function startLineBulk(
  ctx: AppContext,
  actor: Actor,
  body: LineBulkBody,
  idempotency: IdempotencyRequest,
): Promise<{ job: LineBulkJob; replayed: boolean }> {
  const me = access.lines(actor).actor;
  const keyed = { accountId: me.id, ...idempotency, body };
  const earlier = await storedOutcome<{ job_id: number }>(ctx, keyed);
  if (earlier) return { job: await ownJob(ctx, me, earlier.body.job_id), replayed: true };
  const plan = await planOf(ctx, actor, body);
  if (plan.count === 0) throw new AppError('LINE_BULK_NOTHING_SELECTED');
  const preview = await previewOf(ctx, plan);
  const refused = preview.balance === null ? null : spendRefusalError(preview.balance, preview.charge_total);
  if (refused) throw refused;
  const balances: ChangeEvent[] = [];
  const outcome = await runIdempotent<{ job_id: number }>(ctx, keyed, 202, async (tx) => {
    const job = await lineBulkRepository.insertJob(tx, {
      accountId: me.id,
      isAdmin: me.isAdmin,
      action: plan.action,
      params: plan.params,
      total: plan.items.length,
    });
    await lineBulkRepository.insertItems(tx, job.id, plan.items);
    // Credits asked to go with the lines move once, with the job's start, through the ledger.
    if (plan.give && plan.give.credits > 0) {
      balances.push(
        ...(await giveCredits(tx, me, plan.give.owners, plan.give.target, plan.give.credits, {
          id: `line_bulk_job:${job.id}`,
          note: `${plan.count} line(s)`,
        })),
      );
    }
    return { job_id: job.id };
  });
  const job = await ownJob(ctx, me, outcome.body.job_id);
  if (!outcome.replayed) {
    await lineBulkRepository.refreshCounts(ctx.db, job.id);
    await publishJobChange(ctx, { id: job.id, accountId: me.id });
    await ctx.bus.publishAll(balances);
  }
  return { job: await ownJob(ctx, me, job.id), replayed: outcome.replayed };
}

/** Another account's job answers "not found", like a missing one. */
async function ownRow(ctx: AppContext, me: Actor, id: number): Promise<BulkJobRow> {
  const row = await lineBulkRepository.findJob(ctx.db, id);
  if (!row || row.accountId !== me.id) throw new AppError('LINE_BULK_NOT_FOUND');
  return row;
}

async function ownJob(ctx: AppContext, me: Actor, id: number): Promise<LineBulkJob> {
  return jobView(ctx, await ownRow(ctx, me, id));
}

export async function getLineBulk(ctx: AppContext, actor: Actor, id: number): Promise<LineBulkJob> {
  const me = access.lines(actor).actor;
  return ownJob(ctx, me, id);
}

export const LINE_BULK_CSV_HEADER = [
  'username',
  'password',
  'connection_line',
  'result',
  'code',
  'message',
  'charged',
  'line_id',
] as const;

/**
 * Every line of a job and what came of it, read in slices. For a bulk create it is the credentials
 * sheet: username, password and the connection line of each new line.
 */
export async function lineBulkResultsCsv(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<AsyncGenerator<string>> {
  const me = access.lines(actor).actor;
  const job = await ownRow(ctx, me, id);
  return (async function* () {
    yield csvRecord(LINE_BULK_CSV_HEADER);
    for (let after = 0; ;) {
      const rows = await lineBulkRepository.itemsAfter(ctx.db, job.id, after, CSV_SLICE);
      if (rows.length === 0) return;
      yield rows
        .map((row) =>
          csvRecord([
            row.username ?? '',
            row.result === 'done' ? row.password : null,
            row.connectionLine,
            row.result,
            row.code,
            row.message,
            row.charged,
            row.lineId,
          ]),
        )
        .join('');
      after = rows[rows.length - 1]!.seq;
    }
  })();
}
