import {
  adminOnlyLimitKeys,
  resellerLimitsBodySchema,
  resellerPricesBodySchema,
  ruledPrice,
  type ResellerLimits,
  type ResellerPrice,
  type ResellerPricesBody,
  type ResellerTerms,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { audited } from '../audit/audit.service.js';
import { linePlansRepository } from '../line-plans/line-plans.repository.js';
import { buyerTerms, pricesFor } from './buyer-terms.js';
import { resellerTermsRepository } from './reseller-terms.repository.js';

/** The account whose terms are read or set: admins any, resellers themselves and their sub-accounts. */
async function accountOf(ctx: AppContext, actor: Actor, id: string) {
  return access.ownAccountOrNotFound(actor, await accountsRepository.findById(ctx.db, id));
}

/** Nobody sets their own terms: they are what someone above them grants. */
function assertNotSelf(actor: Actor, accountId: string): void {
  if (actor.id === accountId) throw new AppError('RESELLER_TERMS_SELF');
}

/**
 * What the setter pays for every plan and duration: the floor of a sub-account's prices. None for an
 * admin, who may price an account at anything (even below what its parent pays).
 */
async function floorOf(db: Db, actor: Actor): Promise<ResellerTerms['floor']> {
  if (actor.isAdmin) return [];
  const terms = await buyerTerms(db, actor);
  const plans = await linePlansRepository.list(db, { includeArchived: true });
  return plans.flatMap((plan) =>
    pricesFor(terms, plan).map((price) => ({
      plan_id: plan.id,
      months: price.months,
      credits: price.credits,
    })),
  );
}

async function termsOf(db: Db, actor: Actor, accountId: string): Promise<ResellerTerms> {
  const [prices, limits, lines, floor] = await Promise.all([
    resellerTermsRepository.prices(db, accountId),
    resellerTermsRepository.limits(db, accountId),
    resellerTermsRepository.subtreeLines(db, accountId),
    accountId === actor.id ? Promise.resolve([]) : floorOf(db, actor),
  ]);
  return { account_id: accountId, prices, limits, lines, floor };
}

export async function getResellerTerms(ctx: AppContext, actor: Actor, id: string): Promise<ResellerTerms> {
  const account = await accountOf(ctx, actor, id);
  return termsOf(ctx.db, actor, account.id);
}

const auditRead = (accountId: string, part: 'prices' | 'limits') => async (db: Db) =>
  part === 'prices'
    ? { prices: await resellerTermsRepository.prices(db, accountId) }
    : { ...(await resellerTermsRepository.limits(db, accountId)) };

/**
 * Each rule of a price list with its plan and the plan's own price for the rule's duration; a plan
 * that does not exist, or a duration it does not sell, is refused. Account and tier lists alike.
 */
export async function rulesWithPlans(db: Db, prices: readonly ResellerPrice[]) {
  const plans = new Map(
    (await linePlansRepository.list(db, { includeArchived: true })).map((plan) => [plan.id, plan]),
  );
  return prices.map((rule) => {
    const plan = plans.get(rule.plan_id);
    if (!plan) throw new AppError('LINE_PLAN_NOT_FOUND');
    const base = plan.prices.find((p) => p.months === rule.months);
    if (!base) {
      throw new AppError('RESELLER_PRICE_NOT_OFFERED', { params: { plan: plan.name, months: rule.months } });
    }
    return { rule, plan, base: base.credits };
  });
}

/**
 * Replaces the account's price list. Each row must name a plan and a duration it sells; a reseller
 * pricing a sub-account is held to what they pay themselves for that duration (the floor), so no
 * sub-reseller ever buys below their parent's cost. Checked when set: a later change of the parent's
 * own price does not move the sub-account's.
 */
export async function setResellerPrices(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: ResellerPricesBody,
): Promise<ResellerTerms> {
  const account = await accountOf(ctx, actor, id);
  assertNotSelf(actor, account.id);
  const { prices } = resellerPricesBodySchema.parse(input);
  const priced = await rulesWithPlans(ctx.db, prices);
  const setter = actor.isAdmin ? null : await buyerTerms(ctx.db, actor);
  for (const { rule, plan, base } of priced) {
    if (setter) {
      const floor = pricesFor(setter, plan).find((p) => p.months === rule.months)!.credits;
      if (ruledPrice(base, rule) < floor) {
        throw new AppError('RESELLER_PRICE_BELOW_COST', {
          params: { plan: plan.name, months: rule.months, floor },
        });
      }
    }
  }
  const subject = {
    action: 'account.prices' as const,
    target: { id: account.id },
    read: auditRead(account.id, 'prices'),
  };
  await audited(ctx, actor, subject, (tx) =>
    resellerTermsRepository.replacePrices(tx, account.id, prices, actor.id),
  );
  await publish(ctx, account);
  return termsOf(ctx.db, actor, account.id);
}

/**
 * Sets the account's limits. A reseller sets their sub-accounts' limits but not the two an admin
 * grants (the credit limit lends the panel's credits; the sub-reseller price is the panel's fee). A
 * line limit below the lines the account's subtree already has is refused: nothing is taken away, and
 * the operator sees how many there are.
 */
export async function setResellerLimits(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: ResellerLimits,
): Promise<ResellerTerms> {
  const account = await accountOf(ctx, actor, id);
  assertNotSelf(actor, account.id);
  const limits = resellerLimitsBodySchema.parse(input);
  const subject = {
    action: 'account.limits' as const,
    target: { id: account.id },
    read: auditRead(account.id, 'limits'),
  };
  await audited(ctx, actor, subject, async (tx) => {
    const current = await resellerTermsRepository.limits(tx, account.id);
    if (!actor.isAdmin && adminOnlyLimitKeys.some((key) => limits[key] !== current[key])) {
      throw new AppError('RESELLER_LIMIT_ADMIN_ONLY');
    }
    for (const planId of limits.allowed_plan_ids ?? []) {
      if (!(await resellerTermsRepository.plans(tx, [planId])).length) {
        throw new AppError('RESELLER_LIMIT_UNKNOWN_PLAN', { params: { id: planId } });
      }
    }
    const servers = new Set(await resellerTermsRepository.serverIds(tx, limits.allowed_server_ids ?? []));
    const unknown = (limits.allowed_server_ids ?? []).find((serverId) => !servers.has(serverId));
    if (unknown !== undefined)
      throw new AppError('RESELLER_LIMIT_UNKNOWN_SERVER', { params: { id: unknown } });
    if (limits.max_lines !== null) {
      // Under the account's lock: creates below it that count against this limit wait for it.
      await resellerTermsRepository.lockAccounts(tx, [account.id]);
      const lines = await resellerTermsRepository.subtreeLines(tx, account.id);
      if (lines > limits.max_lines) {
        throw new AppError('RESELLER_LIMIT_BELOW_USAGE', {
          params: { limit: limits.max_lines, current: lines },
        });
      }
    }
    await resellerTermsRepository.saveLimits(tx, account.id, limits, actor.id);
  });
  await publish(ctx, account);
  return termsOf(ctx.db, actor, account.id);
}

/** The account changed for whoever sees it (its prices show on its plan pickers). */
async function publish(ctx: AppContext, account: { id: string; ownerId: string | null }): Promise<void> {
  await ctx.bus.publish({
    table: 'auth_users',
    action: 'update',
    id: account.id,
    audience: account.ownerId ? [account.id, account.ownerId] : [account.id],
  });
}
