import { assertAllowed, buyerTerms } from '../reseller-terms/buyer-terms.js';
import { resellerTermsRepository } from '../reseller-terms/reseller-terms.repository.js';
import type { ActivationCodesBody, ActivationCodesGenerated, ActivationCodesPreview } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { access, type Actor } from '../../platform/access.js';
import { balanceEvents } from '../credits/credit-events.js';
import { creditLedger, spendRefusalError } from '../credits/credit-ledger.js';
import { runIdempotent, storedOutcome, type IdempotencyRequest } from '../credits/idempotency.js';
import { ledgerRepository } from '../credits/ledger.repository.js';
import type { LinePlanRow } from '../line-plans/line-plans.repository.js';
import { planForNewLine } from '../line-plans/line-plans.service.js';
import { planCharge } from '../lines/line-charge.js';
import { publishCodeChange } from './activation-code-events.js';
import { toActivationCode } from './activation-code-mapper.js';
import { generateActivationCode } from './activation-code-text.js';
import { activationCodesRepository, type NewActivationCode } from './activation-codes.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

type Priced = {
  plan: LinePlanRow;
  months: number | null;
  isTrial: boolean;
  perCode: number;
  total: number;
  validUntil: Date | null;
};

/**
 * What the codes cost: the price of the line each one makes, by the same rule a create is charged
 * (`planCharge`: a duration the plan does not sell is refused, admins and trials pay nothing).
 */
async function price(ctx: AppContext, me: Actor, body: ActivationCodesBody): Promise<Priced> {
  const isTrial = body.is_trial === true;
  const plan = await planForNewLine(ctx, body.plan_id);
  const terms = await buyerTerms(ctx.db, me);
  // A code is a line sold in advance: the plan must be one the buyer may sell, at the buyer's price.
  assertAllowed(terms, plan);
  const months = isTrial ? null : (body.subscription_months ?? null);
  const perCode = isTrial ? 0 : planCharge(plan, months, terms);
  const validUntil = body.validity_days ? new Date(Date.now() + body.validity_days * DAY_MS) : null;
  return { plan, months, isTrial, perCode, total: perCode * body.count, validUntil };
}

export async function previewActivationCodes(
  ctx: AppContext,
  actor: Actor,
  body: ActivationCodesBody,
): Promise<ActivationCodesPreview> {
  const me = access.lines(actor).actor;
  const priced = await price(ctx, me, body);
  const balance = me.isAdmin ? null : (await ledgerRepository.balance(ctx.db, me.id)).credits;
  // The generation would be refused the same way: the preview says so before anyone confirms.
  const creditLimit = (await resellerTermsRepository.limits(ctx.db, me.id)).credit_limit;
  const refused = balance === null ? null : spendRefusalError(balance, priced.total, creditLimit);
  if (refused) throw refused;
  return {
    count: body.count,
    charge_per_code: priced.perCode,
    charge_total: priced.total,
    balance,
    balance_after: balance === null ? null : balance - priced.total,
    valid_until: priced.validUntil?.toISOString() ?? null,
  };
}

/** What a generation keeps with its Idempotency-Key; a retry answers the same codes from it. */
type StoredGeneration = { ids: number[]; charged: number; balance: number | null };

/** `count` fresh codes; the rare code someone already has is drawn again in the same transaction. */
async function insertCodes(tx: Db, count: number, row: Omit<NewActivationCode, 'code'>): Promise<number[]> {
  const ids: number[] = [];
  while (ids.length < count) {
    const codes = new Set<string>();
    while (codes.size < count - ids.length) codes.add(generateActivationCode());
    ids.push(
      ...(await activationCodesRepository.insert(
        tx,
        [...codes].map((code) => ({ ...row, code })),
      )),
    );
  }
  return ids;
}

/**
 * Generates the codes and charges them together: the codes and one ledger row for the batch commit
 * in one transaction, so a balance that cannot pay leaves no code behind. Each code records what it
 * cost, which is what voiding it refunds.
 */
export async function generateActivationCodes(
  ctx: AppContext,
  actor: Actor,
  body: ActivationCodesBody,
  idempotency: IdempotencyRequest,
): Promise<ActivationCodesGenerated & { replayed: boolean }> {
  const me = access.lines(actor).actor;
  const keyed = { accountId: me.id, ...idempotency, body };
  const earlier = await storedOutcome<StoredGeneration>(ctx, keyed);
  if (earlier) return answer(ctx, earlier.body, true);
  const priced = await price(ctx, me, body);
  let ownerOfPayer: string | null = null;
  const outcome = await runIdempotent<StoredGeneration>(ctx, keyed, 201, async (tx) => {
    const ids = await insertCodes(tx, body.count, {
      ownerId: me.id,
      planId: priced.plan.id,
      subscriptionMonths: priced.months,
      isTrial: priced.isTrial,
      charged: priced.perCode,
      validUntil: priced.validUntil,
    });
    if (priced.total === 0) return { ids, charged: 0, balance: null };
    const charged = await creditLedger.change(tx, {
      accountId: me.id,
      delta: -priced.total,
      reason: 'activation_codes',
      actorId: me.id,
      refType: 'activation_code',
      refId: String(Math.min(...ids)),
      note: `${body.count} × ${priced.perCode}`,
    });
    ownerOfPayer = charged.ownerId;
    return { ids, charged: priced.total, balance: charged.balance };
  });
  if (!outcome.replayed) {
    const [first] = outcome.body.ids;
    if (first !== undefined) await publishCodeChange(ctx, 'insert', { id: first, ownerId: me.id });
    if (outcome.body.charged > 0)
      await ctx.bus.publishAll(balanceEvents({ id: me.id, ownerId: ownerOfPayer }));
  }
  return answer(ctx, outcome.body, outcome.replayed);
}

async function answer(
  ctx: AppContext,
  stored: StoredGeneration,
  replayed: boolean,
): Promise<ActivationCodesGenerated & { replayed: boolean }> {
  const rows = await activationCodesRepository.findByIds(ctx.db, stored.ids);
  return { items: rows.map(toActivationCode), charged: stored.charged, balance: stored.balance, replayed };
}
